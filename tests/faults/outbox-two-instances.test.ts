/**
 * A rolling deploy: two server processes on one DATA_DIR, a slow SMTP server.
 * Each notification is delivered exactly once (each process claims only what
 * it sends at once, under a lease longer than its slowest send, and records
 * the result with its claim token), and the two share the work, so the queue
 * drains in parallel instead of one message at a time.
 */
import { cleanup, startServer, startSmtpPeer, waitUntil, type ServerProcess, type SmtpPeer } from "../../testkit/faults";

const INBOX = "sales@example.com";
const COUNT = 30;
const SMTP_DELAY_MS = 800;
const ENV = {
  MAIL_TO_NEWS_LETTER: INBOX,
  OUTBOX_INTERVAL_MS: "100",
  // Lease 4 s: far shorter than the whole queue takes, longer than one send (3 s deadline).
  SMTP_TIMEOUT_MS: "1000",
  OUTBOX_CONCURRENCY: "4",
};

describe("two processes on one DATA_DIR with a slow SMTP server", () => {
  let peer: SmtpPeer;
  let servers: ServerProcess[];

  beforeAll(async () => {
    peer = await startSmtpPeer({ delayMs: SMTP_DELAY_MS });
    const env = {
      ...ENV,
      SMTP_URL: peer.url,
    };
    const first = await startServer({ env });
    servers = [first, await startServer({ env, dataDir: first.dataDir })];
  });
  afterAll(async () => {
    await cleanup();
  });

  it("delivers every notification exactly once, both processes sending", async () => {
    await Promise.all(
      Array.from({ length: COUNT }, async (_, i) => {
        const server = servers[i % 2];
        const res = await fetch(`${server.url}/api/v1/contact/news-letter`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: `visitor${i}@example.org`, mailType: "newsletter" }),
        });
        expect(res.status).toBe(201);
      }),
    );
    // One sender at a time would need COUNT × 0.8 s = 24 s; eight in parallel about 3 s.
    await peer.waitFor(COUNT, 60_000);
    // Every notification recorded as sent by the process that sent it (none pending or sending, none failed)...
    const outboxes = async () =>
      Promise.all(
        servers.map(async (server) => ((await (await fetch(`${server.url}/api/health`)).json()) as { outbox: { pending: number; failed: number } }).outbox),
      );
    expect(await waitUntil(async () => (await outboxes()).every((outbox) => outbox.pending === 0), 30_000)).toBe(true);
    for (const outbox of await outboxes()) expect(outbox).toMatchObject({ pending: 0, failed: 0 });
    for (const server of servers) expect(server.output()).not.toMatch(/claim was taken over|claim .* was lost/);
    // ...so nothing can be sent again: the count is final once both have stopped.
    for (const server of servers) await server.stop();

    const deliveries = peer.deliveries();
    expect(deliveries.size).toBe(COUNT);
    for (const [messageId, recipients] of deliveries) {
      expect(messageId).toMatch(/^<[^<>]+@[^<>]+>$/);
      expect(recipients).toEqual([INBOX]);
    }
    expect(peer.received).toHaveLength(COUNT);
    // Both processes sent: more messages were in flight at once than one process sends at a time (OUTBOX_CONCURRENCY).
    expect(peer.mostAtOnce()).toBeGreaterThan(Number(ENV.OUTBOX_CONCURRENCY));
  });
});
