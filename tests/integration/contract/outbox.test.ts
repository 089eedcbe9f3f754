/**
 * The outbox: a notification queued with an accepted submission reaches every
 * recipient, even when the mail server is down for days or defers one
 * recipient (retried with capped backoff, never given up on a temporary
 * failure); a permanent refusal is marked failed, shown by the health endpoint
 * and re-sendable; one hung reply does not hold the others; a claim that was
 * taken over cannot record a result; it is written as an .eml file when no
 * SMTP_URL is configured.
 */
import Database from "better-sqlite3";
import fs from "fs";
import type { AddressInfo } from "net";
import os from "os";
import path from "path";
import { SMTPServer } from "smtp-server";
import request from "supertest";
import { outboxCli } from "../../../server/cli/outbox";
import { createOutboxDispatcher, outboxLeaseMs, retryDelay, type OutboxDispatcher, type OutboxLog } from "../../../server/mail/outbox";
import { SqliteSubmissionStore } from "../../../server/store";
import { MIGRATIONS, schemaVersion } from "../../../server/store/sqlite/migrations";
import { makeDocx, makePdf } from "../../../testkit/documents";
import { waitFor } from "../../../testkit/wait";
import { API, expectAccepted, startTestApp, type OutboxRow, type TestApp } from "../../../testkit/contract-app";
import { CAREERS, CONTACT } from "../../../testkit/form-bodies";

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
function startSmtp(received: Received[], port = 0): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    const listener = server.listen(port, "127.0.0.1", () => resolve({ server, port: (listener.address() as AddressInfo).port }));
    listener.once("error", reject);
  });
}

function stopSmtp(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

const quietLog = (): OutboxLog & { warnings: string[]; errors: string[] } => {
  const warnings: string[] = [];
  const errors: string[] = [];
  return { warnings, errors, info: () => undefined, warn: (m) => warnings.push(m), error: (m) => errors.push(m) };
};

function outboxRows(test: TestApp): OutboxRow[] {
  const db = test.db();
  const rows = db.prepare("SELECT * FROM outbox ORDER BY created_at").all() as OutboxRow[];
  db.close();
  return rows;
}

describe("delivery over SMTP while the mail server is down, then up", () => {
  let test: TestApp;
  let dispatcher: OutboxDispatcher;
  let smtp: SMTPServer | undefined;
  const received: Received[] = [];
  const log = quietLog();
  let port: number;
  /** The dispatcher's clock: time moves only when the test moves it. */
  let clock = 0;

  beforeAll(async () => {
    const started = await startSmtp(received);
    port = started.port;
    await stopSmtp(started.server); // the mail server is down
    test = startTestApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxBackoffMs: 100,
      outboxBackoffMaxMs: 1_000,
    });
    dispatcher = createOutboxDispatcher({ store: test.app.store, config: test.config, log, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await dispatcher.stop();
    if (smtp) await stopSmtp(smtp);
    await test.cleanup();
  });

  it("keeps the message pending with a later attempt, then delivers it exactly once", async () => {
    const resume = makePdf("CV");
    const res = await request(test.app)
      .post(`${API}/careers`)
      .field(CAREERS.fields)
      .attach("resume", resume, "cv.pdf")
      .attach("coverLetter", makeDocx("Dear team"), "letter.docx");
    const id = expectAccepted(res);

    // Mail server down: the attempt fails, the message stays pending for later.
    clock = Date.now() + 1_000; // the message is due
    expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 1 });
    let [row] = outboxRows(test);
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.next_attempt_at).toBe(clock + 100); // OUTBOX_BACKOFF_MS after the failed attempt
    expect(row.last_error).toBeTruthy();
    expect(log.warnings).toHaveLength(1);

    // Not due yet: nothing is attempted.
    clock += 99;
    expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(outboxRows(test)[0].attempts).toBe(1);

    // The mail server is back on the same port, and the retry is due.
    smtp = (await startSmtp(received, port)).server;
    clock += 1;
    expect(await dispatcher.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    [row] = outboxRows(test);
    expect(row.status).toBe("sent");

    // Nothing is sent again, however late it gets.
    clock += 10 * test.config.outboxBackoffMaxMs;
    expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 0 });
    await Promise.all([dispatcher.runOnce(), dispatcher.runOnce()]);
    expect(received).toHaveLength(1);

    const [mail] = received;
    expect(mail.to).toEqual(["careers@example.com"]);
    expect(mail.raw).toMatch(/^Subject: New job application: Katherine Johnson\r?$/m);
    expect(mail.raw).toMatch(/^From: Website <no-reply@example.com>\r?$/m);
    expect(mail.raw).toMatch(/^Reply-To: katherine@example.org\r?$/m);
    expect(mail.raw).toMatch(new RegExp(`^X-Submission-Id: ${id}\\r?$`, "im"));
    expect(mail.raw).toContain("Content-Type: text/plain");
    expect(mail.raw).not.toContain("text/html");
    expect(mail.raw).toMatch(/filename="?cv\.pdf"?/);
    expect(mail.raw).toMatch(/filename="?letter\.docx"?/);
    expect(mail.raw).toContain(resume.toString("base64").slice(0, 60));
  });
});

describe("backoff", () => {
  it("doubles, capped", () => {
    expect([1, 2, 3, 4, 10, 40].map((n) => retryDelay(n, 1_000, 30_000))).toEqual([1_000, 2_000, 4_000, 8_000, 30_000, 30_000]);
  });
});

describe("without SMTP_URL: .eml files", () => {
  let test: TestApp;
  let dispatcher: OutboxDispatcher;

  beforeAll(() => {
    test = startTestApp({ smtpUrl: undefined, outboxIntervalMs: 20 });
    dispatcher = createOutboxDispatcher({ store: test.app.store, config: test.config, log: quietLog() });
  });
  afterAll(async () => {
    await dispatcher.stop();
    await test.cleanup();
  });

  it("writes each message once as DATA_DIR/outbox/<id>.eml and marks it sent", async () => {
    const id = expectAccepted(
      await request(test.app)
        .post(`${API}/contact_us`)
        .send(CONTACT),
    );
    dispatcher.start();
    await waitFor(() => outboxRows(test)[0].status === "sent");
    await dispatcher.stop();
    // More rounds write nothing more.
    expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 0 });

    const [row] = outboxRows(test);
    expect(row.status).toBe("sent");
    const dir = path.join(test.dataDir, "outbox");
    expect(fs.readdirSync(dir)).toEqual([`${row.id}.eml`]);
    // Private to the server's user (no .part left behind).
    expect(fs.statSync(path.join(dir, `${row.id}.eml`)).mode & 0o777).toBe(0o600);
    const eml = fs.readFileSync(path.join(dir, `${row.id}.eml`), "utf8");
    const text = eml.replace(/=\r\n/g, ""); // undo quoted-printable soft line breaks
    expect(eml).toMatch(/^To: enquiries@example.com\r$/m);
    expect(eml).toMatch(/^Subject: New contact enquiry: Ada Lovelace\r$/m);
    expect(eml).toMatch(new RegExp(`^X-Submission-Id: ${id}\\r$`, "im"));
    expect(text).toContain(`Subject: ${CONTACT.subject}`);
    expect(text).toContain("Please call me back about torque wrenches.");
    expect(eml).not.toContain("text/html");
  });
});

interface PeerMail {
  to: string[];
  messageId: string;
  date: string;
  subject: string;
}

/** A real SMTP peer that can defer or refuse recipients and leave a DATA reply unanswered. */
async function startPeer(behaviour: {
  rcpt?: (address: string, attempt: number) => { code: number; message: string } | undefined;
  hang?: (subject: string) => boolean;
}): Promise<{ url: string; mails: PeerMail[]; events: string[]; close(): Promise<void> }> {
  const mails: PeerMail[] = [];
  /** What happened, in order: "mail <subject>" when a mail is accepted, "gave up <subject>" when a client closes a connection left without answer. */
  const events: string[] = [];
  const hung = new Map<string, string>();
  const attempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 50,
    onClose(session) {
      const subject = hung.get(session.id);
      if (subject !== undefined) events.push(`gave up ${subject}`);
    },
    onRcptTo(address, _session, callback) {
      const attempt = (attempts.get(address.address) ?? 0) + 1;
      attempts.set(address.address, attempt);
      const refusal = behaviour.rcpt?.(address.address, attempt);
      if (!refusal) return callback();
      const err = new Error(refusal.message) as Error & { responseCode: number };
      err.responseCode = refusal.code;
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const header = (name: string) => new RegExp(`^${name}: (.*)\\r?$`, "im").exec(raw)?.[1] ?? "";
        const subject = header("Subject");
        if (behaviour.hang?.(subject)) {
          hung.set(session.id, subject);
          return; // never answers
        }
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), messageId: header("Message-ID"), date: header("Date"), subject });
        events.push(`mail ${subject}`);
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    const listener = server.listen(0, "127.0.0.1", () => resolve((listener.address() as AddressInfo).port));
    listener.once("error", reject);
  });
  return { url: `smtp://127.0.0.1:${port}`, mails, events, close: () => stopSmtp(server) };
}

const HOUR = 3_600_000;

describe("a list inbox whose server defers one recipient (4xx)", () => {
  let test: TestApp;
  let dispatcher: OutboxDispatcher;
  let peer: Awaited<ReturnType<typeof startPeer>>;
  let clock = Date.now();
  const log = quietLog();

  beforeAll(async () => {
    // Greylisting: the second address is refused with 450 at its first attempt.
    peer = await startPeer({ rcpt: (address, attempt) => (address === "b@example.com" && attempt === 1 ? { code: 450, message: "4.2.1 Mailbox busy, try later" } : undefined) });
    test = startTestApp({ smtpUrl: peer.url }, { MAIL_TO_CONTACT: "a@example.com, b@example.com,c@example.com" });
    dispatcher = createOutboxDispatcher({ store: test.app.store, config: test.config, log, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await dispatcher.stop();
    await peer.close();
    await test.cleanup();
  });

  it("delivers to every recipient once, the deferred one later, all with one Message-ID and Date", async () => {
    expectAccepted(await request(test.app).post(`${API}/contact_us`).send(CONTACT));
    clock = Date.now() + 1_000;
    expect(await dispatcher.runOnce()).toEqual({ sent: 2, failed: 1 });
    expect(peer.mails.flatMap((m) => m.to).sort()).toEqual(["a@example.com", "c@example.com"]);
    // The refusal is logged with its reply, never with the recipient's address.
    expect(log.warnings.join("\n")).toMatch(/450/);
    expect(log.warnings.join("\n")).not.toMatch(/@example\.com/);
    const deferred = outboxRows(test).filter((row) => row.status === "pending");
    expect(deferred).toHaveLength(1);

    clock += test.config.outboxBackoffMs;
    expect(await dispatcher.runOnce()).toEqual({ sent: 1, failed: 0 });
    clock += HOUR;
    expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 0 });

    const delivered = peer.mails.flatMap((m) => m.to).sort();
    expect(delivered).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
    expect(new Set(peer.mails.map((m) => m.messageId)).size).toBe(1);
    expect(peer.mails[0].messageId).toMatch(/^<[^<>@]+@[^<>@]+>$/);
    expect(new Set(peer.mails.map((m) => m.date)).size).toBe(1);
    // Every copy shows the whole list in To:.
    expect(outboxRows(test).every((row) => row.status === "sent" && row.addressed_to === "a@example.com, b@example.com,c@example.com")).toBe(true);
  });
});

describe("a mail server down for days", () => {
  let test: TestApp;
  let dispatcher: OutboxDispatcher;
  let clock = Date.now();
  const log = quietLog();
  let port: number;
  let smtp: SMTPServer | undefined;
  const received: Received[] = [];

  beforeAll(async () => {
    const started = await startSmtp(received);
    port = started.port;
    await stopSmtp(started.server);
    test = startTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    dispatcher = createOutboxDispatcher({ store: test.app.store, config: test.config, log, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await dispatcher.stop();
    if (smtp) await stopSmtp(smtp);
    await test.cleanup();
  });

  it("keeps retrying at the capped interval, alerts once, and delivers when it is back", async () => {
    expectAccepted(await request(test.app).post(`${API}/news-letter`).send({ email: "a@example.org", mailType: "newsletter" }));
    clock = Date.now() + 1_000;
    // 80 rounds an hour apart: more than three days, far past what the old attempt budget allowed.
    for (let round = 0; round < 80; round++) {
      expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 1 });
      clock += test.config.outboxBackoffMaxMs;
    }
    const [row] = outboxRows(test);
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(80);
    expect(row.next_attempt_at - clock).toBeLessThanOrEqual(0);
    expect(log.warnings).toHaveLength(80);
    expect(log.warnings[0]).toMatch(/ECONNREFUSED|connect/i);
    // One loud report that it is overdue, not one per round.
    expect(log.errors).toHaveLength(1);
    expect(log.errors[0]).toMatch(/still undelivered/);

    smtp = (await startSmtp(received, port)).server;
    expect(await dispatcher.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    expect(outboxRows(test).map((r) => r.status)).toEqual(["sent"]);
  });
});

describe("a permanent refusal (5xx)", () => {
  let test: TestApp;
  let dispatcher: OutboxDispatcher;
  let peer: Awaited<ReturnType<typeof startPeer>>;
  let refuse = true;
  const log = quietLog();

  beforeAll(async () => {
    peer = await startPeer({ rcpt: () => (refuse ? { code: 550, message: "5.1.1 No such user" } : undefined) });
    test = startTestApp({ smtpUrl: peer.url });
    dispatcher = createOutboxDispatcher({ store: test.app.store, config: test.config, log });
  });
  afterAll(async () => {
    await dispatcher.stop();
    await peer.close();
    await test.cleanup();
  });

  it("marks it failed, the health endpoint shows it, and a resend delivers it", async () => {
    const id = expectAccepted(await request(test.app).post(`${API}/contact_us`).send(CONTACT));
    expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 1 });
    expect(outboxRows(test).map((r) => r.status)).toEqual(["failed"]);
    expect(log.errors.join("\n")).toMatch(/550|No such user/);

    const health = await request(test.app).get("/api/health");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "degraded", store: "ok", outbox: { pending: 0, failed: 1, oldestPendingSeconds: null } });
    expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 0 });

    // The mailbox is fixed; the operator re-sends (by submission id) from the command line.
    refuse = false;
    const lines: string[] = [];
    expect(await outboxCli(["failed"], { DATA_DIR: test.dataDir }, (line) => lines.push(line))).toBe(0);
    expect(lines.join("\n")).toContain(id);
    expect(await outboxCli(["resend", "no-such-id"], { DATA_DIR: test.dataDir }, (line) => lines.push(line))).toBe(1);
    expect(await outboxCli(["resend", id], { DATA_DIR: test.dataDir }, (line) => lines.push(line))).toBe(0);
    expect(lines.at(-1)).toBe("1 notification(s) queued again");
    expect(await dispatcher.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(peer.mails).toHaveLength(1);
    expect((await request(test.app).get("/api/health")).body.status).toBe("ok");
  });
});

describe("a reply that never comes", () => {
  let test: TestApp;
  let dispatcher: OutboxDispatcher;
  let peer: Awaited<ReturnType<typeof startPeer>>;

  beforeAll(async () => {
    peer = await startPeer({ hang: (subject) => subject.includes("Hung") });
    test = startTestApp({ smtpUrl: peer.url, smtpTimeoutMs: 1_000, outboxConcurrency: 3 });
    dispatcher = createOutboxDispatcher({ store: test.app.store, config: test.config, log: quietLog() });
  });
  afterAll(async () => {
    await dispatcher.stop();
    await peer.close();
    await test.cleanup();
  });

  it("does not hold the other notifications, and is retried after the timeout", async () => {
    // The hung one is queued first: it is the first claimed.
    expectAccepted(await request(test.app).post(`${API}/contact_us`).send({ ...CONTACT, firstName: "Hung" }));
    for (const name of ["Grace", "Alan", "Edsger", "Barbara"]) {
      expectAccepted(await request(test.app).post(`${API}/contact_us`).send({ ...CONTACT, firstName: name }));
    }
    expect(await dispatcher.runOnce()).toEqual({ sent: 4, failed: 1 });
    expect(peer.mails).toHaveLength(4);
    // The others went while the hung one waited for its reply: all four before the client gave up on it.
    const gaveUp = await waitFor(() => peer.events.findIndex((event) => event.startsWith("gave up ")) + 1);
    expect(peer.events.slice(0, gaveUp - 1).filter((event) => event.startsWith("mail "))).toHaveLength(4);
    // The hung one was given up at the SMTP timeout (not at the answer, which never came), and waits for a retry.
    const hung = outboxRows(test).find((row) => row.status !== "sent")!;
    expect(hung.status).toBe("pending");
    expect(hung.last_error).toMatch(/timeout|timed out|abort/i);
  });
});

describe("fencing: a claim taken over cannot record a result", () => {
  let test: TestApp;
  beforeAll(() => {
    test = startTestApp();
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it("refuses the stale claimer's markSent and markFailed, accepts the current one's", async () => {
    expectAccepted(await request(test.app).post(`${API}/contact_us`).send(CONTACT));
    const store = test.app.store;
    const t0 = new Date();
    const [first] = await store.claimPendingOutbox({ now: t0, limit: 5, leaseMs: 1_000 });
    expect(first).toBeDefined();
    // Within the lease nobody else can take it.
    expect(await store.claimPendingOutbox({ now: new Date(t0.getTime() + 999), limit: 5, leaseMs: 1_000 })).toEqual([]);
    // The lease ran out: another sender takes it with a new token.
    const later = new Date(t0.getTime() + 1_000);
    const [second] = await store.claimPendingOutbox({ now: later, limit: 5, leaseMs: 1_000 });
    expect(second.id).toBe(first.id);
    expect(second.claimToken).not.toBe(first.claimToken);
    expect(second.messageId).toBe(first.messageId);

    expect(await store.renewClaim(first, new Date(later.getTime() + 10_000))).toBe(false);
    expect(await store.markSent(first, later)).toBe(false);
    expect(await store.markFailed(first, { attempts: 1, nextAttemptAt: null, error: "late" })).toBe(false);
    expect(outboxRows(test)[0].status).toBe("sending");
    expect(await store.markSent(second, later)).toBe(true);
    expect(outboxRows(test)[0].status).toBe("sent");
    expect(await store.markSent(second, later)).toBe(false);
  });

  it("leases from the SMTP timeout: a dead sender's claims come back within about a minute by default", () => {
    expect(outboxLeaseMs(15_000)).toBe(60_000);
    expect(outboxLeaseMs(test.config.smtpTimeoutMs)).toBeLessThanOrEqual(60_000);
  });
});

describe("schema migrations", () => {
  it("upgrades a site.db of the previous release in place, losing nothing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-migrate-"));
    const file = path.join(dir, "site.db");
    const old = new Database(file);
    MIGRATIONS[0].up(old); // the schema as released, user_version 0
    const created = "2026-01-02T03:04:05.000Z";
    old.prepare("INSERT INTO submissions VALUES ('s1', 'contact', '{}', ?)").run(created);
    const insert = old.prepare(
      `INSERT INTO outbox (id, submission_id, mail_from, mail_to, subject, body, attachments, status, attempts, next_attempt_at, created_at)
       VALUES (?, 's1', 'Website <no-reply@example.com>', ?, 'Subject', 'Body', '[]', ?, ?, 0, ?)`,
    );
    insert.run("o-list", "a@example.com,b@example.com", "pending", 2, created);
    insert.run("o-failed", "c@example.com", "failed", 10, created);
    insert.run("o-sent", "d@example.com", "sent", 1, created);
    old.close();

    const store = new SqliteSubmissionStore(file);
    await store.close();
    const db = new Database(file, { readonly: true });
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    const rows = db.prepare("SELECT recipient, status, dedup_id, dated_at, pending_since FROM outbox ORDER BY recipient").all() as {
      recipient: string;
      status: string;
      dedup_id: string;
      dated_at: string;
      pending_since: number;
    }[];
    db.close();
    expect(rows.map((r) => [r.recipient, r.status])).toEqual([
      ["a@example.com", "pending"],
      ["b@example.com", "pending"],
      ["c@example.com", "pending"], // given up on by the old attempt limit: retried again
      ["d@example.com", "sent"],
    ]);
    expect(rows[0].dedup_id).toBe("<o-list@outbox.local>");
    expect(rows[1].dedup_id).toBe("<o-list@outbox.local>");
    expect(rows.every((r) => r.dated_at === created && r.pending_since === Date.parse(created))).toBe(true);

    // Opening it again changes nothing.
    await new SqliteSubmissionStore(file).close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("names the attachments of older notifications by their stored file, and still sends them from uploads/", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-migrate-"));
    const file = path.join(dir, "site.db");
    const old = new Database(file);
    for (const migration of MIGRATIONS.slice(0, 2)) migration.up(old);
    old.pragma("user_version = 2");
    const created = "2026-01-02T03:04:05.000Z";
    old.prepare("INSERT INTO submissions VALUES ('s1', 'career', '{}', ?)").run(created);
    // As the previous release wrote it: the file by its absolute path on that machine.
    const attachments = JSON.stringify([{ filename: "cv.pdf", path: "/srv/old-place/var/uploads/abc.pdf", contentType: "application/pdf" }]);
    old
      .prepare(
        `INSERT INTO outbox (id, submission_id, mail_from, mail_to, recipient, subject, body, attachments, status, attempts,
                             next_attempt_at, created_at, message_id, mail_date, pending_since)
         VALUES ('o1', 's1', 'Website <no-reply@example.com>', 'a@example.com', 'a@example.com', 'Subject', 'Body', ?, 'pending', 0,
                 0, ?, '<o1@outbox.local>', ?, 0)`,
      )
      .run(attachments, created, created);
    old.close();

    const store = new SqliteSubmissionStore(file);
    const [message] = await store.claimPendingOutbox({ now: new Date(), limit: 1, leaseMs: 60_000 });
    await store.close();
    expect(message.attachments).toEqual([{ filename: "cv.pdf", contentType: "application/pdf", path: path.join(dir, "uploads", "abc.pdf") }]);
    const db = new Database(file, { readonly: true });
    expect(JSON.parse(db.prepare("SELECT attachments FROM outbox WHERE id = 'o1'").pluck().get() as string)).toEqual([
      { filename: "cv.pdf", storedName: "abc.pdf", contentType: "application/pdf" },
    ]);
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
