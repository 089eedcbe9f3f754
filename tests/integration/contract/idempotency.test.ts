/**
 * Idempotency-Key on every POST (openapi.yaml, components.parameters.IdempotencyKey):
 * the same key with the same request within 24 hours answers the first 201
 * again (Idempotent-Replayed: true) and stores and queues nothing more; with
 * another request 422 and nothing stored; while the first request with the
 * key is still being handled 409; a key is scoped to its path, held across a
 * restart, and free again after 24 hours. Run on both stores.
 */
import fs from "fs";
import http from "http";
import path from "path";
import request from "supertest";
import type { NewSubmission, SubmissionStore } from "../../../server/store";
import { makeDocx, makePdf } from "../../../testkit/documents";
import { API, expectAccepted, expectError, startContractApp, type TestApp, setUpContractApp } from "../../../testkit/contract-app";
import { CAREERS, CONTACT, ORDER } from "../../../testkit/form-bodies";
import { listen } from "../../../testkit/raw-http";
import { waitFor } from "../../../testkit/wait";

const NEWSLETTER = { email: "retry@example.org", mailType: "newsletter" };
const ORDER_FIELDS = ORDER.fields;
const PDF = makePdf("Questionnaire");
const DOCX = makeDocx();

const DAY_MS = 24 * 60 * 60 * 1000;
let keys = 0;
/** A fresh key per use (a UUID-like text of visible ASCII). */
const newKey = () => `key-${process.pid}-${Date.now()}-${++keys}`;

interface Counts {
  submissions: number;
  attachments: number;
  outbox: number;
}
async function counts(test: TestApp): Promise<Counts> {
  return { submissions: await test.count("submissions"), attachments: await test.count("attachments"), outbox: await test.count("outbox") };
}

function postNewsletter(test: TestApp, key: string | undefined, body: object = NEWSLETTER) {
  const req = request(test.app).post(`${API}/news-letter`);
  if (key !== undefined) req.set("Idempotency-Key", key);
  return req.send(body);
}

function postOrder(test: TestApp, key: string, file: Buffer = PDF, name = "order.pdf", fields: Record<string, string> = ORDER_FIELDS) {
  return request(test.app).post(`${API}/product_order_form`).set("Idempotency-Key", key).field(fields).attach("file", file, name);
}

describe("Idempotency-Key", () => {
  const test = setUpContractApp();

  it("without a key, the same request sent twice is stored twice (as before)", async () => {
    const before = await counts(test);
    const first = expectAccepted(await postNewsletter(test, undefined));
    const second = await postNewsletter(test, undefined);
    expect(expectAccepted(second)).not.toBe(first);
    expect(second.headers["idempotent-replayed"]).toBeUndefined();
    expect((await counts(test)).submissions).toBe(before.submissions + 2);
  });

  it("the same key with the same JSON body replays the first 201: one submission, one e-mail", async () => {
    const key = newKey();
    const before = await counts(test);
    const first = await postNewsletter(test, key);
    const id = expectAccepted(first);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const after = await counts(test);
    expect(after.submissions).toBe(before.submissions + 1);
    const oneEmail = after.outbox - before.outbox;
    expect(oneEmail).toBeGreaterThan(0);

    for (let i = 0; i < 2; i++) {
      // The same fields in another order are the same request.
      const again = await postNewsletter(test, key, { mailType: NEWSLETTER.mailType, email: NEWSLETTER.email });
      expect(expectAccepted(again)).toBe(id);
      expect(again.body).toEqual(first.body);
      expect(again.headers["idempotent-replayed"]).toBe("true");
    }
    expect(await counts(test)).toEqual(after);
    expect((await test.stored(id))?.outbox).toHaveLength(oneEmail);
  });

  it("the same key with a multipart body and real files replays; the files are kept once", async () => {
    const key = newKey();
    const before = await counts(test);
    const keptBefore = (await test.keptFiles()).length;
    const first = await request(test.app)
      .post(`${API}/careers`)
      .set("Idempotency-Key", key)
      .field(CAREERS.fields)
      .attach("resume", PDF, "cv.pdf")
      .attach("coverLetter", DOCX, "letter.docx");
    const id = expectAccepted(first);
    const after = await counts(test);
    expect(after.submissions).toBe(before.submissions + 1);
    expect(after.attachments).toBe(before.attachments + 2);

    const again = await request(test.app)
      .post(`${API}/careers`)
      .set("Idempotency-Key", key)
      .field(CAREERS.fields)
      .attach("resume", PDF, "cv.pdf")
      .attach("coverLetter", DOCX, "letter.docx");
    expect(expectAccepted(again)).toBe(id);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await counts(test)).toEqual(after);
    expect((await test.keptFiles()).length).toBe(keptBefore + 2);
    expect(await test.stored(id)).toBeDefined();
  });

  it.each([
    ["another field value", () => ({ fields: { ...ORDER_FIELDS, productName: "BOTTOM LOADING ARMS" }, file: PDF, name: "order.pdf" })],
    ["another file content", () => ({ fields: ORDER_FIELDS, file: makePdf("Another questionnaire"), name: "order.pdf" })],
    ["another file name", () => ({ fields: ORDER_FIELDS, file: PDF, name: "order-v2.pdf" })],
  ])("the same key with %s answers 422 and stores nothing", async (_what, change) => {
    const key = newKey();
    expectAccepted(await postOrder(test, key));
    const after = await counts(test);
    const kept = await test.keptFiles();
    const { fields, file, name } = change();
    const res = await postOrder(test, key, file, name, fields);
    const body = expectError(res, 422);
    expect(body.message).toMatch(/Idempotency-Key was already used with a different request/);
    expect(await counts(test)).toEqual(after);
    expect(await test.keptFiles()).toEqual(kept);
  });

  it("the same key with another JSON body answers 422; the first request still replays", async () => {
    const key = newKey();
    const id = expectAccepted(await postNewsletter(test, key));
    const after = await counts(test);
    expectError(await postNewsletter(test, key, { ...NEWSLETTER, email: "someone-else@example.org" }), 422);
    expect(await counts(test)).toEqual(after);
    expect(expectAccepted(await postNewsletter(test, key))).toBe(id);
  });

  it("the key earlier contracts showed as their example is refused with 422 on every path, even the first time, and nothing is stored", async () => {
    const before = await counts(test);
    for (const key of ["5f0c3c57-8f7a-4e0c-9a43-0d5b3c1e8f21", "5F0C3C57-8F7A-4E0C-9A43-0D5B3C1E8F21"]) {
      expect(expectError(await postNewsletter(test, key), 422).message).toMatch(/example.*new key/i);
      expectError(await request(test.app).post(`${API}/contact_us`).set("Idempotency-Key", key).send(CONTACT), 422);
      expectError(await postOrder(test, key), 422);
    }
    expect(await counts(test)).toEqual(before);
  });

  it("a key is scoped to its path: the same key on another call is independent", async () => {
    const key = newKey();
    const newsletter = expectAccepted(await postNewsletter(test, key));
    const contact = await request(test.app).post(`${API}/contact_us`).set("Idempotency-Key", key).send(CONTACT);
    expect(expectAccepted(contact)).not.toBe(newsletter);
    expect(contact.headers["idempotent-replayed"]).toBeUndefined();
  });

  it.each([
    ["empty", ""],
    ["with a space", "two words"],
    ["longer than 255 characters", "k".repeat(256)],
    ["not ASCII", "clé-1"],
  ])("a key %s is refused with 400 naming the header, and nothing is stored", async (_what, key) => {
    const before = await counts(test);
    const res = await request(test.app)
      .post(`${API}/news-letter`)
      .set("Idempotency-Key", Buffer.from(key, "utf8").toString("latin1"))
      .send(NEWSLETTER);
    const body = expectError(res, 400);
    expect(body.errors?.map((e) => e.path)).toContain("/headers/idempotency-key");
    expect(await counts(test)).toEqual(before);
  });

  it("an answer with an error keeps no key: the key may be sent again with a valid request", async () => {
    const key = newKey();
    expectError(await postNewsletter(test, key, { ...NEWSLETTER, email: "not an address" }), 400);
    const first = await postNewsletter(test, key);
    expectAccepted(first);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("a key is free again after 24 hours: a new submission is stored", async () => {
    const key = newKey();
    const first = expectAccepted(await postNewsletter(test, key));
    await test.backdate(first, new Date(Date.now() - DAY_MS + 60_000));
    expect(expectAccepted(await postNewsletter(test, key))).toBe(first);

    await test.backdate(first, new Date(Date.now() - DAY_MS - 60_000));
    const before = await counts(test);
    const second = await postNewsletter(test, key, { ...NEWSLETTER, email: "later@example.org" });
    const secondId = expectAccepted(second);
    expect(secondId).not.toBe(first);
    expect(second.headers["idempotent-replayed"]).toBeUndefined();
    expect((await counts(test)).submissions).toBe(before.submissions + 1);
    // The new submission holds the key now.
    expect(expectAccepted(await postNewsletter(test, key, { ...NEWSLETTER, email: "later@example.org" }))).toBe(secondId);
    expectError(await postNewsletter(test, key), 422);
  });

  it("a key holds across a restart: a new app on the same data replays", async () => {
    const key = newKey();
    const id = expectAccepted(await postNewsletter(test, key));
    const restarted = await test.another();
    try {
      const res = await request(restarted).post(`${API}/news-letter`).set("Idempotency-Key", key).send(NEWSLETTER);
      expect(expectAccepted(res)).toBe(id);
      expect(res.headers["idempotent-replayed"]).toBe("true");
      expectError(await request(restarted).post(`${API}/news-letter`).set("Idempotency-Key", key).send({ ...NEWSLETTER, email: "x@example.org" }), 422);
    } finally {
      await restarted.close();
    }
  });
});

/** The real store, except that saving waits until the test lets it go on. */
function heldStore(inner: SubmissionStore, gate: { hold?: Promise<void>; entered?: () => void }): SubmissionStore {
  const held = Object.create(inner) as SubmissionStore;
  held.saveSubmission = async (submission: NewSubmission) => {
    gate.entered?.();
    if (gate.hold) await gate.hold;
    return inner.saveSubmission(submission);
  };
  return held;
}

describe("Idempotency-Key while the first request is being handled", () => {
  let test: TestApp;
  const gate: { hold?: Promise<void>; entered?: () => void } = {};
  beforeAll(async () => {
    test = await startContractApp({}, {}, { wrapStore: (inner) => heldStore(inner, gate) });
  });
  afterAll(async () => {
    await test.cleanup();
  });
  afterEach(() => {
    expect(test.internalErrors).toEqual([]);
  });

  it("a second request with the key, while the first is being stored, answers 409; then the first's 201 replays", async () => {
    const key = newKey();
    let letGo!: () => void;
    gate.hold = new Promise<void>((resolve) => (letGo = resolve));
    const entered = new Promise<void>((resolve) => (gate.entered = resolve));
    const before = await counts(test);
    const first = postNewsletter(test, key).then((res) => res);
    await entered;

    const second = await postNewsletter(test, key);
    const body = expectError(second, 409);
    expect(body.message).toMatch(/still being processed/);
    letGo();
    gate.hold = undefined;
    const id = expectAccepted(await first);
    expect((await counts(test)).submissions).toBe(before.submissions + 1);

    const replay = await postNewsletter(test, key);
    expect(expectAccepted(replay)).toBe(id);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect((await counts(test)).submissions).toBe(before.submissions + 1);
  });

  it("a request with the key while the first one's upload is still arriving answers 409 before its body is read", async () => {
    const key = newKey();
    const form = new FormData();
    for (const [name, value] of Object.entries(ORDER_FIELDS)) form.append(name, value);
    form.append("file", new Blob([new Uint8Array(PDF)], { type: "application/pdf" }), "order.pdf");
    const encoded = new Request("http://localhost/", { method: "POST", body: form });
    const bytes = Buffer.from(await encoded.arrayBuffer());
    const server = await listen(test.app);
    try {
      const before = await counts(test);
      // The first request sends its headers and its body but the last bytes, then waits.
      const cut = bytes.length - 64;
      const answer = new Promise<{ status: number; body: string; replayed?: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port: server.port,
            method: "POST",
            path: `${API}/product_order_form`,
            headers: {
              "Content-Type": encoded.headers.get("content-type")!,
              "Content-Length": String(bytes.length),
              "Idempotency-Key": key,
            },
          },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => (text += chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on("error", reject);
        req.write(bytes.subarray(0, cut));
        void (async () => {
          // Once the server is receiving its file (DATA_DIR/tmp/<id>.part), a second request with the key (a whole one) is refused at once.
          await waitFor(() => fs.existsSync(path.join(test.dataDir, "tmp")) && fs.readdirSync(path.join(test.dataDir, "tmp")).some((name) => name.endsWith(".part")));
          const second = await postOrder(test, key);
          const body = expectError(second, 409);
          expect(body.message).toMatch(/still being processed/);
          req.end(bytes.subarray(cut));
        })().catch(reject);
      });
      const first = await answer;
      expect(first.status).toBe(201);
      const id = (JSON.parse(first.body) as { id: string }).id;
      expect((await counts(test)).submissions).toBe(before.submissions + 1);
      // Once answered, the key replays.
      expect(expectAccepted(await postOrder(test, key))).toBe(id);
    } finally {
      await server.close();
    }
  });
});
