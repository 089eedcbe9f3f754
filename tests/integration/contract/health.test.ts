/**
 * GET /api/health: whether the store answers and what the outbox has not
 * delivered, checked against openapi.yaml (VALIDATE_RESPONSES), never cached,
 * never rate-limited.
 */
import request from "supertest";
import { READY_REUSE_MS } from "../../../server/api/health";
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

describe("GET /api/health/live and /api/health/ready", () => {
  let test: TestApp;
  /** The app's clock (ms): moved on by the tests, not by the time they take. */
  let clock = 0;
  beforeAll(async () => {
    test = await startContractApp({}, {}, { clock: () => clock });
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it("answer 200 while the server serves and its store answers, never cached", async () => {
    for (const [path, body] of [
      ["/api/health/live", { status: "ok" }],
      ["/api/health/ready", { status: "ok" }],
    ] as const) {
      const res = await request(test.app).get(path);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).toEqual(body);
    }
  });

  it("refuse an unknown query parameter with 400 and other methods in the one error shape", async () => {
    for (const path of ["/api/health/live", "/api/health/ready"]) {
      const res = await request(test.app).get(`${path}?verbose=1`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please check the form: verbose is not a parameter of this call.");
      const post = await request(test.app).post(path).send({});
      expect([404, 405]).toContain(post.status);
      expect(typeof post.body.message).toBe("string");
    }
  });

  it("ask the store once for probes arriving together, and the report reads the outbox once for reports arriving together", async () => {
    const store = test.app.store as typeof test.app.store & { outboxSummaryReads: number };
    const ping = jest.spyOn(store, "ping");
    // Past the time a readiness answer is given again, so that the probes below start a check.
    clock += READY_REUSE_MS;
    const probes = await Promise.all(Array.from({ length: 10 }, () => request(test.app).get("/api/health/ready")));
    expect(probes.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(ping).toHaveBeenCalledTimes(1);
    // Within READY_REUSE_MS of that check, a probe gets its answer again; from then on, a probe checks anew.
    clock += READY_REUSE_MS - 1;
    expect((await request(test.app).get("/api/health/ready")).status).toBe(200);
    expect(ping).toHaveBeenCalledTimes(1);
    clock += 1;
    expect((await request(test.app).get("/api/health/ready")).status).toBe(200);
    expect(ping).toHaveBeenCalledTimes(2);
    ping.mockRestore();
    // A submission makes the next report read again; ten reports at once read once.
    expectAccepted(await request(test.app).post(`${API}/news-letter`).send({ email: "a@example.org", mailType: "newsletter" }));
    const before = store.outboxSummaryReads;
    const reports = await Promise.all(Array.from({ length: 10 }, () => request(test.app).get("/api/health")));
    expect(reports.map((res) => [res.status, res.body.outbox.pending])).toEqual(Array(10).fill([200, 1]));
    expect(store.outboxSummaryReads - before).toBe(1);
  });

  it("ready answers 503 stopping once the server shuts down, while live and the rest still answer", async () => {
    test.app.stopReadiness();
    const ready = await request(test.app).get("/api/health/ready");
    expect(ready.status).toBe(503);
    expect(ready.headers["cache-control"]).toBe("no-store");
    expect(ready.body).toEqual({ status: "stopping" });
    expect((await request(test.app).get("/api/health/live")).status).toBe(200);
    expect((await request(test.app).get("/api/health")).status).toBe(200);
  });
});

describe("GET /api/health/ready when the store does not answer", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startContractApp();
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it("answers 503 unavailable, while live answers 200", async () => {
    await test.app.store.close();
    const res = await waitFor(async () => {
      const answer = await request(test.app).get("/api/health/ready");
      return answer.status !== 200 && answer;
    });
    expect(res.status).toBe(503);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toEqual({ status: "unavailable" });
    const live = await request(test.app).get("/api/health/live");
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: "ok" });
  });
});
