/**
 * Signed webhooks (Standard Webhooks) through the outbox, on both stores,
 * to a real receiver that verifies them with the standardwebhooks package:
 * one lead.created per lead and endpoint with the lead's fields, attribution
 * and signed links to its files; the same webhook-id on every retry; only
 * 2xx is delivered; a Retry-After longer than the schedule's step is
 * honoured, a shorter one is not; the answer's body is never read (the
 * connection is closed after its headers); 410 Gone stops the endpoint until
 * it is enabled again; a quarantined submission sends nothing until it is
 * released, then once; the health report shows the webhook backlog. During
 * a rotation of the secret, each delivery (a retry too) carries a signature
 * per secret, and a receiver verifying with the old secret alone or the new
 * one alone accepts it.
 */
import fs from "fs";
import os from "os";
import path from "path";
import { Writable } from "stream";
import { Webhook } from "standardwebhooks";
import request from "supertest";
import { exportCli } from "../../../server/cli/export";
import { leadsCli } from "../../../server/cli/leads";
import { webhooksCli } from "../../../server/cli/webhooks";
import type { JsonLead } from "../../../server/leads/export-format";
import { createOutboxDispatcher, type OutboxDispatcher } from "../../../server/mail/outbox";
import { Webhooks } from "../../../server/webhooks";
import { webhookEndpointsFrom } from "../../../server/webhooks/endpoints";
import { signFileLink } from "../../../server/webhooks/file-links";
import { WEBHOOK_RETRY_SCHEDULE_MS, nextWebhookAttempt, retryAfterMs } from "../../../server/webhooks/sender";
import { API, contractExample, expectAccepted, expectError, setUpContractApp, type TestApp } from "../../../testkit/contract-app";
import { CAREERS, postMultipart } from "../../../testkit/form-bodies";
import { makePdf } from "../../../testkit/documents";
import { waitFor } from "../../../testkit/wait";
import { newWebhookSecret, startWebhookReceiver, type WebhookReceiver } from "../../../testkit/webhook-receiver";

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let receiver: WebhookReceiver;
let other: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  other = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await other.close();
});

function envFor(test: TestApp): NodeJS.ProcessEnv {
  return {
    ...(test.config.databaseUrl ? { DATABASE_URL: test.config.databaseUrl } : {}),
    DATA_DIR: test.dataDir,
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET: receiver.secret,
  };
}

/**
 * Moves the dispatcher's clock (`advance`) to 1 ms before the next attempt is
 * due, then to when it is, with an outbox round at each: the receiver gets one
 * delivery more, and not before.
 */
async function expectNextAttemptAfter(waitMs: number, dispatcher: OutboxDispatcher, advance: (ms: number) => void): Promise<void> {
  const before = receiver.received.length;
  advance(waitMs - 1);
  await dispatcher.runOnce();
  expect(receiver.received).toHaveLength(before);
  advance(1);
  await dispatcher.runOnce();
  expect(receiver.received).toHaveLength(before + 1);
}

interface LeadEvent {
  type: string;
  timestamp: string;
  data: { id: string; form: string; mailType: string; fields: Record<string, unknown>; attribution?: Record<string, string>; attachments: { field: string; name: string; type: string; size: number; url: string }[] };
}

describe("lead.created", () => {
  // SPAM_CHECKS stays off here (the spam tests cover quarantine); one test below turns to a quarantined submission by hand.
  const test = setUpContractApp({}, { SITE_URL: "https://leads.example.com", SPAM_CHECKS: "off" });
  let dispatcher: OutboxDispatcher;
  /** How far the dispatcher's clock is ahead of the real one (retries are due later). */
  let ahead = 0;
  /** When set, the real time the dispatcher's clock stopped at: from then on it moves only with `ahead`. */
  let stoppedAt: number | undefined;
  /** Stops the dispatcher's clock at the real time now (the rows queued so far are due), for the test alone to move. */
  const stopClock = () => {
    stoppedAt = Date.now();
  };
  beforeAll(() => {
    // The receiver's endpoint is this app's only one (the config read before the receiver existed names none).
    Object.assign(test.config, { webhookEndpoints: [{ url: receiver.url, secret: receiver.secret, events: ["lead.created"] }] });
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answer = () => ({ status: 204 });
    ahead = 0;
    stoppedAt = undefined;
    dispatcher = createOutboxDispatcher({ store: test.app.store, config: test.config, log: quiet, now: () => new Date((stoppedAt ?? Date.now()) + ahead) });
  });
  afterEach(() => dispatcher.stop());

  it("is sent once, signed, with the lead's fields and attribution; the receiver verifies it", async () => {
    const body = contractExample("contact_us");
    const id = expectAccepted(await request(test.app).post(`${API}/contact_us`).send(body));
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery.verifyError).toBeUndefined();
    const event = delivery.verified as LeadEvent;
    expect(event.type).toBe("lead.created");
    expect(event.data.id).toBe(id);
    expect(event.data.form).toBe("contact_us");
    const { attribution, ...fields } = body;
    expect(event.data.fields).toEqual(fields);
    expect(event.data.attribution).toEqual(attribution);
    expect(event.data.attachments).toEqual([]);
    expect(delivery.id).toMatch(/^msg_[0-9a-f]{32}$/);
    // Delivered: nothing more at the next round.
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);
  });

  it("names the form by its key whichever of its mail types the visitor sent, as the export does", async () => {
    const first = expectAccepted(await request(test.app).post(`${API}/news-letter`).send({ email: "first@example.org", mailType: "news_letter" }));
    // The site's form sends newsletter after a reset.
    const second = expectAccepted(await request(test.app).post(`${API}/news-letter`).send({ email: "second@example.org", mailType: "newsletter" }));
    await dispatcher.runOnce();
    const events = receiver.received.map((delivery) => delivery.verified as LeadEvent);
    expect(events.map(({ data }) => ({ id: data.id, form: data.form, mailType: data.mailType })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: first, form: "news-letter", mailType: "news_letter" },
        { id: second, form: "news-letter", mailType: "newsletter" },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    const exported: string[] = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        exported.push(chunk.toString("utf8"));
        done();
      },
    });
    expect(await exportCli(["--form", "news-letter", "--format", "jsonl"], envFor(test), out, () => undefined)).toBe(0);
    const leads = exported.join("").trim().split("\n").map((line) => JSON.parse(line) as JsonLead);
    expect(leads.map(({ id, form }) => ({ id, form })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      events.map(({ data }) => ({ id: data.id, form: data.form })).sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it("keeps its webhook-id on every retry; a Retry-After longer than the schedule's step is honoured, a shorter one is not; only 2xx counts", async () => {
    const id = expectAccepted(await request(test.app).post(`${API}/contact_us`).send(contractExample("contact_us")));
    stopClock();
    receiver.answer = (n) => [{ status: 500, retryAfter: "2" }, { status: 302 }, { status: 429, retryAfter: "3600" }][n] ?? { status: 200 };
    const retryAfter = (waitMs: number) => expectNextAttemptAfter(waitMs, dispatcher, (ms) => (ahead += ms));
    await dispatcher.runOnce();
    // Retry-After: 2 does not hasten the schedule's 5 s.
    await retryAfter(WEBHOOK_RETRY_SCHEDULE_MS[0]);
    // A redirect is no delivery: the schedule's 5 min next.
    await retryAfter(WEBHOOK_RETRY_SCHEDULE_MS[1]);
    // Retry-After: 3600 puts off the schedule's 30 min to an hour.
    await retryAfter(3_600_000);
    expect(receiver.received.map((d) => d.answered)).toEqual([500, 302, 429, 200]);
    expect(new Set(receiver.received.map((d) => d.id)).size).toBe(1);
    expect(new Set(receiver.received.map((d) => d.body)).size).toBe(1);
    expect((JSON.parse(receiver.received[0].body) as LeadEvent).data.id).toBe(id);
    // Each attempt is signed at its own time, with the same id and bytes.
    expect(receiver.received[0].timestamp).not.toBe(receiver.received[3].timestamp);
  });

  it("410 Gone stops every delivery to the endpoint until webhooks:enable; then they go on", async () => {
    receiver.answer = () => ({ status: 410 });
    expectAccepted(await request(test.app).post(`${API}/contact_us`).send(contractExample("contact_us")));
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);
    receiver.answer = () => ({ status: 204 });
    expectAccepted(await request(test.app).post(`${API}/contact_us`).send(contractExample("contact_us")));
    for (let i = 0; i < 3; i++) {
      ahead += 3_600_000;
      await dispatcher.runOnce();
    }
    expect(receiver.received).toHaveLength(1);
    // Reports arriving together read the backlog and the disabled endpoints once, never every webhook row.
    const perEndpoint = jest.spyOn(test.app.store, "webhookStatus");
    const healths = await Promise.all(Array.from({ length: 10 }, () => request(test.app).get("/api/health")));
    for (const health of healths) expect(health.body).toMatchObject({ status: "degraded", webhooks: { pending: 2, failed: 0, disabledEndpoints: 1 } });
    expect(perEndpoint).not.toHaveBeenCalled();
    perEndpoint.mockRestore();

    const lines: string[] = [];
    expect(await webhooksCli(["status"], envFor(test), (line) => lines.push(line))).toBe(0);
    expect(lines.join("\n")).toContain(`${receiver.url}  configured, DISABLED since`);
    expect(await webhooksCli(["enable", receiver.url], envFor(test), (line) => lines.push(line))).toBe(0);
    await dispatcher.runOnce();
    expect(receiver.received.map((d) => d.answered)).toEqual([410, 204, 204]);
    expect((await request(test.app).get("/api/health")).body).toMatchObject({ webhooks: { pending: 0, disabledEndpoints: 0 } });
  });

  it("sends a lead's files as signed links that download as attachments, and refuse a forged or expired one", async () => {
    const pdf = makePdf("CV of Katherine");
    expectAccepted(await postMultipart(test.app, CAREERS, { files: { ...CAREERS.files, resume: { content: pdf, name: "Katherine CV.pdf" } } }));
    await dispatcher.runOnce();
    const event = receiver.received[0].verified as LeadEvent;
    const resume = event.data.attachments.find((a) => a.field === "resume")!;
    expect(resume).toMatchObject({ name: "Katherine CV.pdf", type: "application/pdf", size: pdf.length });
    const url = new URL(resume.url);
    expect(url.origin).toBe("https://leads.example.com");
    const file = await request(test.app).get(`${url.pathname}${url.search}`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done(null, Buffer.concat(chunks)));
    });
    expect(file.status).toBe(200);
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="Katherine CV.pdf"; filename*=UTF-8''Katherine%20CV.pdf`);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);

    const forged = new URLSearchParams(url.search);
    forged.set("signature", "0".repeat(64));
    expectError(await request(test.app).get(`${url.pathname}?${forged.toString()}`), 403);
    const name = url.pathname.split("/").pop()!;
    const secret = await new Webhooks(test.config, test.app.store).fileLinkSecret();
    const expired = new URL(signFileLink("https://leads.example.com", secret, name, new Date(Date.now() - 1000)));
    expectError(await request(test.app).get(`${expired.pathname}${expired.search}`), 410);
  });

  it("a quarantined submission sends nothing until it is released, then once", async () => {
    const quarantined = setUpQuarantined(test);
    const id = await quarantined();
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(0);
    expect(await leadsCli(["release", id], envFor(test), () => undefined)).toBe(0);
    expect(await leadsCli(["release", id], envFor(test), () => undefined)).toBe(1);
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);
    expect((receiver.received[0].verified as LeadEvent).data.id).toBe(id);
  });
});

/** Stores a quarantined submission straight through the store (the spam tests cover how the API decides it). */
function setUpQuarantined(test: TestApp): () => Promise<string> {
  return async () => {
    const { randomUUID } = await import("crypto");
    const id = randomUUID();
    const saved = await test.app.store.saveSubmission({
      id,
      mailType: "contact",
      payload: { ...contractExample("contact_us") },
      files: [],
      notification: { from: test.config.mailFrom, to: "sales@example.com", subject: "New contact enquiry", text: "held", attachments: [] },
      screening: { reasons: ["honeypot"] },
      webhooks: [{ endpoint: receiver.url, webhookId: "msg_00000000000000000000000000000000", type: "lead.created", payload: "{}" }],
    });
    expect(saved.quarantined).toBe(true);
    return id;
  };
}

describe("several endpoints", () => {
  const test = setUpContractApp({}, { SPAM_CHECKS: "off" });

  it("each gets its own row of the same event (one id, the same bytes), and its own failures", async () => {
    Object.assign(test.config, {
      webhookEndpoints: [
        { url: receiver.url, secret: receiver.secret, events: ["lead.created"] },
        { url: other.url, secret: other.secret, events: ["lead.created"] },
      ],
    });
    receiver.received.length = 0;
    other.received.length = 0;
    receiver.answer = () => ({ status: 204 });
    other.answer = (n) => ({ status: n === 0 ? 503 : 204 });
    let ahead = 0;
    const dispatcher = createOutboxDispatcher({ store: test.app.store, config: test.config, log: quiet, now: () => new Date(Date.now() + ahead) });
    try {
      expectAccepted(await request(test.app).post(`${API}/contact_us`).send(contractExample("contact_us")));
      await dispatcher.runOnce();
      ahead += WEBHOOK_RETRY_SCHEDULE_MS[0];
      await dispatcher.runOnce();
      expect(receiver.received.map((d) => d.answered)).toEqual([204]);
      expect(other.received.map((d) => d.answered)).toEqual([503, 204]);
      expect(other.received[1].verifyError).toBeUndefined();
      expect(other.received[0].id).toBe(receiver.received[0].id);
      expect(other.received[0].body).toBe(receiver.received[0].body);
    } finally {
      await dispatcher.stop();
    }
  });
});

describe("a receiver that misbehaves", () => {
  // Its own database: the event given up here would count in the health reports the lead.created tests read.
  const test = setUpContractApp({}, { SPAM_CHECKS: "off" });
  let dispatcher: OutboxDispatcher | undefined;
  /** How far the dispatcher's clock has moved since it stopped. */
  let ahead = 0;
  beforeAll(() => {
    Object.assign(test.config, { webhookEndpoints: [{ url: receiver.url, secret: receiver.secret, events: ["lead.created"] }] });
  });
  afterEach(() => dispatcher?.stop());

  /** Queues one lead.created, and a dispatcher whose clock stops at the real time now: from then on only the test moves it. */
  async function queueLead(): Promise<OutboxDispatcher> {
    receiver.received.length = 0;
    expectAccepted(await request(test.app).post(`${API}/contact_us`).send(contractExample("contact_us")));
    const stoppedAt = Date.now();
    ahead = 0;
    dispatcher = createOutboxDispatcher({ store: test.app.store, config: test.config, log: quiet, now: () => new Date(stoppedAt + ahead) });
    return dispatcher;
  }

  /** The receiver's endpoint as the store reports it. */
  async function endpointStatus() {
    return (await test.app.store.webhookStatus()).find((s) => s.url === receiver.url);
  }

  it("reads no answer's body: the connection is closed after the status, whatever the receiver still sends", async () => {
    const size = 64 * 1024 * 1024;
    const outbox = await queueLead();
    receiver.answer = (n) => ({ status: n === 0 ? 503 : 200, bodyBytes: size });
    await outbox.runOnce();
    const refused = await waitFor(() => receiver.received[0]?.bodyEnd);
    expect(refused.complete).toBe(false);
    expect(refused.written).toBeLessThan(size);
    expect(await endpointStatus()).toMatchObject({ pending: 1, lastError: "answered 503" });

    ahead += WEBHOOK_RETRY_SCHEDULE_MS[0];
    await outbox.runOnce();
    const accepted = await waitFor(() => receiver.received[1]?.bodyEnd);
    expect(accepted.complete).toBe(false);
    expect(await endpointStatus()).toMatchObject({ pending: 0, sent: 1, failed: 0 });
  });

  it("a receiver answering 503 with Retry-After: 0 gets its ten attempts over the schedule's three days, then the event is given up", async () => {
    const outbox = await queueLead();
    receiver.answer = () => ({ status: 503, retryAfter: "0" });
    await outbox.runOnce();
    for (const step of WEBHOOK_RETRY_SCHEDULE_MS) await expectNextAttemptAfter(step, outbox, (ms) => (ahead += ms));
    expect(ahead).toBeGreaterThan(3 * 86_400_000);
    expect(await endpointStatus()).toMatchObject({ pending: 0, failed: 1, lastError: "answered 503" });
    ahead += 7 * 86_400_000;
    await outbox.runOnce();
    expect(receiver.received).toHaveLength(10);
  });
});

/** Whether a receiver holding `secret` alone accepts this delivery (as standardwebhooks verifies it). */
function verifiesWith(secret: string, delivery: { id: string; timestamp: string; signature: string; body: string }): boolean {
  try {
    new Webhook(secret).verify(delivery.body, { "webhook-id": delivery.id, "webhook-timestamp": delivery.timestamp, "webhook-signature": delivery.signature });
    return true;
  } catch {
    return false;
  }
}

describe("rotating the secret (WEBHOOK_SECRET_PREVIOUS)", () => {
  const test = setUpContractApp({}, { SPAM_CHECKS: "off" });
  const oldSecret = newWebhookSecret();
  const newSecret = newWebhookSecret();
  let rotating: WebhookReceiver;
  beforeAll(async () => {
    rotating = await startWebhookReceiver(oldSecret);
  });
  afterAll(() => rotating.close());

  it("signs each delivery, a retry of one queued before the switch too, with both secrets until the previous one is dropped", async () => {
    /** An instance (re)started with this environment: its endpoints, and its own dispatcher on a clock `ahead` of the real one (retries are due later). */
    let ahead = 0;
    const startInstance = (env: NodeJS.ProcessEnv) => {
      Object.assign(test.config, { webhookEndpoints: webhookEndpointsFrom({ WEBHOOK_URL: rotating.url, ...env }) });
      return createOutboxDispatcher({ store: test.app.store, config: test.config, log: quiet, now: () => new Date(Date.now() + ahead) });
    };
    const lead = async () => expectAccepted(await request(test.app).post(`${API}/contact_us`).send(contractExample("contact_us")));
    const leadOf = (delivery: { body: string }) => (JSON.parse(delivery.body) as LeadEvent).data.id;

    // Before: the old secret alone. The receiver is down for the first delivery.
    let instance = startInstance({ WEBHOOK_SECRET: oldSecret });
    rotating.answer = (n) => ({ status: n === 0 ? 503 : 204 });
    const queuedBefore = await lead();
    await instance.runOnce();
    await instance.stop();
    expect(rotating.received.map((d) => d.answered)).toEqual([503]);
    expect(rotating.received[0].signature.split(" ")).toHaveLength(1);

    // The rotation: WEBHOOK_SECRET=new, WEBHOOK_SECRET_PREVIOUS=old, the instance restarted. The receiver still holds the old secret.
    instance = startInstance({ WEBHOOK_SECRET: newSecret, WEBHOOK_SECRET_PREVIOUS: oldSecret });
    const queuedDuring = await lead();
    ahead += WEBHOOK_RETRY_SCHEDULE_MS[0];
    await instance.runOnce();
    const [retried, during] = [queuedBefore, queuedDuring].map((id) => rotating.received.find((d) => d.answered === 204 && leadOf(d) === id)!);
    for (const delivery of [retried, during]) {
      expect(delivery.verifyError).toBeUndefined();
      expect(delivery.signature.split(" ")).toHaveLength(2);
      expect(delivery.signature.split(" ").every((part) => part.startsWith("v1,"))).toBe(true);
      expect({ old: verifiesWith(oldSecret, delivery), new: verifiesWith(newSecret, delivery) }).toEqual({ old: true, new: true });
    }
    expect(retried.id).toBe(rotating.received[0].id);

    // The receiver switches to the new secret when convenient: deliveries go on.
    rotating.secret = newSecret;
    const afterSwitch = await lead();
    await instance.runOnce();
    const switched = rotating.received.find((d) => leadOf(d) === afterSwitch)!;
    expect(switched.verifyError).toBeUndefined();
    await instance.stop();

    // The previous secret dropped: one signature, the new one's.
    instance = startInstance({ WEBHOOK_SECRET: newSecret });
    const afterRotation = await lead();
    await instance.runOnce();
    await instance.stop();
    const last = rotating.received.find((d) => leadOf(d) === afterRotation)!;
    expect(last.verifyError).toBeUndefined();
    expect(last.signature.split(" ")).toHaveLength(1);
    expect({ old: verifiesWith(oldSecret, last), new: verifiesWith(newSecret, last) }).toEqual({ old: false, new: true });
    expect(rotating.received.map((d) => d.answered)).toEqual([503, 204, 204, 204, 204]);
  });

  it("is read from WEBHOOK_SECRET_PREVIOUS (one or several, comma-separated) and from previousSecrets in the endpoints file, checked like the secret", () => {
    const other = newWebhookSecret();
    const url = "https://crm.example.com/hooks";
    expect(webhookEndpointsFrom({ WEBHOOK_URL: url, WEBHOOK_SECRET: newSecret, WEBHOOK_SECRET_PREVIOUS: ` ${oldSecret} , ${other},${newSecret}` })).toEqual([
      { url, secret: newSecret, previousSecrets: [oldSecret, other], events: ["lead.created"] },
    ]);
    expect(webhookEndpointsFrom({ WEBHOOK_URL: url, WEBHOOK_SECRET: newSecret, WEBHOOK_SECRET_PREVIOUS: "" })).toEqual([{ url, secret: newSecret, events: ["lead.created"] }]);
    expect(() => webhookEndpointsFrom({ WEBHOOK_URL: url, WEBHOOK_SECRET: newSecret, WEBHOOK_SECRET_PREVIOUS: "whsec_short" })).toThrow(/WEBHOOK_SECRET_PREVIOUS: secret must hold 24 to 64 bytes/);
    expect(() => webhookEndpointsFrom({ WEBHOOK_URL: url, WEBHOOK_SECRET: newSecret, WEBHOOK_SECRET_PREVIOUS: `${oldSecret} ${other}` })).toThrow(/WEBHOOK_SECRET_PREVIOUS: secret must be a Standard Webhooks secret/);
    expect(() => webhookEndpointsFrom({ WEBHOOK_SECRET_PREVIOUS: oldSecret })).toThrow(/WEBHOOK_SECRET_PREVIOUS is set without WEBHOOK_SECRET/);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "webhook-endpoints-"));
    try {
      const file = path.join(dir, "endpoints.json");
      fs.writeFileSync(file, JSON.stringify([{ url, secret: newSecret, previousSecrets: [oldSecret] }, { url: "https://erp.example.com/in", secret: other }]));
      expect(webhookEndpointsFrom({ WEBHOOK_ENDPOINTS_FILE: file })).toEqual([
        { url, secret: newSecret, previousSecrets: [oldSecret], events: ["lead.created"] },
        { url: "https://erp.example.com/in", secret: other, events: ["lead.created"] },
      ]);
      fs.writeFileSync(file, JSON.stringify([{ url, secret: newSecret, previousSecrets: oldSecret }]));
      expect(() => webhookEndpointsFrom({ WEBHOOK_ENDPOINTS_FILE: file })).toThrow(/entry 1: previousSecrets must be a list/);
      fs.writeFileSync(file, JSON.stringify([{ url, secret: newSecret, previousSecrets: ["abc"] }]));
      expect(() => webhookEndpointsFrom({ WEBHOOK_ENDPOINTS_FILE: file })).toThrow(/entry 1 previousSecrets: secret must be a Standard Webhooks secret/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the retry schedule", () => {
  it("is the Standard Webhooks one, ten attempts in all; a Retry-After puts a step off, up to a day, and never hastens it", () => {
    const now = new Date("2026-11-27T00:00:00Z");
    expect(WEBHOOK_RETRY_SCHEDULE_MS.map((ms) => ms / 1000)).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    expect(nextWebhookAttempt(1, now)?.getTime()).toBe(now.getTime() + 5_000);
    expect(nextWebhookAttempt(1, now, 0)?.getTime()).toBe(now.getTime() + 5_000);
    expect(nextWebhookAttempt(1, now, 60_000)?.getTime()).toBe(now.getTime() + 60_000);
    expect(nextWebhookAttempt(2, now, 60_000)?.getTime()).toBe(now.getTime() + 300_000);
    expect(nextWebhookAttempt(9, now)?.getTime()).toBe(now.getTime() + 86_400_000);
    expect(nextWebhookAttempt(10, now)).toBeNull();
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs("Fri, 27 Nov 2026 00:01:00 GMT", now)).toBe(60_000);
    expect(retryAfterMs("9999999", now)).toBe(86_400_000);
    expect(retryAfterMs("soon", now)).toBeUndefined();
  });

  it("a malformed endpoint setting stops the start with a message that says which", () => {
    const secret = newWebhookSecret();
    expect(() => webhookEndpointsFrom({ WEBHOOK_URL: "https://crm.example.com/hooks", WEBHOOK_SECRET: "abc" })).toThrow(/WEBHOOK_SECRET: secret must be a Standard Webhooks secret/);
    expect(() => webhookEndpointsFrom({ WEBHOOK_URL: "https://crm.example.com/hooks" })).toThrow(/WEBHOOK_URL and WEBHOOK_SECRET go together/);
    expect(() => webhookEndpointsFrom({ WEBHOOK_URL: "ftp://crm.example.com", WEBHOOK_SECRET: secret })).toThrow(/url must be an http\(s\) URL/);
    expect(() => webhookEndpointsFrom({ WEBHOOK_ENDPOINTS_FILE: "/nonexistent/endpoints.json" })).toThrow(/WEBHOOK_ENDPOINTS_FILE .* cannot be read/);
    expect(webhookEndpointsFrom({ WEBHOOK_URL: "https://crm.example.com/hooks", WEBHOOK_SECRET: secret })).toEqual([
      { url: "https://crm.example.com/hooks", secret, events: ["lead.created"] },
    ]);
    expect(webhookEndpointsFrom({})).toEqual([]);
  });
});
