/**
 * Webhooks from several instances on one PostgreSQL, one of them killed with
 * SIGKILL mid-burst: three built server processes share two real webhook
 * receivers (each verifying every delivery with the standardwebhooks
 * package). Every acknowledged lead's lead.created reaches each endpoint,
 * signed; a lead never gets two different webhook ids, so a receiver that
 * de-duplicates on the id gets every event once; and no row is left being
 * sent, the dead instance's claims included.
 */
import fs from "fs";
import os from "os";
import path from "path";
import { Pool } from "pg";
import { createTestDatabase, startPostgres, type PostgresServer, type TestDatabase } from "../../testkit/postgres";
import { cleanup, startServer, waitUntil, type ServerProcess } from "../../testkit/faults";
import { startWebhookReceiver, type WebhookReceiver } from "../../testkit/webhook-receiver";

const SUBMISSIONS = 120;
const KILL_AFTER = 40;

describe("three instances on one PostgreSQL deliver every lead.created to each endpoint, one instance killed mid-burst", () => {
  let postgres: PostgresServer | undefined;
  let database: TestDatabase;
  let receivers: WebhookReceiver[];
  let instances: ServerProcess[];

  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) postgres = await startPostgres();
    database = await createTestDatabase(postgres?.url ?? process.env.TEST_DATABASE_URL);
    receivers = [await startWebhookReceiver(), await startWebhookReceiver()];
    // Each answer held 300 ms: deliveries are in flight (claimed, not yet recorded) when the instance dies.
    for (const receiver of receivers) receiver.answer = () => ({ status: 204, delayMs: 300 });
    const endpointsFile = path.join(os.tmpdir(), `webhook-endpoints-${process.pid}.json`);
    fs.writeFileSync(endpointsFile, JSON.stringify(receivers.map((r) => ({ url: r.url, secret: r.secret, events: ["lead.created"] }))));
    const env = {
      DATABASE_URL: database.url,
      WEBHOOK_ENDPOINTS_FILE: endpointsFile,
      OUTBOX_INTERVAL_MS: "100",
      OUTBOX_CONCURRENCY: "4",
      // Lease 4 × 1 s: the dead instance's claims come back 4 s after its last renewal.
      SMTP_TIMEOUT_MS: "1000",
    };
    instances = await Promise.all([0, 1, 2].map(() => startServer({ env })));
  });

  afterAll(async () => {
    await cleanup();
    for (const receiver of receivers ?? []) await receiver.close();
    await database?.drop();
    await postgres?.stop();
  });

  it("every acknowledged lead reaches each endpoint with one webhook id, signed; no claim is left behind", async () => {
    const [victim, ...survivors] = instances as [ServerProcess, ServerProcess, ServerProcess];
    let alive = instances;
    const acknowledged: string[] = [];
    let killed: Promise<void> | undefined;
    let next = 0;
    const worker = async () => {
      while (next < SUBMISSIONS) {
        const i = next++;
        const instance = alive[i % alive.length]!;
        try {
          const res = await fetch(`${instance.url}/api/v1/contact/news-letter`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ email: `visitor${i}@example.org`, mailType: "news_letter" }),
            signal: AbortSignal.timeout(10_000),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
        } catch {
          // In flight to the victim when it died: no answer, nothing acknowledged.
        }
        if (!killed && acknowledged.length >= KILL_AFTER) {
          alive = survivors;
          killed = victim.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(killed).toBeDefined();
    await killed;
    expect(acknowledged.length).toBeGreaterThanOrEqual(SUBMISSIONS - 8);

    const leadOf = (body: string) => (JSON.parse(body) as { data: { id: string } }).data.id;
    const everyLeadReached = () => receivers.every((r) => acknowledged.every((id) => r.received.some((d) => d.answered === 204 && leadOf(d.body) === id)));
    await waitUntil(everyLeadReached, 60_000);
    for (const receiver of receivers) {
      const ids = new Map<string, Set<string>>();
      for (const delivery of receiver.received) {
        expect(delivery.verifyError).toBeUndefined();
        const lead = leadOf(delivery.body);
        ids.set(lead, (ids.get(lead) ?? new Set()).add(delivery.id));
      }
      for (const id of acknowledged) expect({ id, reached: ids.has(id) }).toEqual({ id, reached: true });
      // One webhook id per lead: any second copy (a claim taken over after the kill) carries the id already received.
      expect([...ids.values()].filter((set) => set.size > 1)).toEqual([]);
    }
    // Both endpoints got the same id for a lead.
    const idOf = (receiver: WebhookReceiver, lead: string) => receiver.received.find((d) => leadOf(d.body) === lead)?.id;
    for (const lead of acknowledged) expect(idOf(receivers[0]!, lead)).toBe(idOf(receivers[1]!, lead));

    // Nothing left being sent or pending: the dead instance's claims were taken over once their lease ran out.
    const pool = new Pool({ connectionString: database.url, max: 1 });
    try {
      const settled = await waitUntil(async () => {
        const { rows } = await pool.query<{ status: string; n: number }>("SELECT status, count(*)::int AS n FROM outbox WHERE channel = 'webhook' GROUP BY status");
        return rows.length === 1 && rows[0]!.status === "sent" ? rows : undefined;
      }, 30_000);
      expect(settled).toEqual([{ status: "sent", n: expect.any(Number) }]);
    } finally {
      await pool.end();
    }
  });
});
