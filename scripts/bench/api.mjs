/**
 * How fast the real API takes a valid contact submission, next to a bare
 * Express route that only answers 201 JSON (the floor any Express app pays).
 *
 *   npm run build:server && node scripts/bench/api.mjs [--connections 10] [--duration 10] [--pipelining 1]
 *
 * Builds nothing: it loads the compiled app (dist/server/app.js) in this
 * process, on a temporary DATA_DIR with a rate limit too high to matter, and
 * measures both with autocannon, one after the other. Every request of the API
 * run is a real submission (validated, stored in SQLite in one transaction with
 * its outbox row); the outbox dispatcher is not started.
 */
import autocannon from "autocannon";
import express from "express";
import fs from "fs";
import { createRequire } from "module";
import os from "os";
import path from "path";
import { fileURLToPath } from "url";
import { parseArgs } from "util";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "10" },
    duration: { type: "string", default: "10" },
    pipelining: { type: "string", default: "1" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log("node scripts/bench/api.mjs [--connections 10] [--duration 10 (seconds)] [--pipelining 1]");
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
if (!fs.existsSync(appModule)) {
  console.error("dist/server/app.js is missing: run npm run build:server first");
  process.exit(2);
}
const { createApp } = require(appModule);
const { loadConfig } = require(path.join(ROOT, "dist", "server", "config.js"));

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

function listen(app) {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, "127.0.0.1", () => resolve(server));
    server.once("error", reject);
  });
}

function close(server) {
  return new Promise((resolve) => server.close(() => resolve()));
}

async function measure(name, server, urlPath) {
  const { port } = server.address();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: BODY,
    connections,
    duration,
    pipelining,
  });
  const other = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${name}: ${result.requests.average.toFixed(1)} requests/s, p99 latency ${result.latency.p99} ms` +
      ` (${result["2xx"]} answered 2xx, ${other} other answers or errors)`,
  );
  return result;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_MAX: "1000000000", PUBLIC_DIR: path.join(dataDir, "public") }, ROOT);
const api = createApp(config);

const bare = express();
bare.disable("x-powered-by");
bare.post("/api/v1/contact/contact_us", (_req, res) => {
  res.status(201).json({ id: "00000000-0000-4000-8000-000000000000", message: "Thank you. Your submission has been received." });
});

const apiServer = await listen(api);
const bareServer = await listen(bare);
try {
  console.log(`autocannon: ${connections} connections, ${duration} s each, pipelining ${pipelining}; POST a valid contact submission`);
  const bareResult = await measure("bare Express route", bareServer, "/api/v1/contact/contact_us");
  const apiResult = await measure("API /api/v1/contact/contact_us", apiServer, "/api/v1/contact/contact_us");
  const rps = apiResult.requests.average / bareResult.requests.average;
  const p99 = bareResult.latency.p99 > 0 ? apiResult.latency.p99 / bareResult.latency.p99 : Number.NaN;
  console.log(`ratio API / bare: requests/s ${rps.toFixed(3)}, p99 latency ${Number.isNaN(p99) ? "n/a" : p99.toFixed(2)}`);
  if (apiResult.non2xx + apiResult.errors > 0) {
    console.log("warning: some API requests were not accepted; the figures above include them");
  }
} finally {
  await close(apiServer);
  await close(bareServer);
  await api.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
