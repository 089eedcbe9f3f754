/**
 * The store's gauges are read from the store at each scrape, within the
 * time-out (HEALTH_TIMEOUT_MS): a store that answers gives store_up 1 and the
 * outbox gauges; a store that fails or does not answer in time gives store_up
 * 0 and no outbox gauge, and the scrape still ends at once.
 */
import fs from "fs";
import os from "os";
import path from "path";
import { Metrics } from "../../../server/metrics";
import { SqliteSubmissionStore, type SubmissionStore } from "../../../server/store";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function openStore(): SqliteSubmissionStore {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "metrics-store-"));
  dirs.push(dir);
  return new SqliteSubmissionStore(path.join(dir, "site.db"));
}

function samples(text: string, name: string): string[] {
  return text.split("\n").filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`));
}

it("reads the outbox of a store that answers: store_up 1, each channel's backlog", async () => {
  const store = openStore();
  const metrics = new Metrics();
  metrics.watchStore(store, 1_000);
  const text = await metrics.registry.metrics();
  expect(samples(text, "store_up")).toEqual(["store_up 1"]);
  expect(samples(text, "outbox_pending_messages").sort()).toEqual(['outbox_pending_messages{channel="email"} 0', 'outbox_pending_messages{channel="webhook"} 0']);
  expect(samples(text, "outbox_oldest_pending_age_seconds")).toHaveLength(2);
  expect(samples(text, "outbox_failed_messages")).toHaveLength(2);
  await store.close();
});

it("says store_up 0 and leaves the outbox gauges out when the store fails", async () => {
  const store = openStore();
  const metrics = new Metrics();
  metrics.watchStore(store, 1_000);
  expect(samples(await metrics.registry.metrics(), "store_up")).toEqual(["store_up 1"]);
  await store.close();
  const text = await metrics.registry.metrics();
  expect(samples(text, "store_up")).toEqual(["store_up 0"]);
  for (const gauge of ["outbox_pending_messages", "outbox_oldest_pending_age_seconds", "outbox_failed_messages"]) expect(samples(text, gauge)).toEqual([]);
});

it("ends the scrape at the time-out when the store does not answer", async () => {
  const store = openStore();
  // The store as it is when its database hangs: its reads never settle.
  const hung: SubmissionStore = Object.assign(Object.create(store) as SubmissionStore, { outboxSummary: () => new Promise<never>(() => undefined) });
  const metrics = new Metrics();
  metrics.watchStore(hung, 300);
  const started = Date.now();
  const text = await metrics.registry.metrics();
  const took = Date.now() - started;
  expect(samples(text, "store_up")).toEqual(["store_up 0"]);
  expect(samples(text, "outbox_pending_messages")).toEqual([]);
  expect(took).toBeGreaterThanOrEqual(290);
  expect(took).toBeLessThan(3_000);
  await store.close();
});
