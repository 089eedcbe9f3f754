/**
 * The outbox: a notification queued with an accepted submission is delivered
 * exactly once, even when the mail server is down at first (retried with
 * backoff), and is written as an .eml file when no SMTP_URL is configured.
 */
import fs from "fs";
import type { AddressInfo } from "net";
import path from "path";
import { SMTPServer } from "smtp-server";
import request from "supertest";
import { createOutboxDispatcher, retryDelay, type OutboxDispatcher, type OutboxLog } from "../../server/outbox";
import { makeDocx, makePdf } from "./fixtures";
import { API, expectAccepted, startTestApp, type OutboxRow, type TestApp } from "./helpers";

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const CAREERS_FIELDS = {
  firstName: "Katherine",
  lastName: "Johnson",
  email: "katherine@example.org",
  phoneNumber: "+971 50 123 4567",
  nationality: "American",
  countryName: "United Arab Emirates",
  jobRole: "Service Engineer",
  mailType: "career",
};

describe("delivery over SMTP while the mail server is down, then up", () => {
  let test: TestApp;
  let dispatcher: OutboxDispatcher;
  let smtp: SMTPServer | undefined;
  const received: Received[] = [];
  const log = quietLog();
  let port: number;

  beforeAll(async () => {
    const started = await startSmtp(received);
    port = started.port;
    await stopSmtp(started.server); // the mail server is down
    test = startTestApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxBackoffMs: 100,
      outboxBackoffMaxMs: 1_000,
      outboxMaxAttempts: 5,
    });
    dispatcher = createOutboxDispatcher({ store: test.app.store, config: test.config, log });
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
      .field(CAREERS_FIELDS)
      .attach("resume", resume, "cv.pdf")
      .attach("coverLetter", makeDocx("Dear team"), "letter.docx");
    const id = expectAccepted(res);

    // Mail server down: the attempt fails, the message stays pending for later.
    const before = Date.now();
    expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 1 });
    let [row] = outboxRows(test);
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.next_attempt_at).toBeGreaterThanOrEqual(before + 100);
    expect(row.last_error).toBeTruthy();
    expect(log.warnings).toHaveLength(1);

    // Not due yet: nothing is attempted.
    expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(outboxRows(test)[0].attempts).toBe(1);

    // The mail server is back on the same port.
    smtp = (await startSmtp(received, port)).server;
    await sleep(150);
    expect(await dispatcher.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    [row] = outboxRows(test);
    expect(row.status).toBe("sent");

    // Nothing is sent again.
    await sleep(150);
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

describe("giving up", () => {
  let test: TestApp;
  let dispatcher: OutboxDispatcher;
  const log = quietLog();

  beforeAll(async () => {
    const started = await startSmtp([]);
    await stopSmtp(started.server);
    test = startTestApp({ smtpUrl: `smtp://127.0.0.1:${started.port}`, outboxBackoffMs: 1, outboxBackoffMaxMs: 1, outboxMaxAttempts: 2 });
    dispatcher = createOutboxDispatcher({ store: test.app.store, config: test.config, log });
  });
  afterAll(async () => {
    await dispatcher.stop();
    await test.cleanup();
  });

  it("marks a message failed after the last attempt and leaves it alone", async () => {
    expectAccepted(await request(test.app).post(`${API}/news-letter`).send({ email: "a@example.org", mailType: "newsletter" }));
    expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 1 });
    await sleep(10);
    expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 1 });
    const [row] = outboxRows(test);
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(2);
    expect(log.errors).toHaveLength(1);
    await sleep(10);
    expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 0 });
  });

  it("backs off exponentially, capped", () => {
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
        .send({
          firstName: "Ada",
          lastName: "Lovelace",
          subject: "Sales Inquiry",
          email: "ada@example.org",
          phoneNumber: "0501234567",
          companyName: "Analytical Engines",
          message: "A quote for 3 torque pumps, please.",
          mailType: "contact",
        }),
    );
    dispatcher.start();
    const deadline = Date.now() + 5_000;
    while (outboxRows(test)[0].status !== "sent" && Date.now() < deadline) await sleep(20);
    await sleep(100); // a few more rounds: nothing more is written
    await dispatcher.stop();

    const [row] = outboxRows(test);
    expect(row.status).toBe("sent");
    const dir = path.join(test.dataDir, "outbox");
    expect(fs.readdirSync(dir)).toEqual([`${row.id}.eml`]);
    const eml = fs.readFileSync(path.join(dir, `${row.id}.eml`), "utf8");
    const text = eml.replace(/=\r\n/g, ""); // undo quoted-printable soft line breaks
    expect(eml).toMatch(/^To: enquiries@example.com\r$/m);
    expect(eml).toMatch(/^Subject: New contact enquiry: Ada Lovelace\r$/m);
    expect(eml).toMatch(new RegExp(`^X-Submission-Id: ${id}\\r$`, "im"));
    expect(text).toContain("Subject: Sales Inquiry");
    expect(text).toContain("A quote for 3 torque pumps, please.");
    expect(eml).not.toContain("text/html");
  });
});
