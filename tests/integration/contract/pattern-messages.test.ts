/**
 * A broken pattern is said in the contract's own words: every `pattern` of
 * openapi.yaml has an `x-pattern-message`, and the error answer's message
 * uses it instead of the regular expression (which stays in `errors[]`, for
 * programs).
 */
import fs from "fs";
import yaml from "js-yaml";
import request from "supertest";
import { findApiSpec } from "../../../server/api/contract-files";
import { readPatternMessages } from "../../../server/api/pattern-messages";
import { API, expectError, startTestApp, type TestApp } from "../../../testkit/contract-app";
import { CONTACT } from "../../../testkit/form-bodies";

let app: TestApp;
beforeAll(() => {
  app = startTestApp();
});
afterAll(async () => {
  await app.cleanup();
});


test("every pattern of the contract says what it means", () => {
  // Every distinct pattern (several fields may share one) has its words.
  const patterns = new Set<string>();
  const visit = (node: unknown): void => {
    if (typeof node !== "object" || node === null) return;
    const record = node as Record<string, unknown>;
    if (typeof record.pattern === "string") patterns.add(record.pattern);
    Object.values(record).forEach(visit);
  };
  visit(yaml.load(fs.readFileSync(findApiSpec(), "utf8")));
  const messages = readPatternMessages(findApiSpec());
  expect(patterns.size).toBeGreaterThan(5);
  expect([...messages.keys()].sort()).toEqual([...patterns].sort());
  for (const words of messages.values()) expect(words).toMatch(/^must /);
});

test("the answer names each field with the contract's words, not the regular expression", async () => {
  const res = await request(app.app)
    .post(`${API}/contact_us`)
    .send({ ...CONTACT, firstName: "=?UTF-8?B?VXJnZW50?=", phoneNumber: "12345" });
  const body = expectError(res, 400);
  expect(body.message).toContain(
    'firstName must be visible text on one line, without control, bidirectional or invisible characters and without "=?"',
  );
  expect(body.message).toContain("phoneNumber must be exactly 10 digits");
  expect(body.message).not.toMatch(/must match pattern|\\u/);
  // Programs still get the rule itself.
  expect(body.errors?.find((e) => e.path === "/body/firstName")?.message).toMatch(/^must match pattern "\^/);
});

test("the linkedIn rule is said as an address rule", async () => {
  const res = await request(app.app)
    .post(`${API}/sme_form`)
    .field("fullName", "Grace Hopper")
    .field("email", "grace@example.org")
    .field("phoneNumber", "+971 50 123 4567")
    .field("linkedIn", "javascript:alert(1)")
    .field("mailType", "sme_form");
  const body = expectError(res, 400);
  expect(body.message).toContain("linkedIn must be an http:// or https:// address");
});
