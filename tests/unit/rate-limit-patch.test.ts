/**
 * The patch to express-rate-limit (patches/, applied by `npm ci` through
 * patch-package): a client's partition key (the `pk` of RateLimit-Policy) is
 * hashed once, not on each of its requests, and the headers stay what they
 * were: the same key on every answer to one client, the remaining count going
 * down. This fails if the patch is no longer applied.
 */
import crypto from "crypto";
import request from "supertest";
import { API, contractExample, startTestApp, type TestApp } from "../contract/helpers";

let test: TestApp;

beforeEach(() => {
  test = startTestApp({ rateLimitMax: 1000, validateResponses: false });
});

afterEach(async () => {
  jest.restoreAllMocks();
  await test.cleanup();
});

/** The pk of RateLimit-Policy as the limiter defines it: base64 of the first 12 hex digits of sha256(key). */
function partitionKey(key: string): string {
  return Buffer.from(crypto.createHash("sha256").update(key).digest("hex").slice(0, 12)).toString("base64");
}

it("hashes a client's partition key once and sends the same RateLimit-Policy on each answer", async () => {
  const send = () => request(test.app).post(`${API}/contact_us`).send(contractExample("contact_us")).expect(201);
  const first = await send();
  const sha256 = jest.spyOn(crypto, "createHash").mockName("createHash");
  const later = [await send(), await send(), await send()];
  expect(sha256.mock.calls.filter(([algorithm]) => algorithm === "sha256")).toEqual([]);
  sha256.mockRestore();
  const policies = [first, ...later].map((res) => res.headers["ratelimit-policy"] as string);
  const key = (first.headers["ratelimit-policy"] as string).match(/pk=:([^:]+):/)?.[1];
  expect([partitionKey("127.0.0.1"), partitionKey("::ffff:127.0.0.1")]).toContain(key);
  expect(new Set(policies)).toEqual(new Set([first.headers["ratelimit-policy"]]));
  const remaining = [first, ...later].map((res) => Number(/r=(\d+)/.exec(res.headers.ratelimit as string)?.[1]));
  expect(remaining).toEqual([999, 998, 997, 996]);
});
