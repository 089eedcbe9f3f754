/**
 * Health under a backlog (npm run bench:health): the built server on SQLite
 * with --rows undelivered notifications (60,000 by default: a weekend's mail
 * outage), and
 *
 *   - the time of one read of the outbox summary from the database (in this
 *     process, on a copy of the same file, the summary cache bypassed);
 *   - the time of GET /api/health, one request after another;
 *   - the latency of the home page (GET /), asked every 50 ms, alone and
 *     while ten clients poll /api/health as fast as it answers: a request
 *     waits for what holds the server's event loop, so the difference is the
 *     delay the polling adds to every page and submission.
 *
 *   node scripts/bench/health.mjs [--server dist/server/index.js] [--rows 60000] [--seconds 10]
 *
 * --server runs another build of the server (e.g. the release before, compiled
 * to another folder) to compare. The rows are due in a year, so the outbox
 * leaves them alone during the run.
 */
import Database from "better-sqlite3";
import { spawn } from "child_process";
import { randomUUID } from "crypto";
import fs from "fs";
import http from "http";
import { createRequire } from "module";
import net from "net";
import os from "os";
import path from "path";
import { fileURLToPath } from "url";
import { parseArgs } from "util";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);

const { values: options } = parseArgs({
  options: {
    server: { type: "string", default: path.join(ROOT, "dist", "server", "index.js") },
    rows: { type: "string", default: "60000" },
    seconds: { type: "string", default: "10" },
  },
});
const entry = path.resolve(options.server);
const rows = Number(options.rows);
const seconds = Number(options.seconds);
const POLLERS = 10;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-health-"));
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function get(url) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started }));
    });
    req.on("error", reject);
  });
}

async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    // No overdue alert during the run: the rows are hours old, and marking them is not what is measured.
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SPAM_CHECKS: "off", OUTBOX_ALERT_AFTER_MS: String(30 * 86_400_000) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      await get(`${url}/api/health`);
      return { url, stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", resolve), child.kill("SIGTERM")))) };
    } catch {
      if (waited > 60_000) throw new Error("the server did not answer within 60 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** `rows` pending outbox rows, due in a year, of one submission, in one transaction. */
function fill(file) {
  const db = new Database(file);
  const now = Date.now();
  const submission = randomUUID();
  const iso = new Date(now).toISOString();
  db.prepare("INSERT INTO submissions (id, mail_type, payload, created_at) VALUES (?, 'contact', '{}', ?)").run(submission, iso);
  const insert = db.prepare(
    `INSERT INTO outbox (id, submission_id, mail_from, mail_to, recipient, subject, body, attachments, message_id, mail_date,
       next_attempt_at, pending_since, created_at)
     VALUES (?, ?, 'Website <no-reply@example.com>', 'sales@example.com', 'sales@example.com', 'Lead', ?, '[]', ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run(randomUUID(), submission, "A lead's message\n".repeat(20), `<${randomUUID()}@example.com>`, iso, now + 365 * 86_400_000, now - i * 1000, iso);
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value) => value.toFixed(value < 10 ? 2 : 0);

/** The home page asked every 50 ms for `seconds`; its latencies. */
async function pageLatencies(url) {
  const latencies = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    latencies.push((await get(`${url}/`)).ms);
    const left = 50 - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
  return latencies;
}

/** One read of the summary from the database, the cache bypassed, with the store of the build under test (median of 20). */
async function summaryReadMs(file) {
  const { SqliteSubmissionStore } = require(path.join(path.dirname(entry), "store", "sqlite", "store.js"));
  const copy = path.join(dataDir, "copy.db");
  fs.copyFileSync(file, copy);
  const store = new SqliteSubmissionStore(copy, path.join(dataDir, "copy-uploads"));
  const read = typeof store.readSummary === "function" ? () => store.readSummary("email") : () => store.outboxSummary("email");
  const times = [];
  let summary;
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    summary = await read();
    times.push(performance.now() - started);
  }
  await store.close();
  return { ms: percentile(times, 50), summary };
}

const first = await startServer();
await first.stop();
const file = path.join(dataDir, "site.db");
fill(file);
const read = await summaryReadMs(file);
const server = await startServer();
try {
  const health = [];
  for (let i = 0; i < 50; i++) health.push((await get(`${server.url}/api/health`)).ms);
  const alone = await pageLatencies(server.url);
  let polling = true;
  let polls = 0;
  const pollers = Array.from({ length: POLLERS }, async () => {
    while (polling) {
      await get(`${server.url}/api/health`);
      polls += 1;
    }
  });
  const loaded = await pageLatencies(server.url);
  polling = false;
  await Promise.all(pollers);
  console.log(`Health under a backlog: ${path.relative(ROOT, entry)}, SQLite, ${rows} pending notifications (read: ${read.summary.pending} pending)`);
  console.log(`  one read of the summary from the database: ${ms(read.ms)} ms (median of 20)`);
  console.log(`  GET /api/health, one at a time: p50 ${ms(percentile(health, 50))} ms, p99 ${ms(percentile(health, 99))} ms`);
  console.log(`  GET / alone: p50 ${ms(percentile(alone, 50))} ms, p99 ${ms(percentile(alone, 99))} ms, max ${ms(Math.max(...alone))} ms`);
  console.log(
    `  GET / while ${POLLERS} clients poll /api/health (${Math.round(polls / seconds)} answers/s): p50 ${ms(percentile(loaded, 50))} ms, p99 ${ms(percentile(loaded, 99))} ms, max ${ms(Math.max(...loaded))} ms`,
  );
} finally {
  await server.stop();
  agent.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
