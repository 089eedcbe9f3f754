/**
 * Row keys (server/store/keys.ts) are UUID version 7: the time they were made
 * comes first, so keys made later sort after (to the millisecond), and the
 * runtime checks (scripts/runtime/node-version.cjs) refuse a Node.js that
 * cannot make them.
 */
import { newRowKey } from "../../server/store/keys";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { unsupportedNodeMessage, requiredMinimum } = require("../../scripts/runtime/node-version.cjs") as {
  unsupportedNodeMessage(version: string): string | undefined;
  requiredMinimum(): { major: number; minor: number };
};

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The milliseconds since 1970 in a version 7 UUID's first 48 bits. */
const timeOf = (key: string) => parseInt(key.replace(/-/g, "").slice(0, 12), 16);

it("row keys are distinct UUID version 7 values carrying the time they were made", () => {
  const before = Date.now();
  const keys = Array.from({ length: 1000 }, () => newRowKey());
  const after = Date.now();
  expect(new Set(keys).size).toBe(1000);
  for (const key of keys) {
    expect(key).toMatch(UUID_V7);
    expect(timeOf(key)).toBeGreaterThanOrEqual(before);
    expect(timeOf(key)).toBeLessThanOrEqual(after);
  }
});

it("a key made in a later millisecond sorts after an earlier one, as text (the order SQLite's indexes keep)", () => {
  const first = newRowKey();
  // Keys are made until the clock has moved on (no sleep: the time in the key says when it has).
  let second = newRowKey();
  for (let made = 1; timeOf(second) === timeOf(first); made++) {
    if (made > 10_000_000) throw new Error("the clock did not move on");
    second = newRowKey();
  }
  expect(timeOf(second)).toBeGreaterThan(timeOf(first));
  expect(first < second).toBe(true);
});

it("the runtime check asks for the first Node.js release that makes them", () => {
  expect(requiredMinimum()).toEqual({ major: 24, minor: 16 });
  expect(unsupportedNodeMessage("24.15.1")).toMatch(/24\.16 or later; this is Node\.js 24\.15\.1/);
  expect(unsupportedNodeMessage("22.20.0")).toBeDefined();
  expect(unsupportedNodeMessage("24.16.0")).toBeUndefined();
  expect(unsupportedNodeMessage("25.1.0")).toBeUndefined();
});
