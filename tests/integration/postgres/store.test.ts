/**
 * The PostgreSQL store (server/store/postgres/store.ts) against a real
 * PostgreSQL: a submission with its files' bytes and one outbox row per
 * recipient in one transaction; claims that never overlap between instances
 * (FOR UPDATE SKIP LOCKED) and results fenced by the claim's token; the
 * health summary, the overdue alert, failed and re-sent rows; the retention
 * purge and deletion on request (and the deleted bytes gone from the table
 * files after a checkpoint); and the whole API on it: a multipart form
 * answered 201, its notification sent with the file read from the database.
 */
import { randomUUID } from "crypto";
import fs from "fs";
import os from "os";
import path from "path";
import request from "supertest";
import { createOutboxDispatcher } from "../../../server/mail/outbox";
import { logger } from "../../../server/log";
import { metrics } from "../../../server/metrics";
import { IdempotencyKeyTaken, PostgresSubmissionStore } from "../../../server/store";
import type { IncomingFile, NewSubmission } from "../../../server/store";
import { keepOneCoreBusy } from "../../../testkit/busy-core";
import { createTestDatabase, type TestDatabase } from "../../../testkit/postgres";
import { makePdf } from "../../../testkit/documents";
import { setUpRetentionScenario } from "../../../testkit/retention";
import { privacyUpkeep } from "../../../server/store/privacy";
import { waitFor } from "../../../testkit/wait";
import { API, expectAccepted, startTestApp } from "../../../testkit/contract-app";

/** A counter of the process's metrics (no labels), as it reads now. */
async function counterValue(name: string): Promise<number> {
  const metric = metrics.registry.getSingleMetric(name);
  return (await metric?.get())?.values[0]?.value ?? 0;
}

jest.setTimeout(60_000);

let database: TestDatabase;
const stores: PostgresSubmissionStore[] = [];
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-store-"));

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await database?.drop();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

/** A store on the test database, as one instance would have. */
async function open(): Promise<PostgresSubmissionStore> {
  const store = new PostgresSubmissionStore(database.url, { log: () => undefined });
  stores.push(store);
  await store.ready();
  return store;
}

function incoming(content: Buffer, storedName: string): IncomingFile {
  const tempPath = path.join(tempDir, `${storedName}.part`);
  fs.writeFileSync(tempPath, content);
  return { field: "resume", originalName: "cv.pdf", storedName, contentType: "application/pdf", size: content.length, tempPath };
}

let counter = 0;
function submission(overrides: Partial<NewSubmission> = {}, to = "sales@example.com"): NewSubmission {
  counter++;
  return {
    mailType: "contact",
    payload: { email: `lead${counter}@example.org`, firstName: "Ada" },
    files: [],
    notification: { from: "Website <no-reply@example.com>", to, subject: `Lead ${counter}`, text: "Body\n", attachments: [] },
    ...overrides,
  };
}

async function rows<T>(sql: string, values: unknown[] = []): Promise<T[]> {
  const store = await open();
  return (await store.pool.query(sql, values)).rows as T[];
}

const HOUR = 3_600_000;

/** Stores a submission; its id. */
async function saveId(store: PostgresSubmissionStore, item: NewSubmission): Promise<string> {
  return (await store.saveSubmission(item)).id;
}

describe("a submission", () => {
  it("is kept with its files' bytes and one outbox row per recipient, sharing one Message-ID and Date", async () => {
    const store = await open();
    const pdf = makePdf("CV ".repeat(20_000));
    const file = incoming(pdf, "0b6a2f0e-1111-4a0e-9c1e-000000000001.pdf");
    const id = await saveId(
      store,
      submission(
        {
          files: [file],
          notification: {
            from: "Website <no-reply@example.com>",
            to: "a@example.com, b@example.com",
            subject: "With a CV",
            text: "Body\n",
            attachments: [{ filename: "cv.pdf", storedName: file.storedName, contentType: "application/pdf" }],
          },
        },
        "a@example.com, b@example.com",
      ),
    );
    const [attachment] = await rows<{ content: Buffer; size: string }>("SELECT content, size FROM attachments WHERE submission_id = $1", [id]);
    expect(attachment.content.equals(pdf)).toBe(true);
    const outbox = await rows<{ recipient: string; dedup_id: string; dated_at: Date }>(
      "SELECT recipient, dedup_id, dated_at FROM outbox WHERE submission_id = $1 ORDER BY recipient",
      [id],
    );
    expect(outbox.map((row) => row.recipient)).toEqual(["a@example.com", "b@example.com"]);
    expect(new Set(outbox.map((row) => row.dedup_id)).size).toBe(1);
    expect(outbox[0].dedup_id).toMatch(/^<[0-9a-f-]{36}@example\.com>$/);
    expect(outbox[0].dated_at.getTime()).toBe(outbox[1].dated_at.getTime());
  });

  it("without files or Idempotency-Key (one statement) is kept with one outbox row per recipient, sharing one Message-ID and Date", async () => {
    const store = await open();
    const id = await saveId(store, submission({ payload: { email: "plain@example.org", firstName: "Ada" } }, "a@example.com, b@example.com"));
    expect(await rows("SELECT mail_type, payload, idempotency_key FROM submissions WHERE id = $1", [id])).toEqual([
      { mail_type: "contact", payload: { email: "plain@example.org", firstName: "Ada" }, idempotency_key: null },
    ]);
    const outbox = await rows<{ id: string; recipient: string; dedup_id: string; dated_at: Date; status: string; topic: string; created_at: Date }>(
      "SELECT id::text AS id, recipient, dedup_id, dated_at, status, topic, created_at FROM outbox WHERE submission_id = $1 ORDER BY recipient",
      [id],
    );
    expect(outbox.map((row) => [row.recipient, row.status, row.topic])).toEqual([
      ["a@example.com", "pending", `Lead ${counter}`],
      ["b@example.com", "pending", `Lead ${counter}`],
    ]);
    expect(new Set(outbox.map((row) => row.id)).size).toBe(2);
    expect(new Set(outbox.map((row) => row.dedup_id)).size).toBe(1);
    expect(outbox[0].dated_at.getTime()).toBe(outbox[1].dated_at.getTime());
    expect(outbox[0].created_at.getTime()).toBe(outbox[0].dated_at.getTime());
  });

  it("without files or Idempotency-Key is not kept at all when its outbox rows cannot be inserted", async () => {
    const store = await open();
    const before = await rows<{ n: number }>("SELECT count(*)::int AS n FROM submissions");
    // body is NOT NULL: the outbox half of the one statement fails, and the submission's row goes with it.
    const broken = submission({}, "a@example.com");
    broken.notification = { ...broken.notification, text: null as unknown as string };
    await expect(store.saveSubmission(broken)).rejects.toThrow(/null value in column "body"/);
    expect(await rows("SELECT count(*)::int AS n FROM submissions")).toEqual(before);
  });

  it("is not kept at all when one of its inserts fails", async () => {
    const store = await open();
    const before = await rows<{ n: number }>("SELECT count(*)::int AS n FROM submissions");
    const taken = "0b6a2f0e-1111-4a0e-9c1e-000000000001.pdf"; // stored_name is unique: the test above holds it
    await expect(store.saveSubmission(submission({ files: [incoming(makePdf(), taken)] }))).rejects.toThrow();
    expect(await rows("SELECT count(*)::int AS n FROM submissions")).toEqual(before);
  });
});

describe("an Idempotency-Key", () => {
  const key = (name: string, fingerprint = "f1", heldSince = new Date(Date.now() - 24 * HOUR)) => ({
    scope: "/api/v1/contact/news-letter",
    key: name,
    fingerprint,
    heldSince,
  });

  it("is held by one submission: instances storing it at once keep one, the others get its holder", async () => {
    const instances = [await open(), await open(), await open(), await open()];
    const results = await Promise.allSettled(
      instances.map((store, index) => store.saveSubmission(submission({ idempotency: key("race-1", `f${index}`) }))),
    );
    const stored = results.filter((result) => result.status === "fulfilled").map((result) => result.value.id);
    expect(stored).toHaveLength(1);
    const refused = results.filter((result) => result.status === "rejected").map((result) => result.reason as unknown);
    expect(refused).toHaveLength(3);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(IdempotencyKeyTaken);
      expect((reason as IdempotencyKeyTaken).holder.id).toBe(stored[0]);
    }
    const holder = await instances[0].findByIdempotencyKey("/api/v1/contact/news-letter", "race-1", new Date(Date.now() - HOUR));
    expect(holder?.id).toBe(stored[0]);
    expect(await rows("SELECT id FROM submissions WHERE idempotency_key = 'race-1'")).toHaveLength(1);
    // Another scope is another key.
    const store = instances[0];
    await expect(store.saveSubmission(submission({ idempotency: { ...key("race-1"), scope: "/api/v1/contact/contact_us" } }))).resolves.toBeDefined();
  });

  it("held by a submission older than heldSince is given up to the next one", async () => {
    const store = await open();
    const first = await saveId(store, submission({ idempotency: key("expiring") }));
    await store.pool.query("UPDATE submissions SET created_at = now() - interval '25 hours' WHERE id = $1", [first]);
    expect(await store.findByIdempotencyKey("/api/v1/contact/news-letter", "expiring", new Date(Date.now() - 24 * HOUR))).toBeUndefined();
    const second = await saveId(store, submission({ idempotency: key("expiring", "f2") }));
    expect(await store.findByIdempotencyKey("/api/v1/contact/news-letter", "expiring", new Date(Date.now() - 24 * HOUR))).toEqual({ id: second, fingerprint: "f2" });
    // The old submission stays, without the key.
    expect(await rows("SELECT idempotency_key FROM submissions WHERE id = $1", [first])).toEqual([{ idempotency_key: null }]);
  });
});

describe("the outbox across instances", () => {
  beforeEach(async () => {
    const store = await open();
    await store.pool.query("DELETE FROM submissions");
  });

  it("never gives one row to two instances claiming at once, and fences every result by its claim", async () => {
    const [one, two, three] = [await open(), await open(), await open()];
    for (let i = 0; i < 30; i++) await one.saveSubmission(submission());
    const now = new Date(Date.now() + 1000);
    const claims = await Promise.all(
      [one, two, three, one, two, three].map((store) => store.claimPendingOutbox({ now, limit: 6, leaseMs: HOUR })),
    );
    const ids = claims.flat().map((message) => message.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);

    const [message] = claims.flat();
    expect(await two.markSent({ id: message.id, claimToken: "00000000-0000-4000-8000-000000000000" }, now)).toBe(false);
    expect(await two.markSent(message, now)).toBe(true);
    expect(await one.markSent(message, now)).toBe(false); // recorded once
  });

  it("takes a row again after its lease, and refuses the late result of the instance that lost it", async () => {
    const [stale, fresh] = [await open(), await open()];
    await stale.saveSubmission(submission());
    const start = new Date(Date.now() + 1000);
    const [first] = await stale.claimPendingOutbox({ now: start, limit: 1, leaseMs: 60_000 });
    expect(await fresh.claimPendingOutbox({ now: new Date(start.getTime() + 30_000), limit: 1, leaseMs: 60_000 })).toEqual([]);
    const later = new Date(start.getTime() + 61_000);
    const [second] = await fresh.claimPendingOutbox({ now: later, limit: 1, leaseMs: 60_000 });
    expect(second.id).toBe(first.id);
    expect(second.messageId).toBe(first.messageId);
    expect(await stale.renewClaim(first, new Date(later.getTime() + 60_000))).toBe(false);
    expect(await stale.markSent(first, later)).toBe(false);
    expect(await stale.markFailed(first, { attempts: 1, nextAttemptAt: later, error: "late" })).toBe(false);
    expect(await fresh.markSent(second, later)).toBe(true);
  });

  it("reports what waits and what failed, alerts once on what waits too long, and sends failed rows again on request", async () => {
    const store = await open();
    const id = await saveId(store, submission());
    const queued = (await store.outboxSummary()).oldestPendingSince!;
    expect(await store.outboxSummary()).toEqual({ pending: 1, failed: 0, oldestPendingSince: queued });

    const overdue = await store.takeOverdue(new Date(queued.getTime() + 1));
    expect(overdue.map((message) => message.submissionId)).toEqual([id]);
    expect(await store.takeOverdue(new Date(queued.getTime() + 1))).toEqual([]);

    const now = new Date(Date.now() + 1000);
    const [message] = await store.claimPendingOutbox({ now, limit: 1, leaseMs: HOUR });
    expect(await store.markFailed(message, { attempts: 1, nextAttemptAt: null, error: "550 no such user" })).toBe(true);
    expect(await store.outboxSummary()).toEqual({ pending: 0, failed: 1, oldestPendingSince: null });
    expect((await store.listFailed()).map((failed) => [failed.submissionId, failed.lastError])).toEqual([[id, "550 no such user"]]);

    expect(await store.resendFailed(now, "not-an-id")).toBe(0);
    expect(await store.resendFailed(now, id)).toBe(1);
    expect((await store.outboxSummary()).pending).toBe(1);
  });
});

describe("personal data", () => {
  it("purges delivered submissions past the retention period, keeps undelivered ones, and deletes one person's on request", async () => {
    const store = await open();
    await store.pool.query("DELETE FROM submissions");
    const delivered = await saveId(store, submission({ payload: { email: "Old.Lead@Example.org" } }));
    const waiting = await saveId(store, submission());
    const now = new Date(Date.now() + 1000);
    for (const message of await store.claimPendingOutbox({ now, limit: 10, leaseMs: HOUR })) {
      if (message.submissionId === delivered) await store.markSent(message, now);
      else await store.markFailed(message, { attempts: 1, nextAttemptAt: new Date(now.getTime() + HOUR), error: "down" });
    }
    const purge = await store.purgeSubmissions(new Date(Date.now() + HOUR));
    expect(purge.removed.map((removed) => removed.id)).toEqual([delivered]);
    expect(purge.keptUndelivered).toBe(1);
    expect(await rows("SELECT count(*)::int AS n FROM outbox WHERE submission_id = $1", [delivered])).toEqual([{ n: 0 }]);

    const person = await saveId(store, submission({ payload: { email: "grace@example.org" } }));
    const removed = await store.deleteSubmissionsByEmail("  GRACE@example.org ");
    expect(removed.map((r) => r.id)).toEqual([person]);
    expect(removed[0].outboxIds).toHaveLength(1);
    expect(await rows("SELECT id FROM submissions WHERE id = $1", [person])).toEqual([]);
    expect((await rows<{ id: string }>("SELECT id FROM submissions")).map((row) => row.id)).toEqual([waiting]);
  });
});

describe("retention when deliveries have ended", () => {
  it("purges a submission whose rows were all sent or given up (e-mail refused for good, webhook given up), keeps one still being delivered", async () => {
    const store = await open();
    await store.pool.query("DELETE FROM submissions");
    const ids = await setUpRetentionScenario(store);
    const purge = await store.purgeSubmissions(new Date(Date.now() + HOUR));
    expect(purge.removed.map((removed) => removed.id).sort()).toEqual([ids.partlyRefused, ids.webhookGivenUp].sort());
    expect(purge.keptUndelivered).toBe(2);
    expect((await rows<{ id: string }>("SELECT id::text AS id FROM submissions ORDER BY id")).map((row) => row.id)).toEqual(
      [ids.webhookRetrying, ids.beingSent].sort(),
    );
    expect(await rows("SELECT id FROM outbox WHERE submission_id = ANY($1::uuid[])", [[ids.partlyRefused, ids.webhookGivenUp]])).toEqual([]);
  });
});

/** Where this database's server keeps its files (the tests' own server: readable here). */
async function dataDirectory(): Promise<string> {
  const [row] = await rows<{ data_directory: string }>("SHOW data_directory");
  return row.data_directory;
}

/** The files of the tables a deletion touches and of their TOAST tables, as they are now. */
async function tableFiles(): Promise<string[]> {
  const dir = await dataDirectory();
  const found = await rows<{ file: string | null }>(
    `SELECT pg_relation_filepath(c.oid) AS file FROM pg_class c
     WHERE c.oid IN (SELECT oid FROM pg_class WHERE relname IN ('submissions', 'attachments', 'outbox') AND relnamespace = 'public'::regnamespace
                     UNION SELECT reltoastrelid FROM pg_class WHERE relname IN ('submissions', 'attachments', 'outbox') AND relnamespace = 'public'::regnamespace)`,
  );
  return found.map((row) => row.file).filter((file): file is string => Boolean(file)).map((file) => path.join(dir, file));
}

/** The values found in any of the files (every segment of each). */
function foundIn(files: string[], values: string[]): string[] {
  const found = new Set<string>();
  for (const file of files) {
    for (const segment of [file, ...[1, 2, 3].map((n) => `${file}.${n}`)].filter((f) => fs.existsSync(f))) {
      const bytes = fs.readFileSync(segment);
      for (const value of values) if (bytes.includes(value)) found.add(value);
    }
  }
  return [...found].sort();
}

describe("erasure after a deletion", () => {
  it("leaves none of the person's values in the table files (heap and TOAST) after a checkpoint; another person's stay", async () => {
    const store = await open();
    const tag = randomUUID().slice(0, 8);
    const values = {
      email: `erase.${tag}@example.org`,
      message: `Unique message ${tag} about a loading arm`,
      fileName: `cv-${tag}.pdf`,
      notification: `Notification text ${tag}`,
      // Long enough to be kept out of line (TOAST), uncompressed (STORAGE EXTERNAL).
      content: `FILE-${tag}-`.repeat(400),
    };
    const other = `kept.${tag}@example.org`;
    const person = submission({
      payload: { email: values.email, message: values.message },
      files: [{ ...incoming(Buffer.from(values.content), `${randomUUID()}.pdf`), originalName: values.fileName }],
      notification: { from: "Website <no-reply@example.com>", to: "sales@example.com", subject: "Lead", text: `${values.notification}\n`, attachments: [] },
    });
    await saveId(store, person);
    await saveId(store, submission({ payload: { email: other } }));
    // The notification sent: its row is rewritten, as the outbox does.
    const now = new Date(Date.now() + 1000);
    for (const message of await store.claimPendingOutbox({ now, limit: 100, leaseMs: HOUR })) await store.markSent(message, now);
    const wanted = [values.email, values.message, values.fileName, values.notification, values.content.slice(0, 60)];
    await store.pool.query("CHECKPOINT");
    expect(foundIn(await tableFiles(), wanted)).toEqual([...wanted].sort());

    expect((await store.deleteSubmissionsByEmail(values.email)).length).toBe(1);
    expect(await store.eraseDeleted()).toEqual({ complete: true });
    await store.pool.query("CHECKPOINT");
    expect(foundIn(await tableFiles(), [...wanted, other])).toEqual([other]);
  });

  it("waits for a transaction older than the deletion (it still sees the rows, VACUUM FULL would copy them) before rewriting the tables", async () => {
    const store = await open();
    const email = `held.${randomUUID().slice(0, 8)}@example.org`;
    await saveId(store, submission({ payload: { email } }));
    const reader = await store.pool.connect();
    try {
      // A snapshot taken before the deletion, on another table: it holds no lock on the erased ones.
      await reader.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
      await reader.query("SELECT count(*) FROM used_challenges");
      await store.deleteSubmissionsByEmail(email);
      const erasing = store.eraseDeleted();
      await waitFor(async () => (await rows("SELECT pid FROM pg_stat_activity WHERE query LIKE 'SELECT count(*)::int AS older%' AND pid <> pg_backend_pid()")).length > 0, 10_000);
      await reader.query("COMMIT");
      expect(await erasing).toEqual({ complete: true });
    } finally {
      reader.release();
    }
    await rows("CHECKPOINT");
    expect(foundIn(await tableFiles(), [email])).toEqual([]);
  });

  it("the scheduled purge does not wait for a lock that would stop the submissions (plain VACUUM, not VACUUM FULL)", async () => {
    const store = await open();
    await setUpRetentionScenario(store);
    const writer = await store.pool.connect();
    try {
      // A submission being written holds ROW EXCLUSIVE on the tables; VACUUM FULL would wait for it (and block every later writer).
      await writer.query("BEGIN");
      await writer.query("LOCK TABLE submissions, attachments, outbox IN ROW EXCLUSIVE MODE");
      const dataDir = fs.mkdtempSync(path.join(tempDir, "routine-"));
      const said: string[] = [];
      const log = { info: (message: string) => said.push(message), warn: (message: string) => said.push(`warn: ${message}`) };
      // What the daily upkeep runs, two days on with a retention of one day: the ended submissions go (the scenario's two, and earlier tests').
      await privacyUpkeep(dataDir, store, 1, log, new Date(Date.now() + 2 * 24 * HOUR));
      expect(said.filter((line) => /^Retention: removed [1-9]\d* submission\(s\)/.test(line))).toHaveLength(1);
      expect(said.filter((line) => line.startsWith("warn: Retention: the store's files"))).toEqual([]);
    } finally {
      await writer.query("COMMIT");
      writer.release();
    }
  });
});

describe("the API on PostgreSQL", () => {
  it("counts a client's submissions over three instances in one place: exactly the limit is accepted, with another process keeping a core busy", async () => {
    const limit = 5;
    const stores = await Promise.all([open(), open(), open()]);
    const instances = stores.map((store) => startTestApp({ rateLimitMax: limit, rateLimitWindowMs: 60_000 }, {}, store));
    // As the server does, the instances serve once their store is ready: the rate limit's own connections are open then.
    await Promise.all(stores.map((store) => store.ready()));
    const busy = await keepOneCoreBusy();
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          request(instances[i % 3].app)
            .post(`${API}/news-letter`)
            .send({ email: `many${i}@example.org`, mailType: "news_letter" }),
        ),
      );
      expect(answers.filter((res) => res.status === 201)).toHaveLength(limit);
      expect(answers.filter((res) => res.status === 429)).toHaveLength(12 - limit);
      // Each hit was counted in the shared count, none let through or counted per instance.
      expect((await rows<{ hits: number }>("SELECT hits FROM rate_limits WHERE prefix = 'forms:'")).map((row) => row.hits)).toEqual([12]);
      expect(await rows("SELECT id FROM submissions WHERE payload->>'email' LIKE 'many%@example.org'")).toHaveLength(limit);
    } finally {
      await busy.stop();
      for (const instance of instances) fs.rmSync(instance.dataDir, { recursive: true, force: true });
    }
  });

  it("keeps refusing a client over the limit, per instance, while the shared count cannot answer (never unlimited)", async () => {
    const store = await open();
    const test = startTestApp({ rateLimitMax: 2, rateLimitWindowMs: 60_000 }, {}, store);
    await store.ready();
    const logged = jest.spyOn(logger(), "warn").mockImplementation(() => undefined);
    const fallbacks = await counterValue("rate_limit_fallback_total");
    const admin = await open();
    await admin.pool.query("DELETE FROM rate_limits WHERE prefix = 'forms:'");
    const subscribe = (i: number) =>
      request(test.app)
        .post(`${API}/news-letter`)
        .send({ email: `locked${i}@example.org`, mailType: "news_letter" });
    const holder = await admin.pool.connect();
    try {
      expect([(await subscribe(1)).status, (await subscribe(2)).status]).toEqual([201, 201]);
      // The client's row is locked by another transaction: the count waits until the database ends it (statement_timeout).
      await holder.query("BEGIN");
      await holder.query("SELECT hits FROM rate_limits WHERE prefix = 'forms:' FOR UPDATE");
      const refused = await subscribe(3);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: "Too many requests. Please try again later." });
      expect(logged.mock.calls.map((args) => String(args[1])).filter((message) => message.startsWith("Rate limit:"))).toEqual([
        expect.stringMatching(/^Rate limit: the shared count in the database failed \(.*statement timeout.*\); each instance limits clients on its own count/),
      ]);
      expect(await counterValue("rate_limit_fallback_total")).toBe(fallbacks + 1);
      expect(await rows("SELECT id FROM submissions WHERE payload->>'email' LIKE 'locked%@example.org'")).toHaveLength(2);
    } finally {
      await holder.query("ROLLBACK").catch(() => undefined);
      holder.release();
      logged.mockRestore();
      fs.rmSync(test.dataDir, { recursive: true, force: true });
    }
  });

  it("answers a multipart form 201 once it is stored, and its notification carries the file read from the database", async () => {
    const store = await open();
    const test = startTestApp({}, {}, store);
    try {
      const pdf = makePdf("Order ".repeat(5_000));
      const res = await request(test.app)
        .post(`${API}/product_order_form`)
        .field({ productName: "Torque Pump", mailType: "product_order_form" })
        .attach("file", pdf, "order.pdf");
      const id = expectAccepted(res);
      const [stored] = await rows<{ content: Buffer; original_name: string }>("SELECT content, original_name FROM attachments WHERE submission_id = $1", [id]);
      expect(stored.original_name).toBe("order.pdf");
      expect(stored.content.equals(pdf)).toBe(true);
      expect(fs.existsSync(path.join(test.dataDir, "uploads"))).toBe(false); // nothing on this instance's disk

      const dispatcher = createOutboxDispatcher({ store, config: { ...test.config, smtpUrl: undefined }, log: { info() {}, warn() {}, error() {} } });
      expect((await dispatcher.runOnce()).sent).toBeGreaterThanOrEqual(1);
      await dispatcher.stop();
      const [row] = await rows<{ id: string; status: string }>("SELECT id, status FROM outbox WHERE submission_id = $1", [id]);
      expect(row.status).toBe("sent");
      const eml = fs.readFileSync(path.join(test.dataDir, "outbox", `${row.id}.eml`), "utf8");
      const base64 = pdf.toString("base64");
      expect(eml.replace(/\r?\n/g, "")).toContain(base64.slice(0, 200));
    } finally {
      // The store is closed with the others.
      fs.rmSync(test.dataDir, { recursive: true, force: true });
    }
  });
});
