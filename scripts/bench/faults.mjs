/**
 * Fault benchmark (npm run bench:faults): the built server (dist/server/index.js)
 * as real processes, a real SMTP peer on loopback, and for each scenario what
 * was sent, acknowledged (201), stored (rows of site.db), delivered (submissions
 * whose every recipient got the notification; deliveries per submission),
 * duplicates (same Message-ID: a receiver drops them; a different Message-ID:
 * it cannot, must be 0) and the server's peak memory (VmHWM).
 *
 *   (a) kill -9 mid-burst, then a restart on the same DATA_DIR
 *   (b) a list inbox with one recipient greylisted (450 to its first attempts)
 *   (c) an SMTP outage longer than a short retry budget, then back
 *   (d) one SMTP reply that never comes among many messages
 *   (e) two server processes on one DATA_DIR with a slow SMTP peer
 *   (f) concurrent large multipart uploads (memory)
 *   (g) three instances on PostgreSQL (one database, a PostgreSQL of its own
 *       started by the benchmark), one killed with SIGKILL mid-burst; skipped
 *       when PostgreSQL is not installed
 *
 * Options: --only a,c (some scenarios). Loopback only; every wait is bounded
 * and the whole run stops by itself (a few minutes).
 */
import lib from "../../testkit/faults-lib.cjs";
import postgresLib from "../../testkit/postgres-lib.cjs";

const { startServer, startSmtpPeer, burst, inspectStore, deliveryReport, waitUntil, cleanup, sleep, SERVER_ENTRY } = lib;

const only = (() => {
  const at = process.argv.indexOf("--only");
  return at >= 0 ? new Set(process.argv[at + 1].split(",").map((s) => s.trim().toLowerCase())) : null;
})();

/** Short outbox intervals so retries happen within the run; the SMTP timeout decides the lease (where the server has one). */
const OUTBOX = {
  MAIL_FROM: "Website <no-reply@example.com>",
  OUTBOX_INTERVAL_MS: "100",
  OUTBOX_BACKOFF_MS: "200",
  OUTBOX_BACKOFF_MAX_MS: "1000",
  SMTP_TIMEOUT_MS: "2000",
};

const WHOLE_RUN_MS = 8 * 60_000;
const guard = setTimeout(async () => {
  console.error(`The fault benchmark did not finish within ${WHOLE_RUN_MS / 60_000} min: stopped.`);
  await cleanup();
  process.exit(1);
}, WHOLE_RUN_MS);

const mb = (kb) => (kb / 1024).toFixed(0);
const seconds = (ms) => (ms / 1000).toFixed(1);

/**
 * Waits (at most withinMs) until every stored submission is delivered, then
 * measures. A short settle afterwards lets late duplicates arrive.
 */
async function measure({ name, peer, dataDir, inspect, results, servers, started, withinMs, settleMs = 1_000, note = "" }) {
  const acknowledged = results.filter((r) => r.status === 201 && r.id);
  // The SQLite store of dataDir, or inspect(acknowledged) (PostgreSQL).
  const read = async () => (inspect ? inspect(acknowledged) : inspectStore(dataDir, acknowledged));
  let store = await read();
  let ids = [...store.stored.keys()];
  const deliveredAll = await waitUntil(async () => {
    store = await read();
    ids = [...store.stored.keys()];
    return deliveryReport(peer, ids, (id) => store.recipients.get(id)).delivered === ids.length;
  }, withinMs);
  const elapsed = Date.now() - started;
  await sleep(settleMs);
  store = await read();
  ids = [...store.stored.keys()];
  const report = deliveryReport(peer, ids, (id) => store.recipients.get(id));
  const statuses = Object.entries(store.statuses)
    .map(([status, n]) => `${status} ${n}`)
    .join(", ");
  return {
    scenario: name,
    sent: results.length,
    "busy (503)": results.reduce((sum, r) => sum + (r.busy ?? 0), 0),
    acknowledged: acknowledged.length,
    "other answers": results.filter((r) => r.status !== 201).length,
    stored: store.stored.size,
    "lost (201 not stored)": store.missing.length,
    "files differing": store.badFiles.length,
    delivered: `${report.delivered}/${ids.length}`,
    "all delivered after": deliveredAll ? `${seconds(elapsed)} s` : `not within ${seconds(withinMs)} s`,
    "deliveries per submission (all recipients)": `${report.perSubmission.min}–${report.perSubmission.max}`,
    "dup. same Message-ID": report.duplicates,
    "dup. new Message-ID": report.newIdDuplicates,
    "outbox rows": statuses,
    "idle MB": mb(Math.max(...servers.map((s) => s.idleKb ?? 0))),
    "peak MB": mb(Math.max(...servers.map((s) => s.peakRssKb()))),
    note: typeof note === "function" ? note() : note,
  };
}

async function started(options) {
  const server = await startServer(options);
  server.idleKb = server.rssKb();
  return server;
}

const count = (results) => {
  const by = {};
  for (const r of results) by[r.status === 0 ? `no answer (${r.error})` : r.status] = (by[r.status === 0 ? `no answer (${r.error})` : r.status] ?? 0) + 1;
  return Object.entries(by)
    .map(([status, n]) => `${status}: ${n}`)
    .join(", ");
};

const scenarios = {
  async a() {
    const peer = await startSmtpPeer({ delayMs: 25 });
    const env = { ...OUTBOX, SMTP_URL: peer.url };
    const first = await started({ env });
    const t0 = Date.now();
    let killed;
    const before = await burst(first.url, 300, {
      concurrency: 12,
      shouldStop: () => killed !== undefined,
      onResult: (_r, all) => {
        if (!killed && all.filter((r) => r.status === 201).length >= 120) killed = first.kill("SIGKILL");
      },
    });
    await killed;
    const second = await started({ env, dataDir: first.dataDir });
    const after = await burst(second.url, 300 - before.length, { concurrency: 12, make: (i) => lib.makeSubmission(before.length + i) });
    const results = [...before, ...after];
    return measure({
      name: "(a) kill -9 mid-burst, restart",
      peer,
      dataDir: first.dataDir,
      results,
      servers: [first, second],
      started: t0,
      withinMs: 30_000,
      note: `killed after 120 acknowledged; answers ${count(results)}`,
    });
  },

  async b() {
    const GREYLISTED = "sales-b@example.com";
    const REFUSALS = 10;
    const peer = await startSmtpPeer({
      rejectRecipient: (address, attempt) =>
        address.toLowerCase() === GREYLISTED && attempt <= REFUSALS ? { code: 450, message: "4.2.0 Greylisted, please try again later" } : undefined,
    });
    const server = await started({ env: { ...OUTBOX, SMTP_URL: peer.url, MAIL_TO_CONTACT: `sales-a@example.com,${GREYLISTED}` } });
    const t0 = Date.now();
    const results = await burst(server.url, 40, { concurrency: 8, make: (i) => lib.makeSubmission(i, { kinds: ["contact_us"] }) });
    return measure({
      name: "(b) list inbox, one recipient greylisted",
      peer,
      dataDir: server.dataDir,
      results,
      servers: [server],
      started: t0,
      withinMs: 30_000,
      note: () => `450 to the first ${REFUSALS} RCPT TO of ${GREYLISTED}; it saw ${peer.attemptsFor(GREYLISTED)}`,
    });
  },

  async c() {
    const OUTAGE_MS = 15_000;
    const peer = await startSmtpPeer({ down: true });
    const server = await started({ env: { ...OUTBOX, SMTP_URL: peer.url } });
    const t0 = Date.now();
    const results = await burst(server.url, 60, { concurrency: 8 });
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - t0)));
    peer.behaviour.down = false;
    return measure({
      name: "(c) SMTP outage, then back",
      peer,
      dataDir: server.dataDir,
      results,
      servers: [server],
      started: t0,
      withinMs: 45_000,
      note: `connections reset for ${seconds(OUTAGE_MS)} s; backoff ${OUTBOX.OUTBOX_BACKOFF_MS}–${OUTBOX.OUTBOX_BACKOFF_MAX_MS} ms`,
    });
  },

  async d() {
    let hung = 0;
    const target = "New contact enquiry: Ada Aa"; // submission 0
    const peer = await startSmtpPeer({ hang: (subject) => subject === target && hung++ === 0 });
    const server = await started({ env: { ...OUTBOX, SMTP_URL: peer.url } });
    const t0 = Date.now();
    const results = await burst(server.url, 40, { concurrency: 4, make: (i) => lib.makeSubmission(i, { kinds: ["contact_us"] }) });
    // When did the 39 others arrive?
    await waitUntil(() => peer.received.filter((m) => m.subject !== target).length >= 39, 75_000);
    const others = Date.now() - t0;
    const row = await measure({
      name: "(d) one hung SMTP reply",
      peer,
      dataDir: server.dataDir,
      results,
      servers: [server],
      started: t0,
      withinMs: 75_000,
      note: `the first DATA of one message never answered; the 39 others delivered after ${seconds(others)} s; SMTP_TIMEOUT_MS ${OUTBOX.SMTP_TIMEOUT_MS}`,
    });
    return row;
  },

  async e() {
    const peer = await startSmtpPeer({ delayMs: 400 });
    const env = { ...OUTBOX, SMTP_URL: peer.url, SMTP_TIMEOUT_MS: "1000" };
    const one = await started({ env });
    const two = await started({ env, dataDir: one.dataDir });
    const t0 = Date.now();
    const [r1, r2] = await Promise.all([
      burst(one.url, 30, { concurrency: 4 }),
      burst(two.url, 30, { concurrency: 4, make: (i) => lib.makeSubmission(30 + i) }),
    ]);
    return measure({
      name: "(e) two processes, one DATA_DIR, slow SMTP",
      peer,
      dataDir: one.dataDir,
      results: [...r1, ...r2],
      servers: [one, two],
      started: t0,
      withinMs: 90_000,
      settleMs: 5_000,
      note: "SMTP answers DATA after 400 ms; SMTP_TIMEOUT_MS 1000",
    });
  },

  async f() {
    const FILE_BYTES = Math.floor(9.9 * 1024 * 1024);
    const peer = await startSmtpPeer({}, { maxRawBytes: 256 * 1024 });
    const server = await started({ env: { ...OUTBOX, SMTP_URL: peer.url, SMTP_TIMEOUT_MS: "15000" } });
    const t0 = Date.now();
    const results = await burst(server.url, 20, {
      concurrency: 20,
      keepFiles: false,
      timeoutMs: 120_000,
      make: (i) => lib.makeSubmission(i, { kinds: ["careers"], fileBytes: FILE_BYTES }),
    });
    return measure({
      name: "(f) 20 concurrent 2×9.9 MB uploads",
      peer,
      dataDir: server.dataDir,
      results,
      servers: [server],
      started: t0,
      withinMs: 120_000,
      note: `answers ${count(results)}`,
    });
  },

  async g() {
    const name = "(g) three instances on PostgreSQL, one killed mid-burst";
    if (!postgresLib.findPostgresBin()) {
      console.log(`\n${name}: skipped, PostgreSQL is not installed (no initdb found: sudo apt-get install postgresql, or set POSTGRES_BIN)`);
      return undefined;
    }
    const SUBMISSIONS = 360;
    const KILL_AFTER = 120;
    const SMTP_TIMEOUT_MS = 1_500; // lease 6 s, renewed every 1.5 s
    const postgres = await postgresLib.startPostgres();
    try {
      const peer = await startSmtpPeer({ delayMs: 40 });
      const env = {
        ...OUTBOX,
        DATABASE_URL: postgres.url,
        SMTP_URL: peer.url,
        MAIL_TO_CONTACT: "sales@example.com,service@example.com",
        OUTBOX_CONCURRENCY: "6",
        SMTP_TIMEOUT_MS: String(SMTP_TIMEOUT_MS),
      };
      // Three machines: each its own DATA_DIR, all starting at once on one database.
      const servers = await Promise.all([0, 1, 2].map(() => started({ env })));
      const [victim, ...survivors] = servers;
      let alive = servers;
      let killed;
      const t0 = Date.now();
      // A load balancer: round robin over the live instances; the victim leaves the rotation when it is killed.
      const results = await burst((submission) => alive[submission.i % alive.length].url, SUBMISSIONS, {
        concurrency: 12,
        onResult: (_r, all) => {
          if (killed || all.filter((r) => r.status === 201).length < KILL_AFTER) return;
          alive = survivors;
          killed = victim.kill("SIGKILL").then(() => lib.abandonedClaims(postgres.url, SMTP_TIMEOUT_MS + 700));
        },
      });
      const abandoned = (await killed) ?? [];
      const row = await measure({
        name,
        peer,
        inspect: (acknowledged) => lib.inspectPostgres(postgres.url, acknowledged),
        results,
        servers,
        started: t0,
        withinMs: 30_000,
        note: "",
      });
      const outbox = new Map((await lib.inspectPostgres(postgres.url, [])).outbox.map((r) => [r.id, r]));
      const deliveries = peer.deliveries();
      const resent = abandoned.filter((claim) => {
        const now = outbox.get(claim.id);
        return now?.status === "sent" && now.sentAt >= claim.lockedUntil && (deliveries.get(claim.messageId) ?? []).some((to) => to.toLowerCase() === claim.recipient.toLowerCase());
      });
      row.note =
        `killed after ${KILL_AFTER} acknowledged; answers ${count(results)}; ` +
        `the killed instance held ${abandoned.length} outbox claims, ${resent.length} of them sent by the others after the lease (${(4 * SMTP_TIMEOUT_MS) / 1000} s); ` +
        `files compared by SHA-256 in the database`;
      return row;
    } finally {
      await cleanup();
      await postgres.stop();
    }
  },
};

function table(rows) {
  const columns = Object.keys(rows[0]).filter((c) => c !== "note");
  const line = (cells) => `| ${cells.join(" | ")} |`;
  const out = [line(columns), line(columns.map(() => "---")), ...rows.map((row) => line(columns.map((c) => String(row[c]))))];
  return out.join("\n");
}

console.log(`Fault benchmark of ${SERVER_ENTRY} on Node ${process.version}`);
const rows = [];
for (const [key, run] of Object.entries(scenarios)) {
  if (only && !only.has(key)) continue;
  const t0 = Date.now();
  try {
    const row = await run();
    if (!row) continue; // skipped (it said why)
    rows.push(row);
    console.log(`\n${row.scenario} (${seconds(Date.now() - t0)} s)`);
    console.log(table([row]));
    if (row.note) console.log(`note: ${row.note}`);
  } catch (err) {
    console.error(`\n(${key}) failed: ${err.stack ?? err}`);
  } finally {
    await cleanup();
  }
}
if (rows.length > 1) {
  console.log("\nAll scenarios");
  console.log(table(rows));
}
clearTimeout(guard);
