/**
 * Every answer under /api carries helmet's security headers (worked out once
 * when the app starts: server/api/index.ts helmetHeaders), no-store caching and the
 * Link to the contract, whatever the status; the API's small JSON answers are
 * not compressed.
 */
import request from "supertest";
import { API, contractExample, startTestApp, type TestApp } from "../../../testkit/contract-app";

let test: TestApp;
beforeAll(() => {
  test = startTestApp();
});
afterAll(async () => {
  await test.cleanup();
});

const EXPECTED: Record<string, string | RegExp> = {
  "content-security-policy": /^default-src 'self';.*frame-ancestors 'self'/,
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
  "cache-control": "no-store",
  link: /^<\/api\/v1\/openapi\.json>; rel="service-desc"/,
};

const CONTACT = contractExample("contact_us");

it.each([
  ["201", () => request(test.app).post(`${API}/contact_us`).send(CONTACT), 201],
  ["400", () => request(test.app).post(`${API}/contact_us`).send({ ...CONTACT, email: "nope" }), 400],
  ["404", () => request(test.app).get("/api/nowhere"), 404],
  ["405", () => request(test.app).get(`${API}/contact_us`), 405],
  ["health", () => request(test.app).get("/api/health"), 200],
])("%s: helmet's security headers, no-store and the Link, uncompressed", async (_name, send, status) => {
  const res = await send().set("Accept-Encoding", "gzip, br");
  expect(res.status).toBe(status);
  for (const [name, value] of Object.entries(EXPECTED)) {
    if (typeof value === "string") expect(res.headers[name]).toBe(value);
    else expect(res.headers[name]).toMatch(value);
  }
  expect(res.headers["x-powered-by"]).toBeUndefined();
  expect(res.headers["content-encoding"]).toBeUndefined();
});
