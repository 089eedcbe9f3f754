/**
 * A real, throw-away PostgreSQL server for the tests and benchmarks, shared by
 * testkit/postgres.ts (typed there), the jest global set-up, the benchmarks and the
 * runtime check (scripts/runtime/postgres.cjs).
 *
 * - findPostgresBin(): the folder of initdb/pg_ctl (POSTGRES_BIN, else Debian's
 *   /usr/lib/postgresql/<newest>/bin, else pg_config --bindir, else PATH).
 * - startPostgres(): initdb into a new temporary folder, then pg_ctl start on
 *   a free loopback port with the unix socket in that folder. PostgreSQL
 *   refuses to run as root: as root, both run as the `postgres` user (Debian's
 *   package makes it), the folder owned by it. FOR TESTS ONLY: trust
 *   authentication, and durability traded for speed (initdb --no-sync,
 *   fsync=off, synchronous_commit=off, full_page_writes=off): a crash of the
 *   machine may lose the data, which a test server throws away anyway.
 *   `stop()` = pg_ctl stop -m immediate, then the folder is removed. A watchdog
 *   process does the same if the process that started it dies without
 *   stopping it (kill -9 of jest), and an exit handler covers a normal exit.
 * - createTestDatabase(url): a database of its own (random name) on that
 *   server, so suites never see each other's rows; `drop()` removes it.
 * - freePort(): a free loopback port (also the fault library's and the
 *   benchmarks').
 */
const { execFile, spawn, spawnSync } = require("child_process");
const crypto = require("crypto");
const fs = require("fs");
const net = require("net");
const os = require("os");
const path = require("path");

/** The folder holding initdb and pg_ctl, or undefined when PostgreSQL is not installed. */
function findPostgresBin() {
  const has = (dir) => Boolean(dir) && fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl"));
  if (process.env.POSTGRES_BIN) return has(process.env.POSTGRES_BIN) ? process.env.POSTGRES_BIN : undefined;
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const dir = path.join(debian, version, "bin");
      if (has(dir)) return dir;
    }
  }
  const pgConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (pgConfig.status === 0 && has(pgConfig.stdout.trim())) return pgConfig.stdout.trim();
  const which = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  if (which.status === 0 && which.stdout.trim()) {
    const dir = path.dirname(which.stdout.trim());
    if (has(dir)) return dir;
  }
  return undefined;
}

/** The user PostgreSQL runs as: this process's own, or `postgres` when this is root. */
function serverUser() {
  if (process.getuid?.() !== 0) return undefined;
  const uid = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error("PostgreSQL refuses to run as root and there is no `postgres` user to run it as: create one (Debian's postgresql package does), or run the tests as another user");
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** A TCP port nobody listens on right now (loopback). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Runs one of PostgreSQL's programs as `user` (undefined: as this process); rejects with its output. */
function run(file, args, user, cwd, timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    const options = { cwd, timeout: timeoutMs, env: { ...process.env, LC_ALL: "C", LANG: "C" }, ...(user ?? {}) };
    execFile(file, args, options, (error, stdout, stderr) => {
      if (error) reject(new Error(`${path.basename(file)} ${args.join(" ")} failed: ${error.message}\n${stdout}${stderr}`.trim()));
      else resolve(`${stdout}${stderr}`);
    });
  });
}

const servers = new Set();

/**
 * Starts a PostgreSQL server of its own (see above); resolves once it accepts
 * connections and its database `test` exists, with that database's URL.
 */
async function startPostgres(options = {}) {
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error("PostgreSQL is not installed (no initdb found). Install it, then run the tests again:\n  sudo apt-get install postgresql\n(or set POSTGRES_BIN to the folder of initdb and pg_ctl)");
  }
  const user = serverUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-test-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const pgCtl = path.join(bin, "pg_ctl");
  const server = { dir, dataDir, bin, user, watchdog: undefined, stopped: false };
  servers.add(server);
  try {
    // initdb is spawned before the first await, so a caller that blocks right after (compiling) runs beside it.
    await run(path.join(bin, "initdb"), ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions"], user, dir);
    const port = options.port ?? (await freePort());
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses=127.0.0.1",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      `-c max_connections=${options.maxConnections ?? 200}`,
    ].join(" ");
    await run(pgCtl, ["start", "-D", dataDir, "-w", "-t", "60", "-l", logFile, "-o", settings], user, dir, 90_000);
    server.watchdog = startWatchdog(dataDir, dir);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    await query(url, "CREATE DATABASE test");
    return {
      url: `postgres://postgres@127.0.0.1:${port}/test`,
      port,
      dir,
      log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : ""),
      stop: () => stopServer(server),
    };
  } catch (error) {
    const log = fs.existsSync(logFile) ? `\n${fs.readFileSync(logFile, "utf8")}` : "";
    await stopServer(server);
    error.message += log;
    throw error;
  }
}

/** The postmaster's process id (first line of postmaster.pid), or undefined when it is not running. */
function postmasterPid(dataDir) {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A detached shell that waits for this process to end, then shuts the server
 * down at once (SIGQUIT: immediate) and removes its folder. It is killed when
 * the server is stopped normally.
 */
function startWatchdog(dataDir, dir) {
  const pid = postmasterPid(dataDir);
  if (!pid) return undefined;
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; kill -QUIT ${pid} 2>/dev/null; sleep 2; kill -KILL ${pid} 2>/dev/null; rm -rf '${dir}'`;
  const child = spawn("sh", ["-c", script], { detached: true, stdio: "ignore" });
  child.unref();
  return child;
}

async function stopServer(server) {
  if (server.stopped) return;
  server.stopped = true;
  servers.delete(server);
  if (fs.existsSync(path.join(server.dataDir, "postmaster.pid"))) {
    try {
      await run(path.join(server.bin, "pg_ctl"), ["stop", "-D", server.dataDir, "-m", "immediate", "-w", "-t", "30"], server.user, server.dir, 40_000);
    } catch {
      const pid = postmasterPid(server.dataDir);
      if (pid) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    }
  }
  if (server.watchdog) {
    try {
      process.kill(server.watchdog.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  fs.rmSync(server.dir, { recursive: true, force: true });
}

/** A normal exit without stop(): shut every server down now (synchronously, best effort). */
process.on("exit", () => {
  for (const server of servers) {
    const pid = postmasterPid(server.dataDir);
    if (pid) {
      try {
        process.kill(pid, "SIGQUIT");
      } catch {
        // already gone
      }
    }
    // The watchdog, still running, removes the folder once the server is gone.
  }
});

/** One statement on a connection of its own. */
async function query(url, text) {
  const { Client } = require("pg");
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** The URL of another database on the same server. */
function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A new, empty database (random name) on the server at `url`
 * (TEST_DATABASE_URL by default); `drop()` removes it, closing whatever
 * connections are still open to it.
 */
async function createTestDatabase(url = process.env.TEST_DATABASE_URL) {
  if (!url) {
    throw new Error(
      `No PostgreSQL for the tests: ${process.env.TEST_DATABASE_ERROR || "TEST_DATABASE_URL is not set (the jest global set-up starts PostgreSQL and sets it)"}`,
    );
  }
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  await query(url, `CREATE DATABASE ${name}`);
  return {
    name,
    url: withDatabase(url, name),
    drop: () => dropDatabase(url, name),
  };
}

/**
 * A plain DROP first: PostgreSQL waits up to 5 s for the connections still
 * closing (pg's pool.end() resolves before its sockets are closed, and a
 * connection ended by force would raise an error in that pool). Then by force.
 */
async function dropDatabase(url, name) {
  try {
    await query(url, `DROP DATABASE IF EXISTS ${name}`);
  } catch {
    await query(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

module.exports = { findPostgresBin, startPostgres, createTestDatabase, freePort, query };
