/**
 * kill -9 in the middle of a burst of submissions: a real server process, a
 * real SMTP peer, a few hundred JSON and multipart submissions with files.
 * After a restart on the same DATA_DIR, every acknowledged submission (201) is
 * in site.db with its files as sent, and every stored submission's
 * notification reaches each of its recipients: at least once, and a
 * duplicate only ever with the same Message-ID.
 */
import {
  burst,
  cleanup,
  deliveryReport,
  inspectStore,
  makeSubmission,
  startServer,
  startSmtpPeer,
  waitUntil,
  type ServerProcess,
  type SmtpPeer,
  type SubmitResult,
} from "../../testkit/faults";

const TOTAL = 300;
/** Acknowledged submissions before the kill. */
const KILL_AFTER = 120;

let peer: SmtpPeer;

beforeAll(async () => {
  // A little latency on every message, so sends are in flight (claimed) when the process dies.
  peer = await startSmtpPeer({ delayMs: 25 });
});

afterAll(() => cleanup());

function env(): Record<string, string> {
  return {
    SMTP_URL: peer.url,
    MAIL_FROM: "Website <no-reply@example.com>",
    OUTBOX_INTERVAL_MS: "100",
    SMTP_TIMEOUT_MS: "1000",
    OUTBOX_BACKOFF_MS: "200",
    OUTBOX_BACKOFF_MAX_MS: "1000",
  };
}

/** Submissions of the mixed workload with 4–12 KB files, numbered from `offset`. */
const make = (offset: number) => (i: number) => makeSubmission(offset + i, { fileBytes: 4096 + ((offset + i) % 5) * 2048 });

it("keeps every acknowledged submission and delivers every stored notification after kill -9 mid-burst", async () => {
  const first: ServerProcess = await startServer({ env: env() });
  let killed: Promise<void> | undefined;
  const before = await burst(first.url, TOTAL, {
    concurrency: 12,
    make: make(0),
    shouldStop: () => killed !== undefined,
    onResult: (_result, all) => {
      if (!killed && all.filter((r) => r.status === 201).length >= KILL_AFTER) killed = first.kill("SIGKILL");
    },
  });
  await killed;
  expect(killed).toBeDefined();
  // Sends were under way when the process died.
  expect(peer.received.length).toBeGreaterThan(0);

  const second = await startServer({ env: env(), dataDir: first.dataDir });
  const after = await burst(second.url, TOTAL - before.length, { concurrency: 12, make: make(before.length) });

  const results: SubmitResult[] = [...before, ...after];
  // Every answer was an acknowledgement, or no answer at all (the request the kill cut off).
  expect(results.filter((r) => r.status !== 201 && r.status !== 0).map((r) => `${r.status} ${r.error}`)).toEqual([]);
  expect(after.every((r) => r.status === 201)).toBe(true);
  const acknowledged = results.filter((r): r is SubmitResult & { id: string } => r.status === 201 && typeof r.id === "string");
  expect(acknowledged.length).toBeGreaterThanOrEqual(TOTAL - 12);

  const store = inspectStore(first.dataDir, acknowledged);
  expect(store.missing).toEqual([]);
  expect(store.badPayloads).toEqual([]);
  expect(store.badFiles).toEqual([]);

  // Everything stored is notified: the acknowledged, and any the kill committed before its answer went out.
  const ids = [...store.stored.keys()];
  const recipientsOf = (id: string) => store.recipients.get(id);
  const report = await waitUntil(() => {
    const now = deliveryReport(peer, ids, recipientsOf);
    return now.delivered === ids.length ? now : undefined;
  }, 30_000);
  const final = report ?? deliveryReport(peer, ids, recipientsOf);
  if (final.undelivered.length > 0) {
    console.error(`Undelivered after the restart:\n${JSON.stringify(final.undelivered.slice(0, 10), null, 2)}\n${second.output()}`);
  }
  expect(final.undelivered).toEqual([]);
  expect(final.delivered).toBe(ids.length);
  expect(final.newIdDuplicates).toBe(0);
  expect(final.perSubmission.min).toBeGreaterThanOrEqual(1);

  await second.stop();
});
