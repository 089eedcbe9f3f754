/**
 * The product run as production runs it, for the release test
 * (tests/release/) and the flood benchmark (scripts/bench/flood.mjs):
 *
 *   the release archive (release/<name>-<version>.tar.gz) unpacked into a
 *   temporary folder outside the repository; a real PostgreSQL with a role and
 *   a database of the product's own; bin/migrate; N instances of bin/serve on
 *   that database (each its own DATA_DIR, TRUST_PROXY=loopback,
 *   MIGRATE_ON_START=false, the spam defence on); a real SMTP peer; Debian's
 *   nginx (`nginx -p PREFIX -c FILE`, loading the brotli module itself) with
 *   a self-signed certificate and the configuration bin/nginx-config prints.
 *
 * Where no archive exists (a checkout without `npm run release`), the same
 * stack runs from the checkout's dist/ and public/ (`product.kind` says
 * which); the release test packs an archive first, so it always runs the
 * release.
 *
 * Every process started here is stopped by `stack.stop()`, and by an exit
 * handler if the caller dies without stopping it.
 */
const { execFile, execFileSync, spawn } = require("child_process");
const crypto = require("crypto");
const fs = require("fs");
const http = require("http");
const https = require("https");
const os = require("os");
const path = require("path");
const { watchChild } = require("./child-output.cjs");
const postgresLib = require("./postgres-lib.cjs");
const { createTestDatabase, freePort, startPostgres } = postgresLib;
const { startSmtpPeer } = require("./faults-lib.cjs");

const ROOT = path.resolve(__dirname, "..");
const PACKAGE = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
const RELEASE_NAME = `${PACKAGE.name}-${PACKAGE.version}`;
const ARCHIVE = path.join(ROOT, "release", `${RELEASE_NAME}.tar.gz`);
const BROTLI_MODULE = process.env.NGINX_BROTLI_MODULE || "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";
const NGINX = process.env.NGINX_BIN || "nginx";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A deadline raced against something else: it keeps no process alive once that thing has ended. */
const deadline = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Polls check() every 50 ms until it gives a truthy value; rejects with `what` after timeoutMs. */
async function waitFor(check, timeoutMs, what = "condition") {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not met within ${timeoutMs} ms`);
    await sleep(50);
  }
}

function run(file, args, options = {}) {
  return new Promise((resolve, reject) => {
    execFile(file, args, { maxBuffer: 64 * 1024 * 1024, timeout: 10 * 60_000, ...options }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${path.basename(file)} ${args.join(" ")} failed: ${error.message}\n${stdout}${stderr}`.trim()));
      else resolve(stdout);
    });
  });
}

/**
 * One HTTP(S) request, its answer whole: { status, headers (lower case), body (Buffer) }.
 * options: method, headers, body, ca (PEM to trust), localAddress (the source
 * address, any of 127.0.0.0/8 on Linux), timeoutMs (10 s). Rejects when no answer came.
 */
function request(url, options = {}) {
  const target = new URL(url);
  const transport = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      target,
      {
        method: options.method ?? "GET",
        headers: options.headers ?? {},
        ca: options.ca,
        localAddress: options.localAddress,
        agent: false,
        timeout: options.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${options.timeoutMs ?? 10_000} ms`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

/** Everything started here and not stopped yet, stopped at exit at the latest. */
const live = new Set();
process.on("exit", () => {
  for (const stop of live) {
    try {
      stop();
    } catch {
      // best effort
    }
  }
});

/** A self-signed certificate for localhost and 127.0.0.1 (and `addresses`), made with openssl: { certFile, keyFile, pem, spki }. */
function makeCertificate(dir, addresses = []) {
  const certFile = path.join(dir, "localhost.crt");
  const keyFile = path.join(dir, "localhost.key");
  const names = ["DNS:localhost", "IP:127.0.0.1", ...addresses.map((address) => `IP:${address}`)].join(",");
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
    "-subj", "/CN=localhost", "-addext", `subjectAltName=${names}`, "-addext", "basicConstraints=critical,CA:TRUE",
    "-keyout", keyFile, "-out", certFile,
  ], { stdio: "pipe" });
  fs.chmodSync(keyFile, 0o600);
  const pem = fs.readFileSync(certFile, "utf8");
  // The base64 SHA-256 of the public key (SPKI): Chromium's --ignore-certificate-errors-spki-list trusts the certificate by it.
  const spki = crypto.createHash("sha256").update(new crypto.X509Certificate(pem).publicKey.export({ type: "spki", format: "der" })).digest("base64");
  return { certFile, keyFile, pem, spki };
}

/**
 * The niceness the systemd unit runs each instance at (its `Nice=`, 0 when it
 * sets none): the stack runs its instances so, as systemd would.
 */
function unitNiceness(productDir) {
  const folder = path.join(productDir, "deploy", "systemd");
  const unit = fs.existsSync(folder) ? fs.readdirSync(folder).find((name) => name.endsWith("@.service")) : undefined;
  if (!unit) return 0;
  const found = /^Nice=(-?\d+)\s*$/m.exec(fs.readFileSync(path.join(folder, unit), "utf8"));
  return found ? Number(found[1]) : 0;
}

/**
 * The product to run: the release unpacked outside the repository (kind
 * "release"), or this checkout's build (kind "checkout") when there is no
 * archive. `commands` are argv arrays for spawn.
 */
async function prepareProduct(stackDir, { archive = ARCHIVE, allowCheckout = true } = {}) {
  if (fs.existsSync(archive)) {
    const into = path.join(stackDir, "opt");
    fs.mkdirSync(into, { mode: 0o755 });
    await run("tar", ["-xzf", archive, "-C", into]);
    const entries = fs.readdirSync(into);
    if (entries.length !== 1) throw new Error(`${archive} must hold one folder; it holds ${entries.join(", ")}`);
    const dir = path.join(into, entries[0]);
    const bin = (name) => path.join(dir, "bin", name);
    return {
      kind: "release",
      dir,
      publicDir: path.join(dir, "public"),
      node: path.join(dir, "node", "bin", "node"),
      niceness: unitNiceness(dir),
      commands: {
        serve: [bin("serve")],
        migrate: [bin("migrate")],
        nginxConfig: [bin("nginx-config")],
        version: [bin("serve"), "--version"],
      },
    };
  }
  if (!allowCheckout) throw new Error(`${path.relative(ROOT, archive)} is missing: npm run release (or release:pack after a build) makes it`);
  const cli = (name) => path.join(ROOT, "dist", "server", "cli", `${name}.js`);
  const entry = path.join(ROOT, "dist", "server", "index.js");
  if (!fs.existsSync(entry)) throw new Error("dist/server/index.js is missing: npm run build:server");
  return {
    kind: "checkout",
    dir: ROOT,
    publicDir: path.join(ROOT, "public"),
    node: process.execPath,
    niceness: unitNiceness(ROOT),
    commands: {
      serve: [process.execPath, entry],
      migrate: fs.existsSync(cli("migrate")) ? [process.execPath, cli("migrate")] : undefined,
      nginxConfig: fs.existsSync(cli("nginx-config")) ? [process.execPath, cli("nginx-config")] : undefined,
      version: undefined,
    },
  };
}

/** The variables a product process inherits: what any process needs, none of this shell's settings. */
function baseEnv() {
  // PATH as systemd gives a service: not the one npm or jest runs with (node_modules/.bin of the checkout).
  const env = { PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" };
  for (const name of ["HOME", "LANG", "TZ"]) if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

/** The pid of `parent`'s first child (strace's traced command), once it has one. */
function childPid(parent) {
  try {
    const children = fs.readFileSync(`/proc/${parent}/task/${parent}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    return children.length ? Number(children[0]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts the stack (see the top of this file). options:
 * - instances: how many (2);
 * - env: added to every instance's environment (and bin/migrate's);
 * - trace: trace the files the first start of each instance opens (strace -f), read by `openedFiles(n)`;
 * - smtp: the SMTP peer's behaviour (testkit/faults-lib.cjs);
 * - standardPorts: nginx on ports 443 and 80 of `frontAddress` (127.0.0.35), the
 *   site named by that address (root only); else on free ports of localhost;
 * - nginxArgs: more arguments for bin/nginx-config;
 * - allowCheckout: run the checkout's build when there is no archive (true).
 */
async function startStack(options = {}) {
  const count = options.instances ?? 2;
  const stackDir = fs.mkdtempSync(path.join(os.tmpdir(), "release-stack-"));
  // nginx's workers run as an unprivileged user: they must reach the release's public/ and their temporary folders.
  fs.chmodSync(stackDir, 0o755);
  const stack = { dir: stackDir, instances: [], stopped: false };
  const cleanups = [];
  const stopAll = async () => {
    if (stack.stopped) return;
    stack.stopped = true;
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // go on stopping the rest
      }
    }
    if (!options.keepDir) fs.rmSync(stackDir, { recursive: true, force: true });
  };
  const syncStop = () => {
    for (const instance of stack.instances) instance.signal("SIGKILL");
    if (stack.nginx?.pid) {
      try {
        process.kill(stack.nginx.pid, "SIGKILL");
      } catch {
        // gone
      }
    }
  };
  live.add(syncStop);
  cleanups.push(() => live.delete(syncStop));
  stack.stop = stopAll;

  try {
    stack.product = await prepareProduct(stackDir, options);
    const product = stack.product;

    // PostgreSQL: the product's own role and database, the role owning nothing else.
    const postgres = await startPostgres();
    cleanups.push(() => postgres.stop());
    const admin = await createTestDatabase(postgres.url);
    const role = `site_${crypto.randomBytes(4).toString("hex")}`;
    const password = crypto.randomBytes(12).toString("hex");
    await sql(admin.url, `CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
    await sql(admin.url, `CREATE DATABASE ${role} OWNER ${role}`);
    await sql(admin.url.replace(/\/[^/]+$/, `/${role}`), `REVOKE ALL ON SCHEMA public FROM PUBLIC; ALTER SCHEMA public OWNER TO ${role}`);
    stack.postgres = postgres;
    stack.databaseUrl = `postgres://${role}:${password}@127.0.0.1:${postgres.port}/${role}`;

    // The SMTP peer.
    stack.smtp = await startSmtpPeer(options.smtp ?? {});
    cleanups.push(() => stack.smtp.close());

    // The certificate, the ports. With `standardPorts` (root only), nginx takes ports 443 and 80 of one loopback
    // address, named by that address: Mozilla's HTTP Observatory grades https://HOST/ and http://HOST/ only.
    const certDir = path.join(stackDir, "tls");
    fs.mkdirSync(certDir, { mode: 0o755 });
    const front = options.standardPorts
      ? { host: options.frontAddress ?? "127.0.0.35", https: 443, http: 80 }
      : { host: "localhost", https: await freePort(), http: await freePort() };
    stack.certificate = makeCertificate(certDir, front.host === "localhost" ? [] : [front.host]);
    const ports = { https: front.https, http: front.http, upstreams: [] };
    for (let n = 0; n < count; n += 1) ports.upstreams.push(await freePort());
    stack.ports = ports;
    stack.host = front.host;
    stack.url = options.standardPorts ? `https://${front.host}` : `https://localhost:${ports.https}`;
    stack.httpUrl = options.standardPorts ? `http://${front.host}` : `http://localhost:${ports.http}`;

    stack.env = {
      ...baseEnv(),
      NODE_ENV: "production",
      DATABASE_URL: stack.databaseUrl,
      SMTP_URL: stack.smtp.url,
      MAIL_FROM: "Website <no-reply@example.com>",
      TRUST_PROXY: "loopback",
      MIGRATE_ON_START: "false",
      SPAM_SECRET: crypto.randomBytes(32).toString("hex"),
      SITE_URL: stack.url,
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...(options.env ?? {}),
    };

    // bin/migrate, before any instance (they no longer migrate at start).
    if (product.commands.migrate) {
      const [file, ...args] = product.commands.migrate;
      stack.migrateOutput = await run(file, args, { cwd: stackDir, env: stack.env });
    } else {
      stack.env.MIGRATE_ON_START = "true"; // a checkout from before bin/migrate
    }

    for (let n = 0; n < count; n += 1) {
      const instance = makeInstance(stack, n, { trace: Boolean(options.trace) });
      stack.instances.push(instance);
      cleanups.push(() => instance.stop());
    }
    await Promise.all(stack.instances.map((instance) => instance.start()));

    stack.nginx = await startNginx(stack, options);
    cleanups.push(() => stack.nginx.stop());
    return stack;
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Runs SQL on a database, on a connection of its own. */
const sql = postgresLib.query;

/**
 * Instance n of the stack: bin/serve on the n-th upstream port with a
 * DATA_DIR of its own. start() resolves when it answers its readiness probe;
 * signal/stop/kill act on the server process itself (not strace's).
 */
function makeInstance(stack, n, { trace }) {
  const port = stack.ports.upstreams[n];
  const dataDir = path.join(stack.dir, `data-${n + 1}`);
  fs.mkdirSync(dataDir, { mode: 0o700 });
  const instance = {
    n,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    traceFile: trace ? path.join(stack.dir, `strace-${n + 1}.txt`) : undefined,
    starts: 0,
    child: undefined,
    watched: undefined,
    pid: undefined,
    output: () => instance.watched?.output() ?? "",
  };
  instance.start = async () => {
    const [file, ...args] = stack.product.commands.serve;
    const env = { ...stack.env, PORT: String(port), DATA_DIR: dataDir };
    // Only the first start is traced: the restarts of the rolling restart run as production runs them.
    const traced = instance.traceFile && instance.starts === 0;
    instance.starts += 1;
    const command = traced ? ["strace", "-f", "-qq", "-e", "trace=%file", "-e", "signal=none", "-o", instance.traceFile, "--", file, ...args] : [file, ...args];
    // At the unit's Nice= (nice execs the command: the process spawned is the server, or strace).
    const niced = stack.product.niceness ? ["nice", "-n", String(stack.product.niceness), ...command] : command;
    const argv = [niced[0], niced.slice(1)];
    const child = spawn(argv[0], argv[1], { cwd: stack.dir, env, stdio: ["ignore", "pipe", "pipe"] });
    instance.child = child;
    instance.watched = watchChild(child, 4 * 1024 * 1024);
    instance.pid = traced ? await waitFor(() => childPid(child.pid) || instance.watched.exited(), 10_000, "strace's child") : child.pid;
    if (typeof instance.pid !== "number") throw new Error(`instance ${n + 1} did not start:\n${instance.output()}`);
    await waitFor(
      async () => {
        if (instance.watched.exited()) throw new Error(`instance ${n + 1} exited at start (${JSON.stringify(instance.watched.exited())}):\n${instance.output()}`);
        const res = await request(`${instance.url}/api/health/ready`, { timeoutMs: 2_000 }).catch(() => undefined);
        return res?.status === 200;
      },
      60_000,
      `instance ${n + 1} ready on ${instance.url}`,
    );
  };
  instance.signal = (signal) => {
    if (!instance.watched || instance.watched.exited()) return;
    try {
      process.kill(instance.pid, signal);
    } catch {
      // gone
    }
  };
  /** Sends `signal` and resolves once the process (and strace, when traced) has exited: { code, signal }. */
  instance.kill = async (signal = "SIGKILL") => {
    if (!instance.watched) return undefined;
    instance.signal(signal);
    const exited = await Promise.race([instance.watched.exit, deadline(15_000).then(() => undefined)]);
    if (!exited) {
      instance.signal("SIGKILL");
      return instance.watched.exit;
    }
    return exited;
  };
  instance.stop = () => instance.kill("SIGTERM");
  /** The paths the traced start opened (successfully or not), absolute, from strace's log. */
  instance.openedFiles = () => parseTrace(fs.readFileSync(instance.traceFile, "utf8"), stack.dir);
  return instance;
}

/**
 * The paths of strace's file calls (open, openat, stat, access, readlink,
 * execve...), resolved against `cwd` when relative; calls on a descriptor
 * (AT_EMPTY_PATH, "") are left out.
 */
function parseTrace(text, cwd) {
  const paths = new Set();
  for (const line of text.split("\n")) {
    const match = /^\d+\s+(\w+)\((?:(AT_FDCWD|\d+(?:<[^>]*>)?),\s*)?"([^"]*)"/.exec(line);
    if (!match) continue;
    const [, , , file] = match;
    if (!file) continue;
    paths.add(path.isAbsolute(file) ? path.normalize(file) : path.resolve(cwd, file));
  }
  return [...paths].sort();
}

/**
 * nginx in front: the main configuration written here (the brotli module,
 * pid, logs and temporary folders in its own prefix), the `http` block
 * including what bin/nginx-config prints for the stack's certificate and
 * upstreams. Started in the foreground (daemon off), stopped with SIGQUIT.
 */
async function startNginx(stack, options) {
  const prefix = path.join(stack.dir, "nginx");
  for (const dir of ["", "logs", "temp", "temp/body", "temp/proxy", "temp/fastcgi", "temp/uwsgi", "temp/scgi"]) {
    fs.mkdirSync(path.join(prefix, dir), { recursive: true, mode: 0o755 });
  }
  if (process.getuid?.() === 0) {
    // Workers run as nobody when nginx starts as root: their temporary folders are theirs.
    const nobody = Number(execFileSync("id", ["-u", "nobody"], { encoding: "utf8" }).trim());
    for (const dir of ["temp/body", "temp/proxy", "temp/fastcgi", "temp/uwsgi", "temp/scgi"]) fs.chownSync(path.join(prefix, dir), nobody, -1);
  }
  const generate = async (extra) => {
    if (!stack.product.commands.nginxConfig) throw new Error("this build has no nginx generator (dist/server/cli/nginx-config.js)");
    const [file, ...args] = stack.product.commands.nginxConfig;
    const upstreams = stack.ports.upstreams.flatMap((port) => ["--upstream", `127.0.0.1:${port}`]);
    return run(file, [...args, "--server-name", stack.host, "--certificate", stack.certificate.certFile, "--key", stack.certificate.keyFile, ...upstreams, "--root", stack.product.publicDir, ...extra], {
      cwd: stack.dir,
      env: { ...stack.env },
    });
  };
  const listen = options.standardPorts
    ? ["--listen", `${stack.host}:443`, "--http-listen", `${stack.host}:80`]
    : ["--listen", String(stack.ports.https), "--http-listen", String(stack.ports.http)];
  const site = await generate([...listen, ...(options.nginxArgs ?? [])]);
  fs.writeFileSync(path.join(prefix, "site.conf"), site);
  stack.nginxSiteConfig = site;
  const main = [
    `load_module ${BROTLI_MODULE};`,
    "worker_processes 2;",
    `pid ${path.join(prefix, "nginx.pid")};`,
    `error_log ${path.join(prefix, "logs", "error.log")} warn;`,
    "daemon off;",
    "events { worker_connections 4096; }",
    "http {",
    "  include /etc/nginx/mime.types;",
    "  default_type application/octet-stream;",
    "  sendfile on;",
    `  access_log ${path.join(prefix, "logs", "access.log")};`,
    `  client_body_temp_path ${path.join(prefix, "temp", "body")};`,
    `  proxy_temp_path ${path.join(prefix, "temp", "proxy")};`,
    `  fastcgi_temp_path ${path.join(prefix, "temp", "fastcgi")};`,
    `  uwsgi_temp_path ${path.join(prefix, "temp", "uwsgi")};`,
    `  scgi_temp_path ${path.join(prefix, "temp", "scgi")};`,
    `  include ${path.join(prefix, "site.conf")};`,
    "}",
    "",
  ].join("\n");
  const configFile = path.join(prefix, "nginx.conf");
  fs.writeFileSync(configFile, main);
  await run(NGINX, ["-t", "-q", "-p", prefix, "-c", configFile]);
  const child = spawn(NGINX, ["-p", prefix, "-c", configFile], { stdio: ["ignore", "pipe", "pipe"] });
  const watched = watchChild(child, 1024 * 1024);
  const nginx = {
    pid: child.pid,
    prefix,
    configFile,
    errorLog: () => fs.readFileSync(path.join(prefix, "logs", "error.log"), "utf8"),
    async stop() {
      if (watched.exited()) return;
      child.kill("SIGQUIT");
      const exited = await Promise.race([watched.exit, deadline(10_000).then(() => undefined)]);
      if (!exited) {
        child.kill("SIGKILL");
        await watched.exit;
      }
    },
  };
  await waitFor(
    async () => {
      if (watched.exited()) throw new Error(`nginx exited at start:\n${watched.output()}\n${nginx.errorLog()}`);
      const res = await request(`${stack.url}/`, { ca: stack.certificate.pem, timeoutMs: 2_000 }).catch(() => undefined);
      return res?.status === 200;
    },
    30_000,
    "nginx answering /",
  );
  return nginx;
}

/** The contact form's body of a lead (the contract's ContactEnquiry); lastName marks it. */
function contactBody(lastName) {
  return {
    firstName: "Ada",
    lastName,
    subject: "Sales Inquiry",
    email: "ada@example.org",
    phoneNumber: "0501234567",
    companyName: "Analytical Engines",
    message: "Please send a quote for two torque pumps.",
    mailType: "contact",
  };
}

/** Statuses after which a POST carrying an Idempotency-Key is sent again, as a client library does. */
const RETRIED = new Set([0, 429, 502, 503, 504]);

/**
 * A person's lead through the front door, as the site's script sends it: the
 * challenge (GET /api/v1/contact/challenge), its proof of work solved
 * (altcha-lib), the fill time waited, then POST /api/v1/contact/contact_us
 * with an Idempotency-Key; sent again with the same key after no answer or a
 * 429/502/503/504 until `deadlineMs`. Resolves with { id, status, failures:
 * [{ step, status, error }] } (id when a 201 came).
 */
async function sendLead(baseUrl, { ca, localAddress, lastName, deadlineMs = 60_000 } = {}) {
  const { solveChallenge } = require("altcha-lib");
  const { deriveKey } = require("altcha-lib/algorithms/sha");
  const failures = [];
  const deadline = Date.now() + deadlineMs;
  const attempt = async (step, fn) => {
    for (;;) {
      let res;
      try {
        res = await fn();
      } catch (error) {
        res = { status: 0, error: String(error.message ?? error) };
      }
      if (!RETRIED.has(res.status)) return res;
      failures.push({ step, status: res.status, error: res.error ?? res.body?.toString("utf8").slice(0, 200) });
      if (Date.now() > deadline) return res;
      await sleep(res.status === 429 ? 1_000 : 200);
    }
  };
  const got = await attempt("challenge", () => request(`${baseUrl}/api/v1/contact/challenge`, { ca, localAddress }));
  if (got.status !== 200) return { status: got.status, failures };
  const receivedAt = Date.now();
  const challenge = JSON.parse(got.body.toString("utf8"));
  const solution = await solveChallenge({ challenge, deriveKey });
  const proof = Buffer.from(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }), "utf8").toString("base64");
  const { issuedAt, sendAfter } = challenge.parameters.data;
  await sleep(Math.max(0, receivedAt + (sendAfter - issuedAt) + 5 - Date.now()));
  const body = JSON.stringify(contactBody(lastName));
  const key = crypto.randomUUID();
  const res = await attempt("post", () =>
    request(`${baseUrl}/api/v1/contact/contact_us`, {
      ca,
      localAddress,
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key, altcha: proof, "content-length": Buffer.byteLength(body) },
      body,
    }),
  );
  const answer = res.body?.length ? safeJson(res.body) : undefined;
  return { status: res.status, id: res.status === 201 ? answer?.id : undefined, answer, failures };
}

function safeJson(buffer) {
  try {
    return JSON.parse(buffer.toString("utf8"));
  } catch {
    return undefined;
  }
}

/** The i-th source address of a crowd: 127.<a>.<b>.<c> (all of 127.0.0.0/8 is the loopback on Linux), never 127.0.0.x. */
function crowdAddress(i, block = 1) {
  return `127.${block}.${(i >> 8) & 255}.${(i & 255) || 1}`;
}

/**
 * Leads sent steadily, one every `everyMs` (each from its own address), until
 * stop() is called; `done()` resolves with every lead's result once all have ended.
 */
function steadyLeads(baseUrl, { ca, everyMs = 200, prefix = "Steady", maxInFlight = 8 } = {}) {
  const results = [];
  const pending = [];
  let i = 0;
  let stopped = false;
  let inFlight = 0;
  const timer = setInterval(() => {
    // At most `maxInFlight` leads at once: each solves its proof of work in this process, and on a busy machine
    // new ones every tick would pile up until the test's own timers could no longer run.
    if (stopped || inFlight >= maxInFlight) return;
    inFlight += 1;
    const n = i++;
    const lastName = `${prefix}-${n}`;
    pending.push(
      sendLead(baseUrl, { ca, localAddress: crowdAddress(n + 1, 2), lastName })
        .then(
          (result) => results.push({ n, lastName, ...result }),
          (error) => results.push({ n, lastName, status: 0, failures: [{ step: "client", status: 0, error: String(error) }] }),
        )
        .finally(() => (inFlight -= 1)),
    );
  }, everyMs);
  return {
    sent: () => i,
    results,
    async done() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(pending);
      return results.sort((a, b) => a.n - b.n);
    },
  };
}

module.exports = { ROOT, RELEASE_NAME, ARCHIVE, startStack, request, waitFor, sleep, parseTrace, makeCertificate, sendLead, steadyLeads, crowdAddress, contactBody, sql };
