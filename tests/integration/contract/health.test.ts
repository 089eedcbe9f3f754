/**
 * GET /api/health: whether the store answers and what the outbox has not
 * delivered, checked against openapi.yaml (VALIDATE_RESPONSES), never cached,
 * never rate-limited.
 */
import request from "supertest";
import { API, expectAccepted, startContractApp, type TestApp } from "../../../testkit/contract-app";
import { waitFor } from "../../../testkit/wait";

describe("GET /api/health", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startContractApp({ rateLimitMax: 1 });
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it("answers ok with an empty outbox, not cached", async () => {
    const res = await request(test.app).get("/api/health");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toEqual({ status: "ok", store: "ok", outbox: { pending: 0, failed: 0, oldestPendingSeconds: null } });
  });

  it("counts what waits to be delivered and is never rate-limited", async () => {
    expectAccepted(await request(test.app).post(`${API}/news-letter`).send({ email: "a@example.org", mailType: "newsletter" }));
    for (let i = 0; i < 5; i++) {
      const res = await request(test.app).get("/api/health");
      expect(res.status).toBe(200);
      expect(res.body.outbox.pending).toBe(1);
      expect(res.body.outbox.failed).toBe(0);
      expect(res.body.outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
      expect(res.body.outbox.oldestPendingSeconds).toBeLessThan(60);
    }
  });

  it("refuses an unknown query parameter with 400 naming it in words", async () => {
    const res = await request(test.app).get("/api/health?verbose=1");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please check the form: verbose is not a parameter of this call.");
    expect(res.body.errors).toEqual([{ path: "/query/verbose", message: expect.stringContaining("verbose") }]);
  });

  it("refuses other methods in the one error shape", async () => {
    const res = await request(test.app).post("/api/health").send({});
    expect([404, 405]).toContain(res.status);
    expect(typeof res.body.message).toBe("string");
  });

  it("answers 503 when the store does not answer", async () => {
    await test.app.store.close();
    const res = await request(test.app).get("/api/health");
    expect(res.status).toBe(503);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toEqual({ status: "unavailable", store: "unavailable" });
  });
});

describe("GET /api/health with a notification waiting longer than OUTBOX_ALERT_AFTER_MS", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startContractApp({ outboxAlertAfterMs: 1 });
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it("answers degraded, still 200", async () => {
    expectAccepted(await request(test.app).post(`${API}/news-letter`).send({ email: "a@example.org", mailType: "newsletter" }));
    // Degraded once the notification has waited longer than 1 ms: asked again until then.
    const res = await waitFor(async () => {
      const answer = await request(test.app).get("/api/health");
      return answer.body.status !== "ok" && answer;
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "degraded", store: "ok", outbox: { pending: 1, failed: 0 } });
  });
});
