/**
 * Several instances on one PostgreSQL lose nothing when one of them dies:
 * three built server processes (each its own DATA_DIR, as on three machines)
 * on one database and one real SMTP peer take a burst of several hundred
 * submissions (JSON and multipart with real PDF/DOC files) spread over them;
 * one is killed with SIGKILL mid-burst and the burst goes on against the other
 * two. Afterwards every submission that got a 201 is in PostgreSQL with its
 * files' bytes, every notification reached each of its recipients (duplicates
 * only with the same Message-ID), no outbox row is left being sent, and the
 * claims the dead instance held were sent by the others once their lease ran
 * out.
 */
import { createTestDatabase, startPostgres, type PostgresServer, type TestDatabase } from "../../testkit/postgres";
import {
  cleanup,
  deliveryReport,
  startServer,
  startSmtpPeer,
  submit,
  waitUntil,
  type ServerProcess,
  type SmtpPeer,
  type StoreInspection,
  type Submission,
  type SubmitResult,
} from "../../testkit/faults";

interface OutboxRow {
  id: string;
  submissionId: string;
  recipient: string;
  messageId: string;
  status: string;
  claimToken: string | null;
  lockedUntil: Date | null;
  sentAt: Date | null;
}

// The PostgreSQL side of the shared fault library (testkit/faults-lib.cjs, the module testkit/faults.ts wraps).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const lib = require("../../testkit/faults-lib.cjs") as {
  burst(
    baseUrl: (submission: Submission) => string,
    count: number,
    options: { concurrency: number; onResult: (result: SubmitResult, all: SubmitResult[]) => void },
  ): Promise<SubmitResult[]>;
  inspectPostgres(
    url: string,
    acknowledged: { submission: Submission; id: string }[],
    options?: { bytes?: boolean },
  ): Promise<StoreInspection & { outbox: OutboxRow[] }>;
  claimsOf(url: string, messageId: string, recipients: string[]): Promise<Omit<OutboxRow, "status" | "sentAt">[]>;
};

const SUBMISSIONS = 360;
const KILL_AFTER = 120; // acknowledged
const SMTP_TIMEOUT_MS = 1_500; // lease: 4 × 1.5 s = 6 s, renewed every 1.5 s
const CONTACT_INBOXES = ["sales@example.com", "service@example.com"];

describe("three instances on one PostgreSQL, one killed mid-burst", () => {
  let postgres: PostgresServer | undefined;
  let database: TestDatabase;
  let peer: SmtpPeer;
  let instances: ServerProcess[];
  let victimPort: number;

  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) postgres = await startPostgres();
    database = await createTestDatabase(postgres?.url ?? process.env.TEST_DATABASE_URL);
    // Sends slow enough that a backlog builds up: 18 workers at 600 ms a send deliver about 30 a second, below the rate the
    // burst queues them (two recipients each), so every instance keeps claiming while the burst lasts.
    peer = await startSmtpPeer({ delayMs: 600 });
    // The victim (the first instance) reaches the peer by a port of its own, so that the peer can hold its sends.
    const victimEntrance = await peer.addEntrance();
    victimPort = victimEntrance.port;
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: peer.url,
      MAIL_FROM: "Website <no-reply@example.com>",
      MAIL_TO_CONTACT: CONTACT_INBOXES.join(","),
      OUTBOX_INTERVAL_MS: "100",
      OUTBOX_BACKOFF_MS: "200",
      OUTBOX_BACKOFF_MAX_MS: "1000",
      OUTBOX_CONCURRENCY: "6",
      SMTP_TIMEOUT_MS: String(SMTP_TIMEOUT_MS),
    };
    // Three machines: each its own DATA_DIR, all starting at once (the migrations run under an advisory lock).
    instances = await Promise.all(
      [0, 1, 2].map((n) => startServer({ env: n === 0 ? { ...env, SMTP_URL: victimEntrance.url } : env })),
    );
  });

  afterAll(async () => {
    await cleanup();
    await database?.drop();
    await postgres?.stop();
  });

  it("keeps every acknowledged submission and its files, and delivers every notification, the dead one's claims included", async () => {
    const [victim, ...survivors] = instances as [ServerProcess, ServerProcess, ServerProcess];
    let alive = instances;
    const sentTo = new Map<number, ServerProcess>();
    let killed: Promise<Omit<OutboxRow, "status" | "sentAt">[]> | undefined;
    let killedAt = 0;

    // A load balancer: round robin over the live instances; the victim leaves the rotation when it is killed.
    const results = await lib.burst(
      (submission) => {
        const instance = alive[submission.i % alive.length]!;
        sentTo.set(submission.i, instance);
        return instance.url;
      },
      SUBMISSIONS,
      {
        concurrency: 12,
        onResult: (_result, all) => {
          if (killed || all.filter((r) => r.status === 201).length < KILL_AFTER) return;
          // From now on the peer never answers the victim's sends: it dies on the first one, holding that claim for certain
          // (a claim ends only with the answer, or the SMTP timeout 1.5 s later).
          const sending = new Promise<{ messageId: string; envelopeTo: string[] }>((resolve) => {
            peer.behaviour.hang = (_subject, port, held) => {
              if (port !== victimPort) return false;
              resolve(held);
              return true;
            };
          });
          killed = sending.then(async (held) => {
            alive = survivors;
            killedAt = Date.now();
            await victim.kill("SIGKILL");
            // Its claim: the row of the send the peer was holding, still claimed (its lease runs for 6 s after its last renewal).
            return lib.claimsOf(database.url, held.messageId, held.envelopeTo);
          });
        },
      },
    );
    expect(killed).toBeDefined();
    const abandoned = await killed!;

    // The dead instance answers nothing.
    expect((await submit(victim.url, results[0]!.submission, 2_000)).status).toBe(0);

    // Every request got a 201, but those in flight to the victim when it died, which got no answer.
    const acknowledged = results.filter((r): r is SubmitResult & { id: string } => r.status === 201 && Boolean(r.id));
    const unanswered = results.filter((r) => r.status !== 201);
    expect(results).toHaveLength(SUBMISSIONS);
    for (const r of unanswered) {
      expect({ status: r.status, instance: sentTo.get(r.submission.i)?.pid }).toEqual({ status: 0, instance: victim.pid });
    }
    expect(unanswered.length).toBeLessThanOrEqual(12);
    expect(acknowledged.filter((r) => r.submission.files).length).toBeGreaterThan(100);
    expect(acknowledged.filter((r) => r.submission.json).length).toBeGreaterThan(100);
    expect(acknowledged.filter((r) => sentTo.get(r.submission.i) === victim).length).toBeGreaterThan(20);
    // It held claims when it died (the peer was holding its send).
    expect(abandoned.length).toBeGreaterThan(0);

    // Every stored notification delivered, and no row left claimed: the dead one's claims came back after the lease.
    const inspect = () => lib.inspectPostgres(database.url, acknowledged);
    // (Waits at most 60 s; the checks below then say what is missing.)
    await waitUntil(async () => {
      const store = await inspect();
      const ids = [...store.stored.keys()];
      const report = deliveryReport(peer, ids, (id) => store.recipients.get(id));
      return report.delivered === ids.length && Object.keys(store.statuses).join() === "sent";
    }, 60_000);

    // Every 201 is in PostgreSQL with its fields and its files, byte for byte.
    const store = await lib.inspectPostgres(database.url, acknowledged, { bytes: true });
    expect(store.missing).toEqual([]);
    expect(store.badPayloads).toEqual([]);
    expect(store.badFiles).toEqual([]);
    expect(store.stored.size).toBeGreaterThanOrEqual(acknowledged.length);
    expect(store.stored.size).toBeLessThanOrEqual(SUBMISSIONS);

    // Each recipient at least once; any extra copy carries a Message-ID it already got.
    const ids = [...store.stored.keys()];
    const report = deliveryReport(peer, ids, (id) => store.recipients.get(id));
    expect(report.undelivered).toEqual([]);
    expect(report.delivered).toBe(ids.length);
    expect(report.newIdDuplicates).toBe(0);
    // Nothing else was sent: every message is one of the outbox's, to that row's recipient.
    const rowsByMessage = new Map<string, Set<string>>();
    for (const row of store.outbox) {
      const set = rowsByMessage.get(row.messageId) ?? new Set<string>();
      set.add(row.recipient.toLowerCase());
      rowsByMessage.set(row.messageId, set);
    }
    const stray = peer.received.flatMap((mail) =>
      mail.envelopeTo.filter((to) => !rowsByMessage.get(mail.messageId)?.has(to.toLowerCase())).map((to) => `${mail.messageId} to ${to}`),
    );
    expect(stray).toEqual([]);
    expect(store.statuses).toEqual({ sent: store.outbox.length });
    // A contact enquiry went to both inboxes.
    expect(store.outbox.filter((row) => CONTACT_INBOXES.includes(row.recipient)).length).toBeGreaterThan(0);

    // The dead instance's claims were recorded as sent by a live one (only a new claim's token can) after the kill, and arrived.
    const rows = new Map(store.outbox.map((row) => [row.id, row]));
    const deliveries = peer.deliveries();
    for (const claim of abandoned) {
      const row = rows.get(claim.id)!;
      expect({ id: claim.id, status: row.status, claimToken: row.claimToken }).toEqual({ id: claim.id, status: "sent", claimToken: null });
      // Taken again only once its lease had run out.
      expect(row.sentAt!.getTime()).toBeGreaterThanOrEqual(claim.lockedUntil!.getTime());
      expect(claim.lockedUntil!.getTime()).toBeGreaterThan(killedAt);
      expect(deliveries.get(claim.messageId)?.map((to) => to.toLowerCase())).toContain(claim.recipient.toLowerCase());
    }
  });
});
