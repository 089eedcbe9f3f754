/**
 * Parts of the API benchmark (scripts/bench/api.mjs):
 *
 * - bareApp(): the floor any Express app pays: a route on the contact path
 *   that parses the JSON body (express.json()) and answers 201 JSON without
 *   validating or storing anything.
 * - startBareProcess(): that app in a process of its own (this file run with
 *   --serve), so it is measured the way the server processes are.
 * - makeDurable(pg): restarts a PostgreSQL started by postgres-lib.cjs (which
 *   trades durability for speed, for tests) with PostgreSQL's durable
 *   defaults: fsync, synchronous_commit and full_page_writes on. Resolves with
 *   the settings the server reports.
 * - busyWarning(): a sentence when the machine was already busy (load average).
 */
import { execFile, spawn, spawnSync } from "child_process";
import express from "express";
import { createRequire } from "module";
import os from "os";
import path from "path";
import { fileURLToPath } from "url";

const require = createRequire(import.meta.url);
const { findPostgresBin, freePort } = require("../../testkit/postgres-lib.cjs");

const HERE = fileURLToPath(import.meta.url);

export function bareApp() {
  const bare = express();
  bare.disable("x-powered-by");
  // As the goal defines it: the body read and parsed (express.json()), then 201.
  bare.post("/api/v1/contact/contact_us", express.json(), (_req, res) => {
    res.status(201).json({ id: "00000000-0000-4000-8000-000000000000", message: "Thank you. Your submission has been received." });
  });
  return bare;
}

/** The bare app in a child process on a free loopback port; resolves once it listens. */
export async function startBareProcess() {
  const port = await freePort();
  const child = spawn(process.execPath, [HERE, "--serve"], {
    env: { PATH: process.env.PATH ?? "", PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the bare Express process did not start within 15 s")), 15_000);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the bare Express process exited before listening (${signal ?? `code ${code}`})`));
    });
    child.stdout.once("data", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  child.removeAllListeners("exit");
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

function run(file, args, options) {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 90_000, env: { ...process.env, LC_ALL: "C", LANG: "C" }, ...options }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${path.basename(file)} ${args.join(" ")} failed: ${error.message}\n${stdout}${stderr}`.trim()));
      else resolve(`${stdout}${stderr}`);
    });
  });
}

/** The settings a commit's durability depends on, as the server at `url` reports them. */
async function durabilitySettings(url) {
  const { Client } = require("pg");
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const names = ["fsync", "synchronous_commit", "full_page_writes", "wal_sync_method"];
    const settings = {};
    for (const name of names) settings[name] = (await client.query(`SHOW ${name}`)).rows[0][name];
    return settings;
  } finally {
    await client.end();
  }
}

/**
 * Restarts the PostgreSQL that postgres-lib's startPostgres() started, on the
 * same port and folder, without its test-only settings: fsync,
 * synchronous_commit and full_page_writes are PostgreSQL's defaults (on), so
 * every commit the API waits for is on disk. Rejects if the server still
 * reports fsync or synchronous_commit off.
 */
export async function makeDurable(pg) {
  const bin = findPostgresBin();
  const dataDir = path.join(pg.dir, "data");
  let user;
  if (process.getuid?.() === 0) {
    // PostgreSQL runs as `postgres` when this is root (as postgres-lib.cjs starts it).
    user = {
      uid: Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim()),
      gid: Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim()),
    };
  }
  const settings = [`-p ${pg.port}`, `-k ${pg.dir}`, "-c listen_addresses=127.0.0.1", "-c max_connections=200"].join(" ");
  await run(
    path.join(bin, "pg_ctl"),
    ["restart", "-D", dataDir, "-m", "fast", "-w", "-t", "60", "-l", path.join(pg.dir, "server.log"), "-o", settings],
    { cwd: pg.dir, ...(user ?? {}) },
  );
  const reported = await durabilitySettings(pg.url);
  if (reported.fsync !== "on" || reported.synchronous_commit !== "on") {
    throw new Error(`PostgreSQL did not come back durable: ${JSON.stringify(reported)}`);
  }
  return reported;
}

/**
 * A warning when the machine was busy before the benchmark started (1-minute
 * load average above half the processors), or undefined.
 */
export function busyWarning() {
  const [load1] = os.loadavg();
  const cpus = os.availableParallelism?.() ?? os.cpus().length;
  if (load1 > cpus / 2) {
    return `warning: the machine was busy when the benchmark started (load average ${load1.toFixed(2)} over 1 minute, ${cpus} processors): the figures may be low; ratios within one run are less affected`;
  }
  return undefined;
}

if (process.argv.includes("--serve") && path.resolve(process.argv[1] ?? "") === HERE) {
  const server = bareApp().listen(Number(process.env.PORT), "127.0.0.1", () => {
    process.stdout.write("listening\n");
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
