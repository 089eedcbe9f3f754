import { randomBytes, randomUUID } from "crypto";
import fs from "fs/promises";
import { Pool, type PoolClient } from "pg";
import type { Store as RateLimitStore } from "express-rate-limit";
import { newRowKey } from "../keys";
import { logger } from "../../log";
import { metrics } from "../../metrics";
import { MonitoredStore } from "../monitoring";
import { FAILED_SQL, OVERDUE_COLUMNS, queuedRows, toEndpointStatus, toFailed, toOutboxMessage, toOverdue } from "../outbox-rows";
import type { ClaimedRow, EndpointRow, FailedRow, OverdueRow, QueuedRow } from "../outbox-rows";
import { QUARANTINED, SUBMISSION_COLUMNS, submissionValues, toLead, toQuarantined, type AttachmentRow, type LeadRow, type QuarantinedRow } from "../submission-rows";
import { QuotaCleanup } from "../upload-quotas";
import { IdempotencyKeyTaken } from "../types";
import type * as Store from "../types";
import { createPostgresRateLimitStore, createRateLimitPool, warmUpPool } from "./rate-limit-store";
import { checkPostgresSchema, migratePostgres } from "./migrate";
import { exportPostgresSubmissions } from "./export";

interface OutboxRow extends ClaimedRow {
  attachments: Store.NotificationAttachment[];
  dated_at: Date;
  pending_since: Date;
}

/** Several SQL statements in one transaction on one connection; rolled back when `work` throws. */
async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** The unique index that lets one submission hold an Idempotency-Key in a scope (migration 003). */
const IDEMPOTENCY_INDEX = "submissions_idempotency";

/** A unique violation of that index: another transaction stored a submission with the key first. */
function isKeyTaken(err: unknown): boolean {
  const { code, constraint } = (err ?? {}) as { code?: unknown; constraint?: unknown };
  return code === "23505" && constraint === IDEMPOTENCY_INDEX;
}

/** A submission id (a uuid column): anything else names no submission. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Inserts outbox rows (../outbox-rows.ts: QueuedRow, as JSON in $1) queued at
 * $2, in one statement however many there are.
 */
const INSERT_QUEUED = `INSERT INTO outbox (id, channel, submission_id, mail_from, addressed_to, recipient, reply_to, topic, body, attachments,
  dedup_id, dated_at, next_attempt_at, pending_since, created_at)
SELECT id, channel, submission_id, mail_from, addressed_to, recipient, reply_to, topic, body, attachments::json, dedup_id, $2::timestamptz, $2::timestamptz, $2::timestamptz, $2::timestamptz
FROM json_to_recordset($1::json) AS r(id uuid, channel text, submission_id uuid, mail_from text, addressed_to text, recipient text,
  reply_to text, topic text, body text, attachments text, dedup_id text)`;

/** Queues outbox rows at `at` (inside the caller's transaction). */
async function queue(client: PoolClient, rows: QueuedRow[], at: Date): Promise<void> {
  if (rows.length > 0) await client.query(INSERT_QUEUED, [JSON.stringify(rows), at]);
}

/** A delivery not ended yet: an outbox row (e-mail or webhook) neither sent nor given up as failed (reported when it failed). */
const UNDELIVERED = "EXISTS (SELECT 1 FROM outbox o WHERE o.submission_id = s.id AND o.status NOT IN ('sent', 'failed'))";

/** The tables a deletion removes rows from (their TOAST tables and indexes are rewritten with them). */
const ERASED_TABLES = ["submissions", "attachments", "outbox"];

/** How long VACUUM FULL waits for a table's lock before trying again (it blocks the table's readers and writers meanwhile). */
const ERASE_LOCK_TIMEOUT_MS = 2_000;
/** How long an erasure keeps trying (locks, older snapshots) before it reports. */
const ERASE_DEADLINE_MS = 30_000;

/** The upload quota's window as an SQL interval, from its length in ms ($2). */
const QUOTA_WINDOW = "($2::double precision * interval '1 millisecond')";

interface QuotaRow {
  bytes: string;
  reset_at: Date;
}

function quotaUsage(row: QuotaRow): Store.UploadQuotaUsage {
  return { bytes: Number(row.bytes), resetAt: new Date(row.reset_at) };
}

/**
 * The outbox's summary of one channel ($1) without reading its rows but one
 * (migration 006): the counts are the sums of the few rows of
 * outbox_count_changes, the oldest waiting row the first entry of the index
 * outbox_pending_since; `entries` says how many change rows there are to fold.
 */
export const OUTBOX_SUMMARY_SQL = `SELECT
  (SELECT COALESCE(sum(delta), 0) FROM outbox_count_changes WHERE channel = $1 AND status IN ('pending', 'sending'))::int AS pending,
  (SELECT COALESCE(sum(delta), 0) FROM outbox_count_changes WHERE channel = $1 AND status = 'failed')::int AS failed,
  (SELECT pending_since FROM outbox WHERE channel = $1 AND status IN ('pending', 'sending') ORDER BY pending_since LIMIT 1) AS oldest,
  (SELECT count(*) FROM outbox_count_changes)::int AS entries`;

/**
 * Folds the change rows into one per (channel, status). Rows that writers
 * add meanwhile are not in this statement's snapshot and stay; a row another
 * instance folds at the same time is deleted (and summed) by one of them only.
 */
export const FOLD_COUNT_CHANGES_SQL = `WITH folded AS (DELETE FROM outbox_count_changes RETURNING channel, status, delta)
INSERT INTO outbox_count_changes (channel, status, delta)
  SELECT channel, status, sum(delta) FROM folded GROUP BY channel, status HAVING sum(delta) <> 0`;

/** The change rows are folded once there are more than this many (a summary then stays a sum over a few hundred rows at most). */
const FOLD_AFTER_ENTRIES = 200;

/**
 * The store for several instances (DATABASE_URL): PostgreSQL holds the
 * submissions, the files' bytes (so every instance reads them, and one backup
 * holds everything) and the outbox, each submission in one transaction with
 * its files and notification rows before the API answers 201. Every instance
 * runs the outbox dispatcher: rows are claimed with FOR UPDATE SKIP LOCKED
 * under a lease, and results are recorded only with the claim's token. The
 * schema is migrated at start under an advisory lock (./migrate.ts), or, with
 * `migrate: false` (MIGRATE_ON_START=false), only checked. What the
 * rows hold and mean is shared with the SQLite store (../outbox-rows.ts,
 * ../submission-rows.ts, ../monitoring.ts); this file has its SQL and its
 * transactions, its methods in the order of ../types.ts.
 */
export class PostgresSubmissionStore extends MonitoredStore implements Store.SubmissionStore {
  readonly pool: Pool;
  private readonly migrated: Promise<void>;
  private readonly connectionString: string;
  private readonly log: (message: string) => void;
  /** The rate limit's own connections (made with its first store), so that its counts never queue behind the submissions' work. */
  private rateLimitPool: Pool | undefined;
  private rateLimitPoolWarm: Promise<void> | undefined;
  private readonly quotaCleanup = new QuotaCleanup();
  /**
   * Readiness and the outbox's summary on connections of their own, each wait
   * (for a connection, for an answer) bounded by `healthTimeoutMs`: they never
   * queue behind the submissions' work, and a database that stopped
   * answering is said so within that time.
   */
  private readonly healthPool: Pool;
  private readonly healthTimeoutMs: number;
  private folding = false;
  private readonly healthPoolWarm: Promise<void>;
  /** The transaction id of the last deletion this store made, until eraseDeleted has rewritten the tables after it. */
  private lastDeletion: string | undefined;

  constructor(connectionString: string, options: { log?: (message: string) => void; healthTimeoutMs?: number; migrate?: boolean } = {}) {
    super();
    this.connectionString = connectionString;
    this.log = options.log ?? ((message) => logger().child({ component: "store" }).error(message));
    this.pool = new Pool({
      connectionString,
      max: 10,
      // A database that does not answer fails the request (503 at the API) rather than hanging it.
      connectionTimeoutMillis: 10_000,
      application_name: "industrial-group-site",
    });
    // An idle connection that breaks is dropped by the pool; without a listener it would end the process.
    this.pool.on("error", (err) => {
      metrics.countStoreError();
      this.log(`Store error: PostgreSQL connection lost: ${err.message}`);
    });
    this.healthTimeoutMs = options.healthTimeoutMs ?? 1_000;
    this.healthPool = new Pool({
      connectionString,
      max: 2,
      connectionTimeoutMillis: this.healthTimeoutMs,
      // The database ends a statement that runs longer; node-postgres drops a connection whose answer does not come.
      statement_timeout: this.healthTimeoutMs,
      query_timeout: this.healthTimeoutMs,
      keepAlive: true,
      // Kept open once made (no idle time-out): a probe does not wait for a connection to be made.
      idleTimeoutMillis: 0,
      application_name: "industrial-group-site health",
    });
    this.healthPool.on("error", (err) => this.log(`Store error: PostgreSQL connection of the health checks lost: ${err.message}`));
    const info = options.log ?? ((message: string) => logger().child({ component: "store" }).info(message));
    // Without migrating (bin/migrate does it before the instances start), a schema older than this release's stops the start.
    this.migrated = (options.migrate === false ? checkPostgresSchema(this.pool) : migratePostgres(this.pool, { log: info })).then(() => undefined);
    // Rejections are reported by ready() and by every call; this keeps an early one from being unhandled.
    this.migrated.catch(() => undefined);
    // Opened at start, after the migrations; one that cannot be opened now is made when a check needs it.
    this.healthPoolWarm = this.migrated.then(
      async () => {
        const clients = await Promise.allSettled([this.healthPool.connect(), this.healthPool.connect()]);
        for (const client of clients) if (client.status === "fulfilled") client.value.release();
      },
      () => undefined,
    );
  }

  /**
   * Resolves once the schema is this release's (migrations applied), or
   * rejects with why not; once the health checks' connections are open (or
   * failed to open: they are made when a check needs them); with a
   * rate-limit store made, once its connections are open too (or failed to
   * open: the limiter then counts per instance until they can be made).
   */
  ready(): Promise<void> {
    return Promise.all([this.migrated, this.healthPoolWarm, this.rateLimitPoolWarm]).then(() => undefined);
  }

  async saveSubmission(submission: Store.NewSubmission): Promise<Store.SavedSubmission> {
    await this.migrated;
    const { idempotency } = submission;
    // Twice at most: a holder that expired or was deleted between the failed insert and the look-up leaves the key free.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.insertSubmission(submission);
      } catch (err) {
        if (!idempotency || !isKeyTaken(err)) throw err;
        const holder = await this.findByIdempotencyKey(idempotency.scope, idempotency.key, idempotency.heldSince);
        if (holder) throw new IdempotencyKeyTaken(holder);
        if (attempt >= 2) throw err;
      }
    }
  }

  async findByIdempotencyKey(scope: string, key: string, since: Date): Promise<Store.IdempotencyHolder | undefined> {
    const { rows } = await this.query<Store.IdempotencyHolder>(
      `SELECT id::text AS id, idempotency_fingerprint AS fingerprint FROM submissions
       WHERE idempotency_scope = $1 AND idempotency_key = $2 AND created_at >= $3`,
      [scope, key, since],
    );
    return rows[0];
  }

  async claimPendingOutbox({ now, dueBy, limit, leaseMs }: Store.ClaimOptions): Promise<Store.OutboxMessage[]> {
    const { rows } = await this.query<OutboxRow>(
      `UPDATE outbox SET status = 'sending', locked_until = $1, claim_token = $2
       WHERE id IN (
         SELECT id FROM outbox
         WHERE ((status = 'pending' AND next_attempt_at <= $3) OR (status = 'sending' AND locked_until <= $4))
           AND (channel = 'email' OR recipient NOT IN (SELECT url FROM webhook_endpoints_disabled))
         ORDER BY next_attempt_at, created_at
         LIMIT $5
         FOR UPDATE SKIP LOCKED
       )
       RETURNING id, channel, submission_id, mail_from, addressed_to, recipient, reply_to, topic, body, attachments, attempts,
         dedup_id, dated_at, pending_since, claim_token`,
      [new Date(now.getTime() + leaseMs), randomUUID(), dueBy ?? now, now, limit],
    );
    if (rows.length > 0) this.monitoringChanged();
    const names = [...new Set(rows.flatMap((row) => row.attachments.map((a) => a.storedName)))];
    const contents = new Map<string, Buffer>();
    if (names.length > 0) {
      const files = await this.query<{ stored_name: string; content: Buffer }>(
        "SELECT stored_name, content FROM attachments WHERE stored_name = ANY($1)",
        [names],
      );
      for (const file of files.rows) contents.set(file.stored_name, file.content);
    }
    // A file that is gone is sent without content: the sender refuses it as a permanent failure.
    return rows.map((row) =>
      toOutboxMessage(
        row,
        row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: contents.get(a.storedName) })),
      ),
    );
  }

  async renewClaim({ id, claimToken }: Store.OutboxClaim, lockedUntil: Date): Promise<boolean> {
    const result = await this.query(
      "UPDATE outbox SET locked_until = $3 WHERE id = $1 AND claim_token = $2 AND status = 'sending'",
      [id, claimToken, lockedUntil],
    );
    return result.rowCount === 1;
  }

  async markSent({ id, claimToken }: Store.OutboxClaim, sentAt: Date): Promise<boolean> {
    const result = await this.query(
      `UPDATE outbox SET status = 'sent', sent_at = $3, locked_until = NULL, claim_token = NULL, last_error = NULL
       WHERE id = $1 AND claim_token = $2 AND status = 'sending'`,
      [id, claimToken, sentAt],
    );
    this.monitoringChanged();
    return result.rowCount === 1;
  }

  async markFailed({ id, claimToken }: Store.OutboxClaim, attempt: Store.FailedAttempt): Promise<boolean> {
    const result = await this.query(
      `UPDATE outbox
       SET status = CASE WHEN $4::timestamptz IS NULL THEN 'failed' ELSE 'pending' END,
           attempts = $3,
           next_attempt_at = COALESCE($4::timestamptz, next_attempt_at),
           locked_until = NULL,
           claim_token = NULL,
           last_error = $5
       WHERE id = $1 AND claim_token = $2 AND status = 'sending'`,
      [id, claimToken, attempt.attempts, attempt.nextAttemptAt, attempt.error.slice(0, 2000)],
    );
    this.monitoringChanged();
    return result.rowCount === 1;
  }

  /**
   * Resolves when the database answers a query on the health connections
   * (readiness); rejects when it fails or does not answer within
   * `healthTimeoutMs` (waiting for a connection included).
   */
  async ping(): Promise<void> {
    await this.migrated;
    await this.healthPool.query("SELECT 1");
  }

  async takeOverdue(pendingBefore: Date): Promise<Store.OverdueMessage[]> {
    const { rows } = await this.query<OverdueRow>(
      `UPDATE outbox SET overdue_reported = true
       WHERE status IN ('pending', 'sending') AND NOT overdue_reported AND pending_since < $1
       RETURNING ${OVERDUE_COLUMNS}`,
      [pendingBefore],
    );
    return rows.map(toOverdue);
  }

  async listFailed(): Promise<Store.FailedMessage[]> {
    return (await this.query<FailedRow>(FAILED_SQL)).rows.map(toFailed);
  }

  async resendFailed(now: Date, id?: string): Promise<number> {
    const result = await this.query(
      `UPDATE outbox
       SET status = 'pending', attempts = 0, next_attempt_at = $1, pending_since = $1, overdue_reported = false,
           locked_until = NULL, claim_token = NULL
       WHERE status = 'failed' AND ($2::text IS NULL OR id::text = $2 OR submission_id::text = $2)`,
      [now, id ?? null],
    );
    this.monitoringChanged();
    return result.rowCount;
  }

  async storedFileNames(): Promise<Set<string>> {
    const { rows } = await this.query<{ stored_name: string }>("SELECT stored_name FROM attachments");
    return new Set(rows.map((row) => row.stored_name));
  }

  async purgeSubmissions(createdBefore: Date): Promise<Store.PurgeResult> {
    return this.changing(async (client) => {
      const expired = await client.query<{ id: string }>(`SELECT id FROM submissions s WHERE created_at < $1 AND NOT ${UNDELIVERED} FOR UPDATE`, [createdBefore]);
      const kept = await client.query<{ kept: number }>(`SELECT count(*)::int AS kept FROM submissions s WHERE created_at < $1 AND ${UNDELIVERED}`, [createdBefore]);
      return { removed: await this.removeSubmissions(client, expired.rows), keptUndelivered: kept.rows[0].kept };
    });
  }

  async deleteSubmissionsByEmail(email: string): Promise<Store.RemovedSubmission[]> {
    return this.changing(async (client) => {
      const matching = await client.query<{ id: string }>("SELECT id FROM submissions WHERE lower(btrim(payload->>'email')) = $1 FOR UPDATE", [
        email.trim().toLowerCase(),
      ]);
      return this.removeSubmissions(client, matching.rows);
    });
  }

  /**
   * The deleted rows' bytes out of the table files. A DELETE only marks rows
   * dead, and plain VACUUM, though it frees their space, leaves their bytes in
   * the page until reused (tried on PostgreSQL 15: a deleted address still
   * read in the heap file after VACUUM and CHECKPOINT). VACUUM FULL rewrites
   * each table, its TOAST table and its indexes into new files with only the
   * live rows, and the old files are removed. It holds each table's
   * ACCESS EXCLUSIVE lock while it copies it (quick for a lead site's tables;
   * attachments, which hold the files, take longest), so it waits at most
   * ERASE_LOCK_TIMEOUT_MS for a lock and tries again. Rows still visible to a
   * transaction older than the deletion would be copied as they are: it waits
   * for such transactions first. The WAL keeps the rows until its segments
   * are recycled (docs/operations.md).
   */
  async eraseDeleted(mode: Store.EraseMode = "rewrite"): Promise<Store.EraseReport> {
    await this.migrated;
    if (mode === "routine") {
      // The daily purges: no ACCESS EXCLUSIVE lock on the tables every submission writes to (VACUUM FULL
      // of a year of attachments could hold the uploads for minutes). The space is freed for reuse.
      await this.query(`VACUUM ${ERASED_TABLES.join(", ")}`);
      return { complete: true };
    }
    const deadline = Date.now() + ERASE_DEADLINE_MS;
    const deletedBy = this.lastDeletion;
    const client = await this.pool.connect();
    let reason = "";
    try {
      await client.query(`SET lock_timeout = ${ERASE_LOCK_TIMEOUT_MS}`);
      for (;;) {
        if (deletedBy !== undefined) {
          // A snapshot taken before the deletion committed still sees the rows: VACUUM FULL would keep them.
          const { rows } = await client.query<{ older: number }>(
            `SELECT count(*)::int AS older FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_xmin IS NOT NULL
               AND age(backend_xmin) >= age(($1::bigint % 4294967296)::text::xid)`,
            [deletedBy],
          );
          if (rows[0].older > 0) {
            reason = `${rows[0].older} transaction(s) older than the deletion still run`;
            if (Date.now() >= deadline) break;
            await new Promise((resolve) => setTimeout(resolve, 200));
            continue;
          }
        }
        try {
          await client.query(`VACUUM (FULL) ${ERASED_TABLES.join(", ")}`);
          if (this.lastDeletion === deletedBy) this.lastDeletion = undefined;
          return { complete: true };
        } catch (err) {
          // 55P03: lock_not_available (the lock timeout).
          if ((err as { code?: unknown }).code !== "55P03") throw err;
          reason = "the tables stayed locked by other work";
          if (Date.now() >= deadline) break;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
    } finally {
      await client.query("RESET lock_timeout").catch(() => undefined);
      client.release();
    }
    return { complete: false, reason: `the tables were not rewritten (VACUUM FULL): ${reason}` };
  }

  async listQuarantined(limit = 50): Promise<{ total: number; submissions: Store.QuarantinedSubmission[] }> {
    const { rows: counted } = await this.query<{ total: string }>(`SELECT COUNT(*) AS total FROM submissions WHERE ${QUARANTINED}`);
    const { rows } = await this.query<QuarantinedRow>(
      `SELECT id::text AS id, mail_type, created_at, payload->>'email' AS email, spam_reasons FROM submissions
       WHERE ${QUARANTINED} ORDER BY created_at DESC, id DESC LIMIT $1`,
      [limit],
    );
    return { total: Number(counted[0]?.total ?? 0), submissions: rows.map(toQuarantined) };
  }

  async releaseSubmission(id: string, now: Date, webhooks: Store.WebhookDelivery[] = []): Promise<Store.ReleaseResult> {
    if (!UUID.test(id)) return "unknown";
    return this.changing(async (client) => {
      // The row is locked: two releases at once queue the notification once.
      const { rows } = await client.query<{ verdict: string; released_at: Date | null; held_notification: Store.Notification | null }>(
        "SELECT verdict, released_at, held_notification FROM submissions WHERE id = $1 FOR UPDATE",
        [id],
      );
      const row = rows[0];
      if (!row) return "unknown";
      if (row.verdict !== "spam") return "not-quarantined";
      if (row.released_at !== null || row.held_notification === null) return "already-released";
      await client.query("UPDATE submissions SET released_at = $2, held_notification = NULL WHERE id = $1", [id, now]);
      await queue(client, queuedRows(id, row.held_notification, webhooks), now);
      return "released";
    });
  }

  async leadOf(id: string): Promise<Store.StoredLead | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await this.query<LeadRow>("SELECT id::text AS id, mail_type, payload, created_at, verdict, released_at FROM submissions WHERE id = $1", [id]);
    if (!rows[0]) return undefined;
    const files = await this.query<AttachmentRow>(
      "SELECT field, original_name, stored_name, content_type, size FROM attachments WHERE submission_id = $1 ORDER BY stored_name",
      [id],
    );
    return toLead(rows[0], files.rows);
  }

  async readAttachment(storedName: string): Promise<Store.StoredFile | undefined> {
    const { rows } = await this.query<{ original_name: string; content_type: string; size: string; content: Buffer }>(
      "SELECT original_name, content_type, size, content FROM attachments WHERE stored_name = $1",
      [storedName],
    );
    const row = rows[0];
    return row ? { originalName: row.original_name, contentType: row.content_type, size: Number(row.size), content: row.content } : undefined;
  }

  async disableEndpoint(url: string, now: Date, reason: string): Promise<void> {
    await this.query("INSERT INTO webhook_endpoints_disabled (url, disabled_at, reason) VALUES ($1, $2, $3) ON CONFLICT (url) DO NOTHING", [url, now, reason]);
    this.monitoringChanged();
  }

  async enableEndpoint(url: string): Promise<boolean> {
    const enabled = (await this.query("DELETE FROM webhook_endpoints_disabled WHERE url = $1", [url])).rowCount === 1;
    this.monitoringChanged();
    return enabled;
  }

  async webhookStatus(): Promise<Store.WebhookEndpointStatus[]> {
    const { rows } = await this.query<EndpointRow>(
      `WITH endpoints AS (
         SELECT DISTINCT recipient AS url FROM outbox WHERE channel = 'webhook' UNION SELECT url FROM webhook_endpoints_disabled
       )
       SELECT e.url,
         count(o.id) FILTER (WHERE o.status IN ('pending', 'sending'))::int AS pending,
         count(o.id) FILTER (WHERE o.status = 'sent')::int AS sent,
         count(o.id) FILTER (WHERE o.status = 'failed')::int AS failed,
         min(o.pending_since) FILTER (WHERE o.status IN ('pending', 'sending')) AS oldest,
         (SELECT l.last_error FROM outbox l WHERE l.channel = 'webhook' AND l.recipient = e.url AND l.last_error IS NOT NULL
            ORDER BY l.next_attempt_at DESC LIMIT 1) AS last_error,
         d.disabled_at
       FROM endpoints e
       LEFT JOIN outbox o ON o.channel = 'webhook' AND o.recipient = e.url
       LEFT JOIN webhook_endpoints_disabled d ON d.url = e.url
       GROUP BY e.url, d.disabled_at
       ORDER BY e.url`,
    );
    return rows.map(toEndpointStatus);
  }

  async replayWebhooks(since: Date, now: Date, endpoint?: string): Promise<number> {
    const result = await this.query(
      `UPDATE outbox
       SET status = 'pending', attempts = 0, next_attempt_at = $1, pending_since = $1, overdue_reported = false,
           locked_until = NULL, claim_token = NULL, sent_at = NULL
       WHERE channel = 'webhook' AND status IN ('sent', 'failed') AND ($3::text IS NULL OR recipient = $3)
         AND submission_id IN (SELECT id FROM submissions WHERE created_at >= $2)`,
      [now, since, endpoint ?? null],
    );
    this.monitoringChanged();
    return result.rowCount;
  }

  async purgeQuarantined(createdBefore: Date): Promise<Store.RemovedSubmission[]> {
    return this.changing(async (client) => {
      const { rows } = await client.query<{ id: string }>(`SELECT id::text AS id FROM submissions WHERE ${QUARANTINED} AND created_at < $1`, [createdBefore]);
      return this.removeSubmissions(client, rows);
    });
  }

  async pruneUsedChallenges(now: Date): Promise<number> {
    return (await this.query("DELETE FROM used_challenges WHERE expires_at < $1", [now])).rowCount;
  }

  async serverSecret(name: string): Promise<string> {
    const { rows } = await this.query<{ value: string }>(
      `WITH made AS (
         INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING value
       )
       SELECT value FROM made UNION ALL SELECT value FROM server_secrets WHERE name = $1`,
      [name, randomBytes(32).toString("hex")],
    );
    if (rows[0]) return rows[0].value;
    // Made by another instance in the same instant: committed now, seen by a new statement.
    const again = await this.query<{ value: string }>("SELECT value FROM server_secrets WHERE name = $1", [name]);
    return again.rows[0].value;
  }

  async claimSpamDigest(day: string, now: Date): Promise<boolean> {
    return (await this.query("INSERT INTO spam_digests (day, sent_at) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING", [day, now])).rowCount === 1;
  }

  async releaseSpamDigest(day: string): Promise<void> {
    await this.query("DELETE FROM spam_digests WHERE day = $1", [day]);
  }

  async *exportSubmissions(filter: Store.ExportFilter): AsyncIterable<Store.ExportedSubmission> {
    await this.migrated;
    yield* exportPostgresSubmissions(this.pool, filter);
  }

  /** The shared count of the rate limit, table rate_limits, on a small pool of its own opened now. */
  rateLimitStore(prefix: string): RateLimitStore {
    if (!this.rateLimitPool) {
      const pool = createRateLimitPool(this.connectionString, { log: this.log });
      this.rateLimitPool = pool;
      this.rateLimitPoolWarm = warmUpPool(pool).catch((err: unknown) => {
        this.log(`The rate limit's connections could not be opened at start: ${err instanceof Error ? err.message : String(err)}`);
      });
    }
    return createPostgresRateLimitStore(this.rateLimitPool, {
      prefix,
      onCleanupError: (err) => this.log(`Rate limit: clean-up of ended windows failed: ${err instanceof Error ? err.message : String(err)}`),
    });
  }

  async uploadQuotaUsage(key: string, windowMs: number): Promise<Store.UploadQuotaUsage | undefined> {
    const { rows } = await this.query<QuotaRow>(
      `SELECT bytes, window_start + ${QUOTA_WINDOW} AS reset_at FROM upload_quotas WHERE key = $1 AND window_start > now() - ${QUOTA_WINDOW}`,
      [key, windowMs],
    );
    return rows[0] && quotaUsage(rows[0]);
  }

  async countUploadBytes(key: string, bytes: number, windowMs: number): Promise<Store.UploadQuotaUsage> {
    // One atomic statement on the database's clock: instances counting the same client at once each add their bytes.
    const { rows } = await this.query<QuotaRow>(
      `INSERT INTO upload_quotas AS q (key, window_start, bytes) VALUES ($1, now(), $3::bigint)
       ON CONFLICT (key) DO UPDATE SET
         bytes = CASE WHEN q.window_start <= now() - ${QUOTA_WINDOW} THEN $3::bigint ELSE q.bytes + $3::bigint END,
         window_start = CASE WHEN q.window_start <= now() - ${QUOTA_WINDOW} THEN now() ELSE q.window_start END
       RETURNING bytes, window_start + ${QUOTA_WINDOW} AS reset_at`,
      [key, windowMs, bytes],
    );
    // In the background: the upload does not wait for it.
    if (this.quotaCleanup.due()) {
      this.pool
        .query(`DELETE FROM upload_quotas WHERE window_start <= now() - ($1::double precision * interval '1 millisecond')`, [windowMs])
        .catch((err: unknown) => this.log(`Upload quota: clean-up of ended windows failed: ${err instanceof Error ? err.message : String(err)}`));
    }
    return quotaUsage(rows[0]);
  }

  async close(): Promise<void> {
    // A summary asked for after this is read (and fails), not given again.
    this.monitoringChanged();
    await this.migrated.catch(() => undefined);
    await this.healthPoolWarm;
    await this.rateLimitPoolWarm;
    await Promise.all([this.pool.end(), this.healthPool.end(), this.rateLimitPool?.end()]);
  }

  private async query<R extends object>(text: string, values: unknown[] = []): Promise<{ rows: R[]; rowCount: number }> {
    await this.migrated;
    const result = await this.pool.query(text, values);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
  }

  private async insertSubmission(submission: Store.NewSubmission): Promise<Store.SavedSubmission> {
    const id = submission.id ?? newRowKey();
    const { idempotency, screening } = submission;
    if (!idempotency && submission.files.length === 0 && !screening) {
      await this.insertPlainSubmission(id, submission);
      return { id, quarantined: false, reasons: [] };
    }
    const reasons = [...(screening?.reasons ?? [])];
    // The bytes are read before the transaction starts: it stays as short as the inserts.
    const contents = await Promise.all(submission.files.map((file) => fs.readFile(file.tempPath)));
    const quarantined = await inTransaction(this.pool, async (client) => {
      const createdAt = new Date();
      const challenge = screening?.challenge;
      if (challenge) {
        // A solved challenge is accepted once: the first submission to record it keeps it (a second
        // transaction recording it at the same moment waits for the first, then finds it taken).
        const used = await client.query("INSERT INTO used_challenges (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", [
          challenge.id,
          challenge.expiresAt,
        ]);
        if (used.rowCount === 0) reasons.push("proof_replayed");
      }
      const isSpam = reasons.length > 0;
      if (idempotency) {
        // An expired holder gives the key up; a live one makes the insert below fail on the unique index
        // (after waiting for a transaction that is storing it right now).
        await client.query(
          `UPDATE submissions SET idempotency_scope = NULL, idempotency_key = NULL, idempotency_fingerprint = NULL
           WHERE idempotency_scope = $1 AND idempotency_key = $2 AND created_at < $3`,
          [idempotency.scope, idempotency.key, idempotency.heldSince],
        );
      }
      await client.query(`INSERT INTO submissions (${SUBMISSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, submissionValues(id, submission, createdAt, reasons));
      for (const [index, file] of submission.files.entries()) {
        await client.query(
          `INSERT INTO attachments (id, submission_id, field, original_name, stored_name, content_type, size, content)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [newRowKey(), id, file.field, file.originalName, file.storedName, file.contentType, contents[index].length, contents[index]],
        );
      }
      if (!isSpam) await queue(client, queuedRows(id, submission.notification, submission.webhooks), createdAt);
      return isSpam;
    });
    this.monitoringChanged();
    return { id, quarantined, reasons };
  }

  /**
   * A submission without files, Idempotency-Key or screening (most of them)
   * in one statement: its row and its outbox rows (notification and webhooks)
   * are inserted together, and a statement is atomic (all of it is kept, or
   * nothing), so it needs no transaction of its own: one round trip to the
   * database instead of four (BEGIN, two INSERTs, COMMIT).
   */
  private async insertPlainSubmission(id: string, submission: Store.NewSubmission): Promise<void> {
    const rows = queuedRows(id, submission.notification, submission.webhooks);
    await this.pool.query(
      `WITH submission AS (
         INSERT INTO submissions (id, mail_type, payload, created_at) VALUES ($3, $4, $5, $2)
       )
       ${INSERT_QUEUED}`,
      [JSON.stringify(rows), new Date(), id, submission.mailType, JSON.stringify(submission.payload)],
    );
    this.monitoringChanged();
  }

  protected async readSummary(channel: Store.OutboxChannel): Promise<Store.OutboxSummary> {
    await this.migrated;
    const { rows } = await this.healthPool.query<{ pending: number; failed: number; oldest: Date | null; entries: number }>(OUTBOX_SUMMARY_SQL, [channel]);
    const row = rows[0];
    if (row.entries > FOLD_AFTER_ENTRIES) this.foldCountChanges();
    return { pending: row.pending, failed: row.failed, oldestPendingSince: row.oldest };
  }

  protected async countDisabledEndpoints(): Promise<number> {
    await this.migrated;
    const { rows } = await this.healthPool.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_endpoints_disabled");
    return rows[0].n;
  }

  /** In the background, one at a time; a failure is told and the next summary tries again. */
  private foldCountChanges(): void {
    if (this.folding || this.pool.ending) return;
    this.folding = true;
    this.pool
      .query(FOLD_COUNT_CHANGES_SQL)
      .catch((err: unknown) => this.log(`Outbox counts could not be folded: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        this.folding = false;
      });
  }

  /** `work` in one transaction, once the schema is migrated; the monitoring reads see the outbox changed once it settles. */
  private async changing<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    await this.migrated;
    try {
      return await inTransaction(this.pool, work);
    } finally {
      this.monitoringChanged();
    }
  }

  /** Deletes these submissions (their attachment and outbox rows go with them: ON DELETE CASCADE), inside the caller's transaction. */
  private async removeSubmissions(client: PoolClient, submissions: { id: string }[]): Promise<Store.RemovedSubmission[]> {
    const ids = submissions.map((row) => row.id);
    if (ids.length === 0) return [];
    const { rows: xact } = await client.query<{ xid: string }>("SELECT txid_current()::text AS xid");
    this.lastDeletion = xact[0].xid;
    const { rows } = await client.query<{ id: string; mail_type: string; created_at: Date; stored_names: string[]; outbox_ids: string[] }>(
      `SELECT s.id, s.mail_type, s.created_at,
              COALESCE((SELECT array_agg(a.stored_name) FROM attachments a WHERE a.submission_id = s.id), '{}') AS stored_names,
              COALESCE((SELECT array_agg(o.id::text) FROM outbox o WHERE o.submission_id = s.id), '{}') AS outbox_ids
       FROM submissions s WHERE s.id = ANY($1::uuid[])`,
      [ids],
    );
    await client.query("DELETE FROM submissions WHERE id = ANY($1::uuid[])", [ids]);
    return rows.map((row) => ({
      id: row.id,
      mailType: row.mail_type,
      createdAt: row.created_at.toISOString(),
      storedNames: row.stored_names,
      outboxIds: row.outbox_ids,
    }));
  }
}
