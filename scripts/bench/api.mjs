/**
 * How fast the real API takes a valid contact submission, next to a bare
 * Express route that only answers 201 JSON (the floor any Express app pays).
 *
 *   npm run build:server && node scripts/bench/api.mjs [--connections 50] [--duration 10] [--pipelining 1] [--skip-postgres]
 *
 * Builds nothing. Two parts, each measured with autocannon, one target after
 * the other, every request a real submission (validated, stored in one
 * transaction with its outbox row) except on the bare routes:
 *
 * 1. In this process (as before): the compiled app (dist/server/app.js) on
 *    SQLite in a temporary DATA_DIR, beside the bare route in this process.
 *    The outbox dispatcher is not started.
 * 2. Server processes (dist/server/index.js, as `npm run serve` runs it), beside
 *    the bare route in a process of its own: SQLite; PostgreSQL with one
 *    instance; PostgreSQL with two instances on one database, the connections
 *    spread over both. The PostgreSQL server is started here (initdb into a
 *    temporary folder) with its durable defaults (fsync, synchronous_commit and
 *    full_page_writes on), a fresh database per configuration. The outbox
 *    dispatcher runs but its first round is an hour away (OUTBOX_INTERVAL_MS),
 *    so only the submissions are measured, as in part 1. Without PostgreSQL
 *    installed, its rows are skipped with a note.
 *
 * Everything listens on 127.0.0.1; the rate limit is set too high to matter;
 * everything started is stopped at the end.
 */
import autocannon from "autocannon";
import fs from "fs";
import http from "http";
import { createRequire } from "module";
import os from "os";
import path from "path";
import { fileURLToPath } from "url";
import { parseArgs } from "util";
import { bareApp, busyWarning, makeDurable, startBareProcess } from "./api-lib.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "50" },
    duration: { type: "string", default: "10" },
    pipelining: { type: "string", default: "1" },
    "skip-postgres": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log("node scripts/bench/api.mjs [--connections 50] [--duration 10 (seconds)] [--pipelining 1] [--skip-postgres]");
  process.exit(0);
}
const connections = Number(values.connections);
const duration = Number(values.duration);
const pipelining = Number(values.pipelining);
for (const [name, value] of Object.entries({ connections, duration, pipelining })) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number of at least 1`);
    process.exit(2);
  }
}

const appModule = path.join(ROOT, "dist", "server", "app.js");
const serverModule = path.join(ROOT, "dist", "server", "index.js");
if (!fs.existsSync(appModule) || !fs.existsSync(serverModule)) {
  console.error("dist/server/ is missing: run npm run build:server first");
  process.exit(2);
}
const { createApp } = require(appModule);
const { loadConfig } = require(path.join(ROOT, "dist", "server", "config.js"));
const { startServer, cleanup } = require("../../testkit/faults-lib.cjs");
const { findPostgresBin, startPostgres, createTestDatabase } = require("../../testkit/postgres-lib.cjs");

const ROUTE = "/api/v1/contact/contact_us";
const RATE_LIMIT_MAX = "1000000000";
/** Server processes: no outbox round during the run (the dispatcher's first round is an hour away). */
// The spam defence off: the load sends no proof of work (bench:spam measures the defence).
const SERVER_ENV = { RATE_LIMIT_MAX, OUTBOX_INTERVAL_MS: "3600000", SPAM_CHECKS: "off" };
/** Server processes get a short warm-up (connections opened, code compiled) before the measured run. */
const WARMUP_SECONDS = 2;

const BODY = JSON.stringify({
  firstName: "Ada",
  lastName: "Lovelace",
  subject: "Sales Inquiry",
  email: "ada@example.org",
  phoneNumber: "0501234567",
  companyName: "Analytical Engines",
  message: "A quote for three hydraulic torque pumps with hoses, please.",
  mailType: "contact",
});

/** Listens on a free loopback port with this request listener (the API's app or the bare Express app). */
function listen(listener) {
  return new Promise((resolve, reject) => {
    const server = http.createServer(listener).listen(0, "127.0.0.1", () => resolve(server));
    server.once("error", reject);
  });
}

function close(server) {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** One autocannon run; several base URLs share the connections (connection i goes to url i mod n). */
async function measure(name, baseUrls, { warmup = false } = {}) {
  const result = await autocannon({
    url: baseUrls.map((base) => `${base}${ROUTE}`),
    method: "POST",
    headers: { "content-type": "application/json" },
    body: BODY,
    connections,
    duration,
    pipelining,
    ...(warmup ? { warmup: { connections, duration: WARMUP_SECONDS } } : {}),
  });
  const other = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${name}: ${result.requests.average.toFixed(1)} requests/s, p99 latency ${result.latency.p99} ms` +
      ` (${result["2xx"]} answered 2xx, ${other} other answers or errors)`,
  );
  return { name, result };
}

function ratios(row, baseline) {
  const rps = row.result.requests.average / baseline.result.requests.average;
  const p99 = baseline.result.latency.p99 > 0 ? row.result.latency.p99 / baseline.result.latency.p99 : Number.NaN;
  return { rps, p99 };
}

const fmt = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");

function printTable(title, baseline, rows) {
  console.log(`\n${title}`);
  console.log("| target | req/s | p99 ms | req/s ratio to bare | p99 ratio to bare | non-2xx or errors |");
  console.log("|---|---|---|---|---|---|");
  for (const row of [baseline, ...rows]) {
    const { rps, p99 } = row === baseline ? { rps: 1, p99: 1 } : ratios(row, baseline);
    const other = row.result.non2xx + row.result.errors + row.result.timeouts;
    console.log(
      `| ${row.name} | ${row.result.requests.average.toFixed(1)} | ${row.result.latency.p99} | ${row === baseline ? "(baseline)" : fmt(rps, 3)} | ${row === baseline ? "(baseline)" : fmt(p99, 2)} | ${other} |`,
    );
  }
}

// Everything started here, stopped at the end, on an error, or on Ctrl-C.
const stops = [];
let stopping;
function stopAll() {
  stopping ??= (async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (err) {
        console.error(`clean-up: ${err instanceof Error ? err.message : err}`);
      }
    }
    await cleanup();
  })();
  return stopping;
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping everything started`);
    void stopAll().finally(() => process.exit(130));
  });
}

/**
 * Throughput of a stored submission against the bare route, reported beside
 * the figure (a report, not a gate: the exit status does not depend on it).
 */
const SUBMISSION_GOAL = 0.4;

const busyBefore = busyWarning();
if (busyBefore) console.log(busyBefore);
console.log(
  `Node.js ${process.version}, ${os.availableParallelism?.() ?? os.cpus().length} processors (${os.cpus()[0]?.model ?? "unknown"}), ${new Date().toISOString()}`,
);
console.log(`autocannon: ${connections} connections, ${duration} s each, pipelining ${pipelining}; POST a valid contact submission`);
let failed = false;
const notes = [];
try {
  // Part 1: in this process, as before.
  console.log("\n1. In this process (SQLite, outbox dispatcher not started)");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
  const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_MAX, SPAM_CHECKS: "off", PUBLIC_DIR: path.join(dataDir, "public") }, ROOT);
  const api = createApp(config);
  let bareInProcess;
  let sqliteInProcess;
  try {
    const apiServer = await listen(api);
    const bareServer = await listen(bareApp());
    try {
      const base = (server) => `http://127.0.0.1:${server.address().port}`;
      bareInProcess = await measure("bare Express route", [base(bareServer)]);
      sqliteInProcess = await measure("API /api/v1/contact/contact_us", [base(apiServer)]);
    } finally {
      await close(apiServer);
      await close(bareServer);
    }
  } finally {
    await api.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const { rps, p99 } = ratios(sqliteInProcess, bareInProcess);
  console.log(`ratio API / bare: requests/s ${rps.toFixed(3)}, p99 latency ${fmt(p99, 2)}`);

  // Part 2: server processes.
  console.log("\n2. Server processes (dist/server/index.js), the bare route in a process of its own");
  const bare = await startBareProcess();
  stops.push(() => bare.stop());
  const bareProcess = await measure("bare Express route, 1 process", [bare.url], { warmup: true });
  const rows = [];

  const sqlite = await startServer({ env: SERVER_ENV });
  // The row the goal is checked on: SQLite, the default store.
  const goalRow = await measure("API on SQLite, 1 instance", [sqlite.url], { warmup: true });
  rows.push(goalRow);
  await sqlite.stop();

  if (values["skip-postgres"]) {
    notes.push("PostgreSQL: skipped (--skip-postgres)");
  } else if (!findPostgresBin()) {
    notes.push("PostgreSQL: not measured, it is not installed (no initdb found; sudo apt-get install postgresql, or set POSTGRES_BIN)");
  } else {
    const pg = await startPostgres();
    stops.push(() => pg.stop());
    const settings = await makeDurable(pg);
    const version = await pgVersion(pg.url);
    console.log(`PostgreSQL ${version} on 127.0.0.1:${pg.port}, data in ${pg.dir}; ${Object.entries(settings).map(([k, v]) => `${k}=${v}`).join(", ")}`);
    notes.push(`PostgreSQL ${version}: ${Object.entries(settings).map(([k, v]) => `${k}=${v}`).join(", ")}; a fresh database per row; the rate limit shared through PostgreSQL (every request from 127.0.0.1: one counter row)`);
    for (const instances of [1, 2]) {
      const db = await createTestDatabase(pg.url);
      // Started at once: the second waits on the migrations' advisory lock, as a rolling start would.
      const servers = await Promise.all(
        Array.from({ length: instances }, () => startServer({ env: { ...SERVER_ENV, DATABASE_URL: db.url }, startTimeoutMs: 60_000 })),
      );
      try {
        rows.push(
          await measure(`API on PostgreSQL, ${instances} instance${instances > 1 ? "s" : ""}`, servers.map((s) => s.url), { warmup: true }),
        );
        console.log(`  stored: ${await countSubmissions(db.url)} submissions in the database (warm-up included)`);
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
        await db.drop();
      }
    }
  }

  console.log(`\nSummary (${connections} connections, ${duration} s each, pipelining ${pipelining})`);
  printTable("1. In this process", bareInProcess, [sqliteInProcess]);
  printTable("2. Server processes (after a 2 s warm-up each)", bareProcess, rows);
  for (const note of notes) console.log(`- ${note}`);
  // The goal: a stored submission on SQLite (the default store) at 0.40 of the throughput of a
  // bare route, or better. PostgreSQL's rows are reported beside it: its commits are the database
  // server's, over its own round trips, on the cores the load generator shares.
  for (const row of rows) {
    const { rps } = ratios(row, bareProcess);
    const verdict = row === goalRow
      ? `(goal ≥ ${SUBMISSION_GOAL.toFixed(2)}) ${rps >= SUBMISSION_GOAL ? "✓" : "✗"}`
      : "(reported; the goal is set for SQLite)";
    console.log(`${row.name}: ${fmt(rps, 3)} of the bare route's throughput ${verdict}`);
  }
  if ([sqliteInProcess, ...rows].some((row) => row.result.non2xx + row.result.errors + row.result.timeouts > 0)) {
    console.log("warning: some API requests were not accepted; the figures above include them");
  }
  if (busyBefore) console.log(busyBefore);
} catch (err) {
  failed = true;
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
} finally {
  await stopAll();
}
process.exit(failed ? 1 : 0);

async function withClient(url, work) {
  const { Client } = require("pg");
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function pgVersion(url) {
  return withClient(url, async (client) => (await client.query("SHOW server_version")).rows[0].server_version);
}

function countSubmissions(url) {
  return withClient(url, async (client) => Number((await client.query("SELECT count(*) AS n FROM submissions")).rows[0].n));
}
