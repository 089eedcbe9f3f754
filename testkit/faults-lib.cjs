/**
 * Real parts for fault tests and the fault benchmark, shared by
 * testkit/faults.ts (typed there), scripts/bench/ and the conformance runner:
 *
 * - startServer(): the built server (dist/server/index.js) as its own process
 *   on a free loopback port, with a DATA_DIR and a small PUBLIC_DIR of its own;
 *   it can be killed with any signal and its peak memory read from /proc.
 * - startSmtpPeer(): a real SMTP server (smtp-server) on loopback that records
 *   every message it accepts and can misbehave on demand: refuse a recipient
 *   with a given reply (greylisting), refuse every connection (an outage), never
 *   answer DATA for some messages (a hung reply), or answer slowly. Its
 *   `behaviour` object is read at each step, so a test can change it while the
 *   server is sending.
 *
 * Every wait is bounded; cleanup() kills every process and closes every peer
 * this module started.
 */
const { spawn } = require("child_process");
const crypto = require("crypto");
const fs = require("fs");
const net = require("net");
const os = require("os");
const path = require("path");
const { SMTPServer } = require("smtp-server");
const { watchChild } = require("./child-output.cjs");
const { freePort } = require("./postgres-lib.cjs");

/**
 * The checkout whose compiled server (dist/server/index.js) runs: this one, or
 * FAULTS_SERVER_ROOT (another checkout, e.g. an older commit to compare with).
 */
const ROOT = path.resolve(process.env.FAULTS_SERVER_ROOT || path.join(__dirname, ".."));
const SERVER_ENTRY = path.join(ROOT, "dist", "server", "index.js");

/** Processes and peers still open, and temporary folders made here. */
const live = { servers: new Set(), peers: new Set(), dirs: new Set() };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  live.dirs.add(dir);
  return dir;
}

/**
 * The products the compiled server accepts in a quotation request (its baked
 * dist/data/products) as the site lists them in /assets/json/products.json:
 * one record each, its `link` the product's slug.
 */
function productRecords() {
  const folder = path.join(ROOT, "dist", "data", "products");
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(folder, file), "utf8")))
    .map((product) => ({ name: product.name, link: product.slug, category: product.category }));
}

/**
 * The smallest site the server can serve: a home page, its 404 page and the
 * list of the products it serves (/assets/json/products.json, where the
 * conformance suite finds the catalogue).
 */
function makePublicDir() {
  const dir = tempDir("faults-public-");
  fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><html lang=en><title>Home</title><h1>Home</h1></html>\n");
  fs.writeFileSync(path.join(dir, "404.html"), "<!doctype html><html lang=en><title>Not found</title><h1>Not found</h1></html>\n");
  fs.mkdirSync(path.join(dir, "assets", "json"), { recursive: true });
  fs.writeFileSync(path.join(dir, "assets", "json", "products.json"), `${JSON.stringify(productRecords(), null, 2)}\n`);
  return dir;
}

/** A field of /proc/<pid>/status in KB, or undefined once the process is gone. */
function procStatusKb(pid, field) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** GET url; resolves with the status code, or undefined when nothing answered within timeoutMs. */
function probe(url, timeoutMs) {
  return fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "manual" }).then(
    async (res) => {
      await res.arrayBuffer().catch(() => undefined);
      return res.status;
    },
    () => undefined,
  );
}

/** The variables a server process inherits: only what a process needs to run, none of this shell's settings. */
function baseEnv() {
  const env = {};
  for (const name of ["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "TZ", "SYSTEMROOT"]) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  return env;
}

/**
 * Starts `node dist/server/index.js` (with this process's Node) on a free port.
 * options.env is added last (it may override RATE_LIMIT_MAX, PUBLIC_DIR...);
 * options.dataDir reuses a DATA_DIR (a restart after a crash). Resolves when
 * the server answers HTTP, rejects when it exits first or does not answer in
 * options.startTimeoutMs (60 s: a deadline, met in well under a second on an idle machine).
 */
async function startServer(options = {}) {
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error(`${path.relative(ROOT, SERVER_ENTRY)} is missing: compile the server first (npm run build:server)`);
  }
  const port = await freePort();
  const dataDir = options.dataDir ?? tempDir("faults-data-");
  const env = {
    ...baseEnv(),
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_DIR: makePublicDir(),
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: "1000000",
    // Every simulated visitor comes from one address: the per-client upload bounds are the subject of their own
    // tests (tests/faults/upload-limits.test.ts), which set them.
    MAX_UPLOADS_PER_CLIENT: "1000",
    UPLOAD_QUOTA_MB: "0",
    // The spam defence is the subject of its own tests, which turn it on: the others send no proof of work.
    SPAM_CHECKS: "off",
    ...(options.env ?? {}),
  };
  if (options.env?.PORT) env.PORT = String(port); // the port is always the free one found here
  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const watched = watchChild(child, 4 * 1024 * 1024); // a runaway log is cut, the process never blocks on it
  const { output, exit } = watched;

  let peak = 0;
  let rss = 0;
  const sample = () => {
    if (watched.exited() || child.pid === undefined) return;
    const hwm = procStatusKb(child.pid, "VmHWM");
    const now = procStatusKb(child.pid, "VmRSS");
    if (hwm !== undefined) peak = Math.max(peak, hwm);
    if (now !== undefined) rss = now;
  };
  const sampler = setInterval(sample, 100);
  sampler.unref();

  const waitExit = async (timeoutMs) => {
    const timer = new Promise((resolve) => setTimeout(resolve, timeoutMs).unref());
    await Promise.race([exit, timer]);
    return watched.exited();
  };

  const server = {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    dataDir,
    output,
    exited: watched.exited,
    peakRssKb() {
      sample();
      return peak;
    },
    rssKb() {
      sample();
      return watched.exited() ? 0 : rss;
    },
    /** Sends `signal` (SIGKILL by default) and resolves once the process is gone (SIGKILL after 10 s if it is not). */
    async kill(signal = "SIGKILL") {
      sample();
      if (!watched.exited()) {
        try {
          child.kill(signal);
        } catch {
          // already gone
        }
        if (!(await waitExit(10_000))) {
          child.kill("SIGKILL");
          await waitExit(10_000);
        }
      }
      clearInterval(sampler);
      live.servers.delete(server);
      return watched.exited();
    },
    /** A graceful stop: SIGTERM, then SIGKILL if it has not exited within 10 s. */
    stop() {
      return server.kill("SIGTERM");
    },
  };
  live.servers.add(server);

  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (watched.exited()) {
      await server.kill();
      throw new Error(`The server exited before answering (${watched.exited().signal ?? `code ${watched.exited().code}`}):\n${output()}`);
    }
    const status = await probe(`${server.url}/`, 1_000);
    if (status !== undefined) break;
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`The server did not answer on ${server.url} within ${options.startTimeoutMs ?? 60_000} ms:\n${output()}`);
    }
    await sleep(50);
  }
  return server;
}

/** The value of one header of a raw message (unfolded), or "". */
function headerOf(raw, name) {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end < 0 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  const match = new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(head);
  return match ? match[1].trim() : "";
}

/**
 * The submission a notification is about: the "Reference: <id>" line of its
 * text, read from the raw message (plain, quoted-printable or base64 parts).
 */
function referenceOf(raw) {
  const pattern = /Reference: ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;
  const plain = pattern.exec(raw.replace(/=\r?\n/g, ""));
  if (plain) return plain[1].toLowerCase();
  for (const block of raw.match(/(?:[A-Za-z0-9+/=]{40,}\r?\n)+/g) ?? []) {
    const decoded = pattern.exec(Buffer.from(block.replace(/\s+/g, ""), "base64").toString("utf8"));
    if (decoded) return decoded[1].toLowerCase();
  }
  return undefined;
}

function smtpError(code, message) {
  const err = new Error(message);
  err.responseCode = code;
  return err;
}

/**
 * A real SMTP server on a free loopback port, without authentication or TLS
 * (SMTP_URL smtp://127.0.0.1:<port>). `behaviour` may be changed at any time.
 * maxRawBytes keeps only the start of each message (headers and text, not
 * large attachments) when many big messages are expected.
 */
async function startSmtpPeer(behaviour = {}, { maxRawBytes = Infinity } = {}) {
  const received = [];
  const attempts = new Map(); // RCPT TO per address
  const waiters = new Set();
  const sockets = new Set();
  const hung = new Set(); // DATA callbacks never called, released at close
  let answering = 0; // messages received whose answer is being held (delayMs)
  let mostAtOnce = 0;
  const notify = () => {
    for (const waiter of waiters) waiter();
  };

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 64 * 1024 * 1024,
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      const key = address.address.toLowerCase();
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      const refusal = peer.behaviour.rejectRecipient?.(address.address, attempt);
      if (refusal) return callback(smtpError(refusal.code, refusal.message));
      callback();
    },
    onData(stream, session, callback) {
      const parts = [];
      let kept = 0;
      stream.on("data", (chunk) => {
        if (kept >= maxRawBytes) return;
        const part = kept + chunk.length > maxRawBytes ? chunk.subarray(0, maxRawBytes - kept) : chunk;
        kept += part.length;
        parts.push(part);
      });
      stream.on("error", (err) => callback(err));
      stream.on("end", () => {
        const raw = Buffer.concat(parts).toString("utf8");
        const subject = headerOf(raw, "Subject");
        const held = { messageId: headerOf(raw, "Message-ID"), envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address) };
        if (peer.behaviour.hang?.(subject, session.localPort, held)) {
          hung.add(callback);
          return;
        }
        answering += 1;
        mostAtOnce = Math.max(mostAtOnce, answering);
        const accept = () => {
          answering -= 1;
          if (closed) return;
          received.push({
            messageId: headerOf(raw, "Message-ID"),
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject,
            raw,
          });
          callback(null, "250 OK: queued");
          notify();
        };
        const delay = peer.behaviour.delayMs ?? 0;
        if (delay > 0) setTimeout(accept, delay);
        else accept();
      });
    },
  });
  smtp.on("error", () => undefined); // a client that drops its connection is not a test failure

  // The peer's own listeners (its port, and any entrance added) hand each connection to smtp-server, or reset it while `down`.
  const fronts = [];
  const listen = () => {
    const front = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
      if (peer.behaviour.down) {
        socket.resetAndDestroy();
        return;
      }
      smtp.server.emit("connection", socket);
    });
    fronts.push(front);
    return new Promise((resolve, reject) => {
      front.on("error", reject);
      front.listen(0, "127.0.0.1", () => resolve(front.address().port));
    });
  };
  const port = await listen();

  let closed = false;
  const peer = {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    behaviour,
    /** Message-ID → every recipient it was delivered to, once per delivery (a duplicate shows twice). */
    deliveries() {
      const map = new Map();
      for (const mail of received) {
        const list = map.get(mail.messageId) ?? [];
        list.push(...mail.envelopeTo);
        map.set(mail.messageId, list);
      }
      return map;
    },
    /** The most messages it held the answer of at one time (several connections sending at once). */
    mostAtOnce() {
      return mostAtOnce;
    },
    /** RCPT TO commands seen for an address. */
    attemptsFor(address) {
      return attempts.get(address.toLowerCase()) ?? 0;
    },
    /**
     * Another port into the same peer, for one client to use as its SMTP_URL:
     * behaviour.hang is given the port each message came in by.
     */
    async addEntrance() {
      const entrance = await listen();
      return { url: `smtp://127.0.0.1:${entrance}`, port: entrance };
    },
    /** Resolves once `count` messages were accepted; rejects after timeoutMs (30 s). */
    waitFor(count, timeoutMs = 30_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const done = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(done);
          reject(new Error(`The SMTP peer accepted ${received.length} of ${count} messages within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(done);
      });
    },
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      live.peers.delete(peer);
      for (const callback of hung) callback(smtpError(421, "Server shutting down"));
      hung.clear();
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => {
        Promise.all(fronts.map((front) => new Promise((closed) => front.close(() => closed())))).then(() => resolve());
        smtp.close(() => undefined);
        setTimeout(resolve, 2_000).unref();
      });
    },
  };
  live.peers.add(peer);
  return peer;
}

// ---------------------------------------------------------------------------
// A workload of real submissions, and what became of them.

/** Letters only (names are checked as names): 0 → "Aa", 1 → "Ab"... */
function letters(n) {
  let out = "";
  let rest = n;
  do {
    out = String.fromCharCode(97 + (rest % 26)) + out;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return `A${out}`;
}

/** A PDF (what the content check looks for: %PDF-) of `bytes` bytes, its body random. */
function makePdf(bytes = 2048) {
  const head = Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1");
  const tail = Buffer.from("\n%%EOF\n", "latin1");
  return Buffer.concat([head, crypto.randomBytes(Math.max(0, bytes - head.length - tail.length)), tail]);
}

/** A .doc (OLE compound file header) of `bytes` bytes, the rest random. */
function makeDoc(bytes = 2048) {
  const buffer = crypto.randomBytes(Math.max(512, bytes));
  buffer.fill(0, 0, 512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(buffer, 0);
  buffer.writeUInt16LE(0x003e, 24);
  buffer.writeUInt16LE(0x0003, 26);
  buffer.writeUInt16LE(0xfffe, 28);
  buffer.writeUInt16LE(9, 30);
  buffer.writeUInt16LE(6, 32);
  return buffer;
}

/**
 * Submission number i of a mixed workload: JSON (newsletter, contact) and
 * multipart (careers with two files, product order with one), each with its
 * own name, address and file contents. kinds limits it to some of them.
 */
function makeSubmission(i, { fileBytes = 2048, kinds = ["news-letter", "contact_us", "careers", "product_order_form"] } = {}) {
  const kind = kinds[i % kinds.length];
  const name = letters(i);
  const email = `lead${i}@example.org`;
  switch (kind) {
    case "news-letter":
      return { i, call: kind, mailType: "news_letter", json: { email, mailType: "news_letter" } };
    case "contact_us":
      return {
        i,
        call: kind,
        mailType: "contact",
        json: {
          firstName: "Ada",
          lastName: name,
          subject: "General Inquiry",
          email,
          phoneNumber: "0501234567",
          companyName: "Analytical Engines",
          message: `Enquiry number ${i}: please call me back.`,
          mailType: "contact",
        },
      };
    case "careers":
      return {
        i,
        call: kind,
        mailType: "career",
        fields: {
          firstName: "Katherine",
          lastName: name,
          email,
          phoneNumber: "+971 50 123 4567",
          nationality: "American",
          countryName: "United Arab Emirates",
          jobRole: "Service Engineer",
          mailType: "career",
        },
        files: {
          resume: { name: `cv-${i}.pdf`, content: makePdf(fileBytes) },
          coverLetter: { name: `letter-${i}.doc`, content: makeDoc(fileBytes) },
        },
      };
    case "product_order_form":
      return {
        i,
        call: kind,
        mailType: "product_order_form",
        fields: { mailType: "product_order_form", productName: `TOP LOADING ARMS ${name}` },
        files: { file: { name: `order-${i}.pdf`, content: makePdf(fileBytes) } },
      };
    default:
      throw new Error(`No workload for ${kind}`);
  }
}

const sha256 = (buffer) => crypto.createHash("sha256").update(buffer).digest("hex");

/** Replaces the contents of a submission's files by their size and SHA-256 (what inspectStore compares). */
function forgetContents(submission) {
  for (const file of Object.values(submission.files ?? {})) {
    if (!file.content) continue;
    file.sha256 = sha256(file.content);
    file.size = file.content.length;
    file.content = undefined;
  }
}

/**
 * POSTs one submission. Resolves with { status, id?, error? }: status 0 when
 * no answer came (connection refused or reset, timeout).
 */
async function submit(baseUrl, submission, timeoutMs = 30_000) {
  let body;
  const headers = {};
  if (submission.json) {
    body = JSON.stringify(submission.json);
    headers["content-type"] = "application/json";
  } else {
    body = new FormData();
    for (const [key, value] of Object.entries(submission.fields)) body.append(key, value);
    for (const [key, file] of Object.entries(submission.files)) body.append(key, new Blob([file.content]), file.name);
  }
  try {
    const res = await fetch(`${baseUrl}/api/v1/contact/${submission.call}`, {
      method: "POST",
      body,
      headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let answer = {};
    try {
      answer = JSON.parse(text);
    } catch {
      // not JSON
    }
    return {
      status: res.status,
      id: res.status === 201 ? answer.id : undefined,
      error: res.status === 201 ? undefined : answer.message ?? text.slice(0, 200),
      retryAfter: res.headers.get("retry-after") ?? undefined,
    };
  } catch (err) {
    return { status: 0, error: err.cause?.code ?? err.message };
  }
}

/**
 * Sends `count` submissions (makeSubmission(0..count-1)) with `concurrency`
 * requests in flight; stops taking new ones when shouldStop() is true.
 * baseUrl may be a function of the submission (a load balancer spreading the
 * burst over several instances). Like a
 * browser whose visitor tries again, a 503 (server busy) is retried after its
 * Retry-After, capped at busyWaitMs (500 ms), up to 40 times; `busy` counts
 * those answers. keepFiles false keeps only each file's SHA-256 once it is
 * sent (for large uploads). Each result is { submission, status, id?, error?, busy };
 * onResult sees it as it comes.
 */
async function burst(
  baseUrl,
  count,
  { concurrency = 8, make = makeSubmission, shouldStop = () => false, onResult = () => undefined, timeoutMs, busyWaitMs = 500, keepFiles = true } = {},
) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < count && !shouldStop()) {
      const submission = make(next++);
      const url = typeof baseUrl === "function" ? baseUrl(submission) : baseUrl;
      let answer = await submit(url, submission, timeoutMs);
      let busy = 0;
      while (answer.status === 503 && busy < 40 && !shouldStop()) {
        busy++;
        const seconds = Number(answer.retryAfter);
        await sleep(Math.min(busyWaitMs, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : busyWaitMs) * (0.5 + Math.random()));
        answer = await submit(url, submission, timeoutMs);
      }
      if (!keepFiles) forgetContents(submission);
      const result = { submission, ...answer, busy };
      results.push(result);
      onResult(result, results);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/**
 * The acknowledged submissions checked against what a store holds: ids
 * missing, rows whose mail type or e-mail differ from what was sent, and
 * files that differ (`attachmentsOf(id)` lists the stored files of a
 * submission; `fileProblem(attachment, sent)` says what is wrong with one,
 * or undefined).
 */
function compareAcknowledged(acknowledged, stored, attachmentsOf, fileProblem) {
  const missing = [];
  const badFiles = [];
  const badPayloads = [];
  for (const { submission, id } of acknowledged) {
    const row = stored.get(id);
    if (!row) {
      missing.push(id);
      continue;
    }
    const payload = JSON.parse(row.payload);
    if (row.mail_type !== submission.mailType || payload.email !== (submission.json ?? submission.fields).email) badPayloads.push(id);
    const sentFiles = submission.files ?? {};
    const rows = attachmentsOf(id);
    if (rows.length !== Object.keys(sentFiles).length) badFiles.push(`${id}: ${rows.length} attachment rows for ${Object.keys(sentFiles).length} files`);
    for (const attachment of rows) {
      const problem = fileProblem(attachment, sentFiles[attachment.field]);
      if (problem) badFiles.push(`${id} ${attachment.field}: ${problem}`);
    }
  }
  return { missing, badFiles, badPayloads };
}

/**
 * What DATA_DIR holds for the acknowledged submissions: every row of
 * submissions with its mail type, the acknowledged ids missing from it, the
 * files whose stored content differs from what was sent (or is missing), and
 * the recipients each submission's notification is due to (from the outbox).
 */
function inspectStore(dataDir, acknowledged) {
  const Database = require("better-sqlite3");
  const db = new Database(path.join(dataDir, "site.db"), { readonly: true, fileMustExist: true });
  try {
    const stored = new Map(db.prepare("SELECT id, mail_type, payload FROM submissions").all().map((row) => [row.id, row]));
    const columns = db.prepare("PRAGMA table_info(outbox)").all().map((column) => column.name);
    const recipientColumn = columns.includes("recipient") ? "recipient" : "mail_to";
    const recipients = new Map();
    for (const row of db.prepare(`SELECT submission_id, ${recipientColumn} AS rcpt, status FROM outbox`).all()) {
      const list = recipients.get(row.submission_id) ?? new Set();
      for (const address of String(row.rcpt).split(",")) if (address.trim()) list.add(address.trim().toLowerCase());
      recipients.set(row.submission_id, list);
    }
    const statuses = Object.fromEntries(db.prepare("SELECT status, COUNT(*) AS n FROM outbox GROUP BY status").all().map((row) => [row.status, row.n]));
    const attachments = db.prepare("SELECT field, stored_name, size FROM attachments WHERE submission_id = ?");
    const checked = compareAcknowledged(acknowledged, stored, (id) => attachments.all(id), (attachment, sent) => {
      let onDisk;
      try {
        onDisk = fs.readFileSync(path.join(dataDir, "uploads", attachment.stored_name));
      } catch {
        return "file missing";
      }
      const same = sent && (sent.content ? onDisk.equals(sent.content) : sha256(onDisk) === sent.sha256);
      return same ? undefined : `${onDisk.length} bytes differ from the ${sent ? sent.size ?? sent.content.length : 0} sent`;
    });
    return { stored, ...checked, recipients, statuses };
  } finally {
    db.close();
  }
}

/** One statement on a connection of its own (PostgreSQL at `url`). */
async function pgQuery(url, text, values = []) {
  const { Client } = require("pg");
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * inspectStore() for the PostgreSQL store at `url` (DATABASE_URL): the same
 * answer, and `outbox`, every outbox row (status, claim, Message-ID). Files
 * are compared by SHA-256 computed in the database, or byte for byte with
 * { bytes: true } (every file's content is read).
 */
async function inspectPostgres(url, acknowledged, { bytes = false } = {}) {
  const { Client } = require("pg");
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const stored = new Map(
      (await client.query("SELECT id::text AS id, mail_type, payload::text AS payload FROM submissions")).rows.map((row) => [row.id, row]),
    );
    const outbox = (
      await client.query(
        `SELECT id::text AS id, submission_id::text AS "submissionId", recipient, dedup_id AS "messageId", status,
                claim_token::text AS "claimToken", locked_until AS "lockedUntil", sent_at AS "sentAt", attempts
         FROM outbox`,
      )
    ).rows;
    const recipients = new Map();
    const statuses = {};
    for (const row of outbox) {
      const list = recipients.get(row.submissionId) ?? new Set();
      list.add(String(row.recipient).trim().toLowerCase());
      recipients.set(row.submissionId, list);
      statuses[row.status] = (statuses[row.status] ?? 0) + 1;
    }
    const content = bytes ? "content" : "encode(sha256(content), 'hex') AS sha256";
    const files = new Map();
    for (const row of (await client.query(`SELECT submission_id::text AS submission_id, field, size, ${content} FROM attachments`)).rows) {
      const list = files.get(row.submission_id) ?? [];
      list.push(row);
      files.set(row.submission_id, list);
    }
    const checked = compareAcknowledged(acknowledged, stored, (id) => files.get(id) ?? [], (attachment, sent) => {
      const sentHash = sent && (sent.content ? sha256(sent.content) : sent.sha256);
      const same = sent && (bytes ? (sent.content ? attachment.content.equals(sent.content) : sha256(attachment.content) === sent.sha256) : attachment.sha256 === sentHash);
      return same ? undefined : `the ${attachment.size} bytes stored differ from the ${sent ? sent.size ?? sent.content.length : 0} sent`;
    });
    return { stored, ...checked, recipients, statuses, outbox };
  } finally {
    await client.end();
  }
}

/** The outbox rows being sent (status 'sending') of one message to these recipients: the claims of a send the peer holds. */
async function claimsOf(url, messageId, recipients) {
  const { rows } = await pgQuery(
    url,
    `SELECT id::text AS id, submission_id::text AS "submissionId", recipient, dedup_id AS "messageId",
            claim_token::text AS "claimToken", locked_until AS "lockedUntil"
     FROM outbox WHERE status = 'sending' AND dedup_id = $1 AND lower(recipient) = ANY($2::text[])`,
    [messageId, recipients.map((to) => to.toLowerCase())],
  );
  return rows;
}

/**
 * What the SMTP peer received for the given submissions: per submission and
 * recipient, the Message-IDs delivered (one entry per delivery).
 * - delivered: submissions whose every due recipient got it at least once
 * - undelivered: the others, with the recipients still waiting
 * - perSubmission: deliveries per submission (all recipients), min and max
 * - duplicates: extra deliveries with the same Message-ID (a receiver can drop them)
 * - newIdDuplicates: submission/recipient pairs that got two different
 *   Message-IDs (a receiver cannot tell them apart: must be 0)
 */
function deliveryReport(peer, ids, recipientsOf) {
  const byRef = new Map();
  for (const mail of peer.received) {
    const ref = referenceOf(mail.raw);
    if (!ref) continue;
    const perRecipient = byRef.get(ref) ?? new Map();
    for (const address of mail.envelopeTo) {
      const key = address.toLowerCase();
      perRecipient.set(key, [...(perRecipient.get(key) ?? []), mail.messageId]);
    }
    byRef.set(ref, perRecipient);
  }
  let delivered = 0;
  let duplicates = 0;
  let newIdDuplicates = 0;
  let min = Infinity;
  let max = 0;
  const undelivered = [];
  for (const id of ids) {
    const perRecipient = byRef.get(id) ?? new Map();
    const due = recipientsOf(id) ?? new Set();
    const waiting = [...due].filter((address) => !perRecipient.has(address));
    if (due.size > 0 && waiting.length === 0) delivered++;
    else undelivered.push({ id, waiting });
    let count = 0;
    for (const messageIds of perRecipient.values()) {
      count += messageIds.length;
      const distinct = new Set(messageIds).size;
      duplicates += messageIds.length - distinct;
      if (distinct > 1) newIdDuplicates++;
    }
    min = Math.min(min, count);
    max = Math.max(max, count);
  }
  return { delivered, undelivered, duplicates, newIdDuplicates, perSubmission: { min: ids.length ? min : 0, max } };
}

/** Polls check() every 100 ms until it is true or timeoutMs passed; resolves with its last value. */
async function waitUntil(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value || Date.now() > deadline) return value;
    await sleep(100);
  }
}

/** Kills every server process and closes every SMTP peer still open, then removes the folders made here. */
async function cleanup({ keepDirs = false } = {}) {
  await Promise.all([...live.servers].map((server) => server.kill("SIGKILL")));
  await Promise.all([...live.peers].map((peer) => peer.close()));
  if (!keepDirs) {
    for (const dir of live.dirs) fs.rmSync(dir, { recursive: true, force: true });
    live.dirs.clear();
  }
}

// A test run that ends abruptly leaves no server behind.
process.on("exit", () => {
  for (const server of live.servers) {
    try {
      process.kill(server.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

module.exports = {
  ROOT,
  probe,
  SERVER_ENTRY,
  freePort,
  startServer,
  startSmtpPeer,
  cleanup,
  headerOf,
  referenceOf,
  sleep,
  waitUntil,
  makePdf,
  makeDoc,
  makeSubmission,
  submit,
  burst,
  inspectStore,
  inspectPostgres,
  claimsOf,
  pgQuery,
  deliveryReport,
};
