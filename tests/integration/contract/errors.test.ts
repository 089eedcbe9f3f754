/**
 * Every failure answers in the one error shape with the right status: bodies
 * and files over their limits, broken JSON, wrong body types, unknown fields,
 * the rate limit, unknown paths, wrong methods and a store that fails
 * (logged, 503 with Retry-After, nothing left behind). The site is still served beside the API.
 */
import fs from "fs";
import os from "os";
import path from "path";
import request from "supertest";
import type { NewSubmission, SavedSubmission, SubmissionStore } from "../../../server/store";
import { STORE_UNAVAILABLE_MESSAGE } from "../../../server/api";
import { makePdf } from "../../../testkit/documents";
import { API, expectAccepted, expectError, startContractApp, type TestApp } from "../../../testkit/contract-app";

const NEWSLETTER = { email: "reader@example.org", mailType: "news_letter" };
const ORDER_FIELDS = { mailType: "product_order_form", productName: "TOP LOADING ARMS" };

describe("limits, parsing and routing", () => {
  let test: TestApp;
  const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "api-public-"));
  beforeAll(async () => {
    fs.writeFileSync(path.join(publicDir, "index.html"), "<!doctype html><title>Home</title>");
    test = await startContractApp({ maxUploadBytes: 1024 * 1024, jsonLimit: "2kb", publicDir });
  });
  afterAll(async () => {
    await test.cleanup();
    fs.rmSync(publicDir, { recursive: true, force: true });
  });
  afterEach(() => {
    expect(test.internalErrors).toEqual([]);
  });

  it("answers 413 for a file over the limit, naming the limit in MB, and keeps nothing", async () => {
    const big = Buffer.concat([makePdf(), Buffer.alloc(1024 * 1024 + 1, 0x20)]);
    const res = await request(test.app)
      .post(`${API}/product_order_form`)
      .field(ORDER_FIELDS)
      .attach("file", big, "big.pdf");
    const error = expectError(res, 413);
    expect(error.message).toContain("1 MB");
    expect(error.message).toContain("file");
    expect(await test.keptFiles()).toEqual([]);
    expect(await test.count("submissions")).toBe(0);
  });

  it("accepts a file just under the limit", async () => {
    const pdf = makePdf();
    const fits = Buffer.concat([pdf, Buffer.alloc(1024 * 1024 - pdf.length, 0x20)]);
    const res = await request(test.app).post(`${API}/product_order_form`).field(ORDER_FIELDS).attach("file", fits, "fits.pdf");
    expectAccepted(res);
  });

  it("answers 413 for a JSON body over the limit", async () => {
    const res = await request(test.app)
      .post(`${API}/contact_us`)
      .send({ ...NEWSLETTER, message: "x".repeat(3000) });
    const error = expectError(res, 413);
    expect(error.message).toContain("2kb");
  });

  it("answers 400 for broken JSON", async () => {
    const res = await request(test.app).post(`${API}/news-letter`).set("Content-Type", "application/json").send('{"email": ');
    expectError(res, 400);
  });

  it("answers 400 for an unknown field", async () => {
    const error = expectError(await request(test.app).post(`${API}/news-letter`).send({ ...NEWSLETTER, extra: "x" }), 400);
    expect(error.errors).toEqual([{ path: "/body/extra", message: expect.any(String), rule: "additionalProperties" }]);
  });

  it("answers 400 for a body that is not an object", async () => {
    expectError(await request(test.app).post(`${API}/news-letter`).send([NEWSLETTER]), 400);
  });

  it("answers 415 for a body of another type, or none", async () => {
    expectError(await request(test.app).post(`${API}/news-letter`).set("Content-Type", "text/plain").send("email=a@b.co"), 415);
    expectError(await request(test.app).post(`${API}/news-letter`).type("form").send(NEWSLETTER), 415);
    expectError(await request(test.app).post(`${API}/news-letter`).field(NEWSLETTER), 415);
    const none = await request(test.app).post(`${API}/news-letter`);
    expect([400, 415]).toContain(none.status);
    expectError(none, none.status);
  });

  it("answers 404 in JSON for an unknown path under /api", async () => {
    for (const url of [`${API}/unknown`, `${API}`, "/api", "/api/v2/contact/contact_us", "/api/v1/contact/contact_us/extra"]) {
      const res = await request(test.app).post(url).send(NEWSLETTER);
      expectError(res, 404);
      const get = await request(test.app).get(url).set("Accept", "text/html");
      expectError(get, 404);
    }
  });

  it("answers 405 for a method the path does not take, with Allow", async () => {
    for (const method of ["get", "put", "delete", "patch"] as const) {
      const res = await request(test.app)[method](`${API}/contact_us`);
      expectError(res, 405);
      expect(res.headers.allow).toBe("POST");
    }
  });

  it("sends security headers and no caching with API answers", async () => {
    const res = await request(test.app).post(`${API}/news-letter`).send(NEWSLETTER);
    expectAccepted(res);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("still serves the site beside the API", async () => {
    const res = await request(test.app).get("/");
    expect(res.status).toBe(200);
    expect(res.text).toContain("<title>Home</title>");
  });
});

describe("rate limit", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startContractApp({ rateLimitMax: 3, rateLimitWindowMs: 60_000 });
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it("answers 429 in the error shape after N POSTs from one client", async () => {
    for (let i = 0; i < 3; i++) {
      expectAccepted(await request(test.app).post(`${API}/news-letter`).send(NEWSLETTER));
    }
    const res = await request(test.app).post(`${API}/news-letter`).send(NEWSLETTER);
    const error = expectError(res, 429);
    expect(error.message).toMatch(/too many/i);
    expect(res.headers.ratelimit).toBeDefined();
    expect(await test.count("submissions")).toBe(3);
    // Other calls from the same client are limited too; other methods are not counted.
    expectError(await request(test.app).post(`${API}/contact_us`).send({}), 429);
    expectError(await request(test.app).get(`${API}/contact_us`), 405);
  });
});

/** The real store, except that saving fails (the database is gone mid-request). */
class FailingStore implements SubmissionStore {
  constructor(private readonly inner: SubmissionStore) {}
  async saveSubmission(_submission: NewSubmission): Promise<SavedSubmission> {
    throw new Error("SQLITE_IOERR: disk I/O error at /secret/path/site.db");
  }
  claimPendingOutbox = (...args: Parameters<SubmissionStore["claimPendingOutbox"]>) => this.inner.claimPendingOutbox(...args);
  markSent = (...args: Parameters<SubmissionStore["markSent"]>) => this.inner.markSent(...args);
  markFailed = (...args: Parameters<SubmissionStore["markFailed"]>) => this.inner.markFailed(...args);
  renewClaim = (...args: Parameters<SubmissionStore["renewClaim"]>) => this.inner.renewClaim(...args);
  outboxSummary = () => this.inner.outboxSummary();
  takeOverdue = (...args: Parameters<SubmissionStore["takeOverdue"]>) => this.inner.takeOverdue(...args);
  listFailed = () => this.inner.listFailed();
  resendFailed = (...args: Parameters<SubmissionStore["resendFailed"]>) => this.inner.resendFailed(...args);
  storedFileNames = () => this.inner.storedFileNames();
  purgeSubmissions = (...args: Parameters<SubmissionStore["purgeSubmissions"]>) => this.inner.purgeSubmissions(...args);
  deleteSubmissionsByEmail = (...args: Parameters<SubmissionStore["deleteSubmissionsByEmail"]>) => this.inner.deleteSubmissionsByEmail(...args);
  eraseDeleted = () => this.inner.eraseDeleted();
  listQuarantined = (...args: Parameters<SubmissionStore["listQuarantined"]>) => this.inner.listQuarantined(...args);
  releaseSubmission = (...args: Parameters<SubmissionStore["releaseSubmission"]>) => this.inner.releaseSubmission(...args);
  purgeQuarantined = (...args: Parameters<SubmissionStore["purgeQuarantined"]>) => this.inner.purgeQuarantined(...args);
  pruneUsedChallenges = (...args: Parameters<SubmissionStore["pruneUsedChallenges"]>) => this.inner.pruneUsedChallenges(...args);
  serverSecret = (...args: Parameters<SubmissionStore["serverSecret"]>) => this.inner.serverSecret(...args);
  claimSpamDigest = (...args: Parameters<SubmissionStore["claimSpamDigest"]>) => this.inner.claimSpamDigest(...args);
  releaseSpamDigest = (...args: Parameters<SubmissionStore["releaseSpamDigest"]>) => this.inner.releaseSpamDigest(...args);
  leadOf = (...args: Parameters<SubmissionStore["leadOf"]>) => this.inner.leadOf(...args);
  readAttachment = (...args: Parameters<SubmissionStore["readAttachment"]>) => this.inner.readAttachment(...args);
  disableEndpoint = (...args: Parameters<SubmissionStore["disableEndpoint"]>) => this.inner.disableEndpoint(...args);
  enableEndpoint = (...args: Parameters<SubmissionStore["enableEndpoint"]>) => this.inner.enableEndpoint(...args);
  webhookStatus = () => this.inner.webhookStatus();
  replayWebhooks = (...args: Parameters<SubmissionStore["replayWebhooks"]>) => this.inner.replayWebhooks(...args);
  exportSubmissions = (...args: Parameters<SubmissionStore["exportSubmissions"]>) => this.inner.exportSubmissions(...args);
  close = () => this.inner.close();
}

describe("internal errors", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startContractApp({}, {}, { wrapStore: (inner) => new FailingStore(inner) });
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it("answers 503 with Retry-After (nothing stored: sending again is safe), logs the error without showing it, and keeps no file", async () => {
    const res = await request(test.app).post(`${API}/product_order_form`).field(ORDER_FIELDS).attach("file", makePdf(), "order.pdf");
    const error = expectError(res, 503);
    expect(error).toEqual({ message: STORE_UNAVAILABLE_MESSAGE });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.stringify(error)).not.toMatch(/SQLITE|secret/);
    expect(test.internalErrors).toHaveLength(1);
    expect(String(test.internalErrors[0])).toContain("SQLITE_IOERR");
    expect(await test.keptFiles()).toEqual([]);
  });
});
