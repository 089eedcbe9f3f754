import Database from "better-sqlite3";
import { randomBytes, randomUUID } from "crypto";
import fs from "fs";
import path from "path";
import { keepFilesDurably, removeFiles } from "../disk-files";
import { Checkpointer, truncateWal } from "./checkpointer";
import { GroupCommit } from "./group-commit";
import { MonitoredStore } from "../monitoring";
import { newRowKey } from "../keys";
import { checkSchema, migrate } from "./migrations";
import { exportSqliteSubmissions } from "./export";
import { FAILED_SQL, OVERDUE_COLUMNS, queuedRows, toEndpointStatus, toFailed, toOutboxMessage, toOverdue } from "../outbox-rows";
import type { ClaimedRow, EndpointRow, FailedRow, OverdueRow, QueuedRow } from "../outbox-rows";
import { QUARANTINED, SUBMISSION_COLUMNS, submissionValues, toLead, toQuarantined, type AttachmentRow, type LeadRow, type QuarantinedRow } from "../submission-rows";
import { QuotaCleanup } from "../upload-quotas";
import { IdempotencyKeyTaken } from "../types";
import type * as Store from "../types";

interface OutboxRow extends ClaimedRow {
  attachments: string;
  dated_at: string;
  pending_since: number;
}

/**
 * The outbox's summary of one channel reads no outbox row but one, however
 * large the backlog (migration 007): the counts kept by triggers, and the
 * first entry of the index of waiting rows by age (INDEXED BY: an error
 * rather than a scan, should the index ever be missing).
 */
export const OUTBOX_COUNTS_SQL = `SELECT
  COALESCE(SUM(CASE WHEN status IN ('pending', 'sending') THEN n END), 0) AS pending,
  COALESCE(SUM(CASE WHEN status = 'failed' THEN n END), 0) AS failed
FROM outbox_counts WHERE channel = ?`;
export const OLDEST_PENDING_SQL = `SELECT pending_since FROM outbox INDEXED BY outbox_pending_since
WHERE channel = ? AND status IN ('pending', 'sending') ORDER BY pending_since LIMIT 1`;

/**
 * The default store: one SQLite file (DATA_DIR/site.db) in WAL mode, schema
 * migrated at start (./migrations), the files of submissions under
 * DATA_DIR/uploads/ (flushed before the commit that names them). What the
 * rows hold and mean is shared with the PostgreSQL store (../outbox-rows.ts,
 * ../submission-rows.ts, ../monitoring.ts); this file has its SQL and its
 * transactions, its methods in the order of ../types.ts.
 */
export class SqliteSubmissionStore extends MonitoredStore implements Store.SubmissionStore {
  private readonly db: Database.Database;
  private readonly insertSubmission: Database.Statement;
  private readonly keyHolder: Database.Statement;
  private readonly releaseExpiredKey: Database.Statement;
  private readonly insertAttachment: Database.Statement;
  private readonly insertOutbox: Database.Statement;
  private readonly claim: Database.Statement;
  private readonly renew: Database.Statement;
  private readonly sent: Database.Statement;
  private readonly failed: Database.Statement;
  private readonly counts: Database.Statement;
  private readonly oldestPending: Database.Statement;
  private readonly disabledCount: Database.Statement;
  private readonly probe: Database.Statement;
  private readonly overdue: Database.Statement;
  private readonly failedList: Database.Statement;
  private readonly resendAll: Database.Statement;
  private readonly resendOne: Database.Statement;
  /** Submissions arriving together: one transaction, one flush of the WAL (./group-commit.ts). */
  private readonly submissions: GroupCommit<Store.NewSubmission & { id: string }, Store.SavedSubmission>;
  private readonly useChallenge: Database.Statement;
  private readonly checkpointer: Checkpointer;
  private readonly quotaCleanup = new QuotaCleanup();

  /** Where the files of submissions are kept: `uploads/` beside the database file unless given. */
  readonly uploadsDir: string;

  constructor(
    readonly file: string,
    uploadsDir?: string,
    options: { migrate?: boolean } = {},
  ) {
    super();
    this.uploadsDir = uploadsDir ?? path.join(path.dirname(file), "uploads");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    // An acknowledged lead is never lost: the commit reaches the disk before the API answers 201.
    // Commits do not flush the WAL themselves (NORMAL): a submission is acknowledged only
    // after the flush that follows its commit (GroupCommit), one flush for every submission
    // committed before it, made in the thread pool; SQLite flushes before each checkpoint.
    this.db.pragma("synchronous = NORMAL");
    // Checkpoints (copying the WAL into the database, two flushes) run in a worker thread, not at the end of a commit.
    this.db.pragma("wal_autocheckpoint = 0");
    this.checkpointer = new Checkpointer(file);
    this.db.pragma("foreign_keys = ON");
    this.db.pragma("busy_timeout = 5000");
    // What a deletion or an update frees is overwritten with zeros, not left in the page (or in a
    // free page) for anyone reading the file: the personal data of a deleted submission, and the
    // old copies of rows rewritten on the way (an outbox row marked sent). Per connection.
    this.db.pragma("secure_delete = ON");
    try {
      // Without migrating (bin/migrate does it before the server starts), a schema older than this release's stops the start.
      if (options.migrate === false) checkSchema(this.db);
      else migrate(this.db);
    } catch (err) {
      this.db.close();
      throw err;
    }

    // The statements of every submission bind their values by position: better-sqlite3 looks a named
    // parameter up in the object passed by its name, a cost paid for each value of each row.
    this.insertSubmission = this.db.prepare(
`INSERT INTO submissions (${SUBMISSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // created_at is ISO 8601 UTC text of one length: text order is time order.
    this.keyHolder = this.db.prepare(
      `SELECT id, idempotency_fingerprint AS fingerprint FROM submissions
       WHERE idempotency_scope = @scope AND idempotency_key = @key AND created_at >= @since`,
    );
    this.releaseExpiredKey = this.db.prepare(
      `UPDATE submissions SET idempotency_scope = NULL, idempotency_key = NULL, idempotency_fingerprint = NULL
       WHERE idempotency_scope = @scope AND idempotency_key = @key AND created_at < @since`,
    );
    this.insertAttachment = this.db.prepare(
      `INSERT INTO attachments (id, submission_id, field, original_name, stored_name, content_type, size)
       VALUES (@id, @submissionId, @field, @originalName, @storedName, @contentType, @size)`,
    );
    this.insertOutbox = this.db.prepare(
      `INSERT INTO outbox (id, channel, submission_id, mail_from, addressed_to, recipient, reply_to, topic, body, attachments,
         dedup_id, dated_at, next_attempt_at, pending_since, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.useChallenge = this.db.prepare("INSERT INTO used_challenges (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING");
    this.claim = this.db.prepare(
      `UPDATE outbox SET status = 'sending', locked_until = @lockedUntil, claim_token = @claimToken
       WHERE id IN (
         SELECT id FROM outbox
         WHERE ((status = 'pending' AND next_attempt_at <= @dueBy) OR (status = 'sending' AND locked_until <= @now))
           AND (channel = 'email' OR recipient NOT IN (SELECT url FROM webhook_endpoints_disabled))
         ORDER BY next_attempt_at, created_at
         LIMIT @limit
       )
       RETURNING id, channel, submission_id, mail_from, addressed_to, recipient, reply_to, topic, body, attachments, attempts,
         dedup_id, dated_at, pending_since, claim_token`,
    );
    const fenced = "id = @id AND claim_token = @claimToken AND status = 'sending'";
    this.renew = this.db.prepare(`UPDATE outbox SET locked_until = @lockedUntil WHERE ${fenced}`);
    this.sent = this.db.prepare(
      `UPDATE outbox SET status = 'sent', sent_at = @sentAt, locked_until = NULL, claim_token = NULL, last_error = NULL WHERE ${fenced}`,
    );
    this.failed = this.db.prepare(
      `UPDATE outbox
       SET status = CASE WHEN @nextAttemptAt IS NULL THEN 'failed' ELSE 'pending' END,
           attempts = @attempts,
           next_attempt_at = COALESCE(@nextAttemptAt, next_attempt_at),
           locked_until = NULL,
           claim_token = NULL,
           last_error = @error
       WHERE ${fenced}`,
    );
    this.counts = this.db.prepare(OUTBOX_COUNTS_SQL);
    this.oldestPending = this.db.prepare(OLDEST_PENDING_SQL).pluck();
    this.disabledCount = this.db.prepare("SELECT COUNT(*) FROM webhook_endpoints_disabled").pluck();
    this.probe = this.db.prepare("SELECT n FROM outbox_counts LIMIT 1").pluck();
    this.overdue = this.db.prepare(
      `UPDATE outbox SET overdue_reported = 1
       WHERE status IN ('pending', 'sending') AND overdue_reported = 0 AND pending_since < @pendingBefore
       RETURNING ${OVERDUE_COLUMNS}`,
    );
    this.failedList = this.db.prepare(FAILED_SQL);
    const resend = `UPDATE outbox
       SET status = 'pending', attempts = 0, next_attempt_at = @now, pending_since = @now, overdue_reported = 0,
           locked_until = NULL, claim_token = NULL
       WHERE status = 'failed'`;
    this.resendAll = this.db.prepare(resend);
    this.resendOne = this.db.prepare(`${resend} AND (id = @id OR submission_id = @id)`);

    this.submissions = new GroupCommit(this.db, (submission: Store.NewSubmission & { id: string }): Store.SavedSubmission => {
      const createdAt = new Date();
      const { idempotency } = submission;
      if (idempotency) {
        const key = { scope: idempotency.scope, key: idempotency.key, since: idempotency.heldSince.toISOString() };
        const holder = this.keyHolder.get(key) as Store.IdempotencyHolder | undefined;
        if (holder) throw new IdempotencyKeyTaken(holder);
        this.releaseExpiredKey.run(key);
      }
      const createdIso = createdAt.toISOString();
      const reasons = [...(submission.screening?.reasons ?? [])];
      const challenge = submission.screening?.challenge;
      // A solved challenge is accepted once: the first submission to record it keeps it.
      if (challenge && this.useChallenge.run(challenge.id, challenge.expiresAt.getTime()).changes === 0) reasons.push("proof_replayed");
      const quarantined = reasons.length > 0;
      this.insertSubmission.run(...submissionValues(submission.id, submission, createdIso, reasons));
      for (const file of submission.files) {
        this.insertAttachment.run({
          id: newRowKey(),
          submissionId: submission.id,
          field: file.field,
          originalName: file.originalName,
          storedName: file.storedName,
          contentType: file.contentType,
          size: file.size,
        });
      }
      if (!quarantined) this.queue(queuedRows(submission.id, submission.notification, submission.webhooks), createdAt);
      return { id: submission.id, quarantined, reasons };
    });
  }

  /** How the submissions were grouped into commits so far. */
  get commitStats(): Readonly<{ groups: number; writes: number; largestGroup: number }> {
    return this.submissions.stats;
  }

  async saveSubmission(submission: Store.NewSubmission): Promise<Store.SavedSubmission> {
    const id = submission.id ?? newRowKey();
    const kept = submission.files.length > 0 ? await keepFilesDurably(this.uploadsDir, submission.files) : [];
    let saved: Store.SavedSubmission;
    try {
      saved = await this.submissions.write({ ...submission, id });
      this.monitoringChanged();
      this.checkpointer.noteWrite();
    } catch (err) {
      // Rolled back (a failed flush after the commit does not reject: group-commit.ts): nothing points to the files.
      this.monitoringChanged();
      await removeFiles(kept);
      throw err;
    }
    return saved;
  }

  async findByIdempotencyKey(scope: string, key: string, since: Date): Promise<Store.IdempotencyHolder | undefined> {
    return this.keyHolder.get({ scope, key, since: since.toISOString() }) as Store.IdempotencyHolder | undefined;
  }

  async claimPendingOutbox({ now, dueBy, limit, leaseMs }: Store.ClaimOptions): Promise<Store.OutboxMessage[]> {
    const rows = this.claim.all({
      now: now.getTime(),
      dueBy: (dueBy ?? now).getTime(),
      lockedUntil: now.getTime() + leaseMs,
      claimToken: randomUUID(),
      limit,
    }) as OutboxRow[];
    if (rows.length > 0) this.monitoringChanged();
    return rows.map((row) => toOutboxMessage(row, this.outgoing(row.attachments)));
  }

  async renewClaim({ id, claimToken }: Store.OutboxClaim, lockedUntil: Date): Promise<boolean> {
    return this.renew.run({ id, claimToken, lockedUntil: lockedUntil.getTime() }).changes === 1;
  }

  async markSent({ id, claimToken }: Store.OutboxClaim, sentAt: Date): Promise<boolean> {
    const marked = this.sent.run({ id, claimToken, sentAt: sentAt.toISOString() }).changes === 1;
    this.monitoringChanged();
    return marked;
  }

  async markFailed({ id, claimToken }: Store.OutboxClaim, attempt: Store.FailedAttempt): Promise<boolean> {
    const result = this.failed.run({
      id,
      claimToken,
      attempts: attempt.attempts,
      nextAttemptAt: attempt.nextAttemptAt ? attempt.nextAttemptAt.getTime() : null,
      error: attempt.error.slice(0, 2000),
    });
    this.monitoringChanged();
    return result.changes === 1;
  }

  /** Resolves when the database answers a read (readiness): one row of a table of eight. */
  async ping(): Promise<void> {
    this.probe.get();
  }

  async takeOverdue(pendingBefore: Date): Promise<Store.OverdueMessage[]> {
    return (this.overdue.all({ pendingBefore: pendingBefore.getTime() }) as OverdueRow[]).map(toOverdue);
  }

  async listFailed(): Promise<Store.FailedMessage[]> {
    return (this.failedList.all() as FailedRow[]).map(toFailed);
  }

  async resendFailed(now: Date, id?: string): Promise<number> {
    const statement = id === undefined ? this.resendAll : this.resendOne;
    const changes = statement.run({ now: now.getTime(), ...(id === undefined ? {} : { id }) }).changes;
    this.monitoringChanged();
    await this.submissions.flush();
    return changes;
  }

  async storedFileNames(): Promise<Set<string>> {
    const rows = this.db.prepare("SELECT stored_name FROM attachments").pluck().all() as string[];
    return new Set(rows);
  }

  async purgeSubmissions(createdBefore: Date): Promise<Store.PurgeResult> {
    const cutoff = createdBefore.toISOString();
    // Ended: every outbox row (e-mail or webhook) sent, or given up as failed (reported when it failed).
    const undelivered = "EXISTS (SELECT 1 FROM outbox o WHERE o.submission_id = s.id AND o.status NOT IN ('sent', 'failed'))";
    return this.removing(() => {
      const ids = this.db.prepare(`SELECT id FROM submissions s WHERE created_at < ? AND NOT ${undelivered}`).pluck().all(cutoff) as string[];
      const kept = this.db.prepare(`SELECT COUNT(*) FROM submissions s WHERE created_at < ? AND ${undelivered}`).pluck().get(cutoff) as number;
      return { removed: this.removeSubmissions(ids), keptUndelivered: kept };
    });
  }

  async deleteSubmissionsByEmail(email: string): Promise<Store.RemovedSubmission[]> {
    const wanted = email.trim().toLowerCase();
    return this.removing(() => {
      const rows = this.db
        .prepare("SELECT id, json_extract(payload, '$.email') AS email FROM submissions WHERE json_extract(payload, '$.email') IS NOT NULL")
        .all() as { id: string; email: unknown }[];
      const ids = rows.filter((row) => typeof row.email === "string" && row.email.trim().toLowerCase() === wanted).map((row) => row.id);
      return this.removeSubmissions(ids);
    });
  }

  /**
   * The deleted rows' bytes out of the files: secure_delete zeroed them in the
   * pages, but the WAL still holds the frames written before (the rows as they
   * were inserted): the WAL is checkpointed into site.db and emptied.
   */
  async eraseDeleted(_mode?: Store.EraseMode): Promise<Store.EraseReport> {
    await this.submissions.flush();
    const report = await truncateWal(this.file);
    return report.complete ? { complete: true } : { complete: false, reason: `site.db-wal could not be emptied (${report.reason ?? "busy"})` };
  }

  async listQuarantined(limit = 50): Promise<{ total: number; submissions: Store.QuarantinedSubmission[] }> {
    const total = this.db.prepare(`SELECT COUNT(*) FROM submissions WHERE ${QUARANTINED}`).pluck().get() as number;
    const rows = this.db
      .prepare(
        `SELECT id, mail_type, created_at, json_extract(payload, '$.email') AS email, spam_reasons FROM submissions
         WHERE ${QUARANTINED} ORDER BY created_at DESC, id DESC LIMIT ?`,
      )
      .all(limit) as QuarantinedRow[];
    return { total, submissions: rows.map(toQuarantined) };
  }

  async releaseSubmission(id: string, now: Date, webhooks: Store.WebhookDelivery[] = []): Promise<Store.ReleaseResult> {
    const release = this.db.transaction((): Store.ReleaseResult => {
      const row = this.db.prepare("SELECT verdict, released_at, held_notification FROM submissions WHERE id = ?").get(id) as
        | { verdict: string; released_at: string | null; held_notification: string | null }
        | undefined;
      if (!row) return "unknown";
      if (row.verdict !== "spam") return "not-quarantined";
      if (row.released_at !== null || row.held_notification === null) return "already-released";
      this.db.prepare("UPDATE submissions SET released_at = ?, held_notification = NULL WHERE id = ?").run(now.toISOString(), id);
      this.queue(queuedRows(id, JSON.parse(row.held_notification) as Store.Notification, webhooks), now);
      return "released";
    });
    const result = release.immediate();
    this.monitoringChanged();
    await this.submissions.flush();
    return result;
  }

  async leadOf(id: string): Promise<Store.StoredLead | undefined> {
    const row = this.db.prepare("SELECT id, mail_type, payload, created_at, verdict, released_at FROM submissions WHERE id = ?").get(id) as LeadRow | undefined;
    if (!row) return undefined;
    const files = this.db
      .prepare("SELECT field, original_name, stored_name, content_type, size FROM attachments WHERE submission_id = ? ORDER BY rowid")
      .all(id) as AttachmentRow[];
    return toLead(row, files);
  }

  async readAttachment(storedName: string): Promise<Store.StoredFile | undefined> {
    const row = this.db.prepare("SELECT original_name, content_type, size FROM attachments WHERE stored_name = ?").get(storedName) as
      | { original_name: string; content_type: string; size: number }
      | undefined;
    if (!row) return undefined;
    return { originalName: row.original_name, contentType: row.content_type, size: row.size, path: path.join(this.uploadsDir, path.basename(storedName)) };
  }

  async disableEndpoint(url: string, now: Date, reason: string): Promise<void> {
    this.db.prepare("INSERT INTO webhook_endpoints_disabled (url, disabled_at, reason) VALUES (?, ?, ?) ON CONFLICT (url) DO NOTHING").run(url, now.toISOString(), reason);
    this.monitoringChanged();
  }

  async enableEndpoint(url: string): Promise<boolean> {
    const enabled = this.db.prepare("DELETE FROM webhook_endpoints_disabled WHERE url = ?").run(url).changes === 1;
    this.monitoringChanged();
    return enabled;
  }

  async webhookStatus(): Promise<Store.WebhookEndpointStatus[]> {
    const rows = this.db
      .prepare(
        `SELECT e.url,
           (SELECT COUNT(*) FROM outbox o WHERE o.channel = 'webhook' AND o.recipient = e.url AND o.status IN ('pending', 'sending')) AS pending,
           (SELECT COUNT(*) FROM outbox o WHERE o.channel = 'webhook' AND o.recipient = e.url AND o.status = 'sent') AS sent,
           (SELECT COUNT(*) FROM outbox o WHERE o.channel = 'webhook' AND o.recipient = e.url AND o.status = 'failed') AS failed,
           (SELECT MIN(pending_since) FROM outbox o WHERE o.channel = 'webhook' AND o.recipient = e.url AND o.status IN ('pending', 'sending')) AS oldest,
           (SELECT last_error FROM outbox o WHERE o.channel = 'webhook' AND o.recipient = e.url AND o.last_error IS NOT NULL
              ORDER BY o.next_attempt_at DESC LIMIT 1) AS last_error,
           (SELECT disabled_at FROM webhook_endpoints_disabled d WHERE d.url = e.url) AS disabled_at
         FROM (SELECT DISTINCT recipient AS url FROM outbox WHERE channel = 'webhook'
               UNION SELECT url FROM webhook_endpoints_disabled) e ORDER BY e.url`,
      )
      .all() as EndpointRow[];
    return rows.map(toEndpointStatus);
  }

  async replayWebhooks(since: Date, now: Date, endpoint?: string): Promise<number> {
    const changes = this.db
      .prepare(
        `UPDATE outbox
         SET status = 'pending', attempts = 0, next_attempt_at = @now, pending_since = @now, overdue_reported = 0,
             locked_until = NULL, claim_token = NULL, sent_at = NULL
         WHERE channel = 'webhook' AND status IN ('sent', 'failed') AND (@endpoint IS NULL OR recipient = @endpoint)
           AND submission_id IN (SELECT id FROM submissions WHERE created_at >= @since)`,
      )
      .run({ now: now.getTime(), since: since.toISOString(), endpoint: endpoint ?? null }).changes;
    this.monitoringChanged();
    await this.submissions.flush();
    return changes;
  }

  async purgeQuarantined(createdBefore: Date): Promise<Store.RemovedSubmission[]> {
    return this.removing(() => {
      const ids = this.db.prepare(`SELECT id FROM submissions WHERE ${QUARANTINED} AND created_at < ?`).pluck().all(createdBefore.toISOString()) as string[];
      return this.removeSubmissions(ids);
    });
  }

  async pruneUsedChallenges(now: Date): Promise<number> {
    return this.db.prepare("DELETE FROM used_challenges WHERE expires_at < ?").run(now.getTime()).changes;
  }

  async serverSecret(name: string): Promise<string> {
    this.db.prepare("INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING").run(name, randomBytes(32).toString("hex"));
    return this.db.prepare("SELECT value FROM server_secrets WHERE name = ?").pluck().get(name) as string;
  }

  async claimSpamDigest(day: string, now: Date): Promise<boolean> {
    return this.db.prepare("INSERT INTO spam_digests (day, sent_at) VALUES (?, ?) ON CONFLICT (day) DO NOTHING").run(day, now.toISOString()).changes === 1;
  }

  async releaseSpamDigest(day: string): Promise<void> {
    this.db.prepare("DELETE FROM spam_digests WHERE day = ?").run(day);
  }

  exportSubmissions(filter: Store.ExportFilter): AsyncIterable<Store.ExportedSubmission> {
    return exportSqliteSubmissions(this.file, filter);
  }

  async uploadQuotaUsage(key: string, windowMs: number): Promise<Store.UploadQuotaUsage | undefined> {
    const now = Date.now();
    const row = this.db.prepare("SELECT bytes, window_start FROM upload_quotas WHERE key = ? AND window_start > ?").get(key, now - windowMs) as
      | { bytes: number; window_start: number }
      | undefined;
    return row && { bytes: row.bytes, resetAt: new Date(row.window_start + windowMs) };
  }

  async countUploadBytes(key: string, bytes: number, windowMs: number): Promise<Store.UploadQuotaUsage> {
    const now = Date.now();
    const ended = now - windowMs;
    const row = this.db
      .prepare(
        `INSERT INTO upload_quotas (key, window_start, bytes) VALUES (@key, @now, @bytes)
         ON CONFLICT (key) DO UPDATE SET
           bytes = CASE WHEN window_start <= @ended THEN @bytes ELSE bytes + @bytes END,
           window_start = CASE WHEN window_start <= @ended THEN @now ELSE window_start END
         RETURNING bytes, window_start`,
      )
      .get({ key, now, bytes, ended }) as { bytes: number; window_start: number };
    if (this.quotaCleanup.due(now)) this.db.prepare("DELETE FROM upload_quotas WHERE window_start <= ?").run(ended);
    return { bytes: row.bytes, resetAt: new Date(row.window_start + windowMs) };
  }

  async close(): Promise<void> {
    // A summary asked for after this is read (and fails), not given again.
    this.monitoringChanged();
    if (!this.db.open) return;
    await this.submissions.close();
    await this.checkpointer.stop();
    if (this.db.open) this.db.close();
  }

  /** Inserts outbox rows queued at `at` (inside the caller's transaction). */
  private queue(rows: QueuedRow[], at: Date): void {
    const iso = at.toISOString();
    const due = at.getTime();
    for (const row of rows) {
      this.insertOutbox.run(
        row.id,
        row.channel,
        row.submission_id,
        row.mail_from,
        row.addressed_to,
        row.recipient,
        row.reply_to,
        row.topic,
        row.body,
        row.attachments,
        row.dedup_id,
        iso,
        due,
        due,
        iso,
      );
    }
  }

  protected async readSummary(channel: Store.OutboxChannel): Promise<Store.OutboxSummary> {
    const read = this.db.transaction(() => {
      const row = this.counts.get(channel) as { pending: number; failed: number };
      const oldest = this.oldestPending.get(channel) as number | undefined;
      return { pending: row.pending, failed: row.failed, oldestPendingSince: oldest === undefined ? null : new Date(oldest) };
    });
    // One snapshot for the counts and the oldest row.
    return read.deferred();
  }

  protected async countDisabledEndpoints(): Promise<number> {
    return this.disabledCount.get() as number;
  }

  /** A notification's stored files as the sender reads them: from uploads/. */
  private outgoing(json: string): Store.OutgoingAttachment[] {
    const attachments = JSON.parse(json) as Store.NotificationAttachment[];
    return attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      path: path.join(this.uploadsDir, path.basename(a.storedName)),
    }));
  }

  /** Runs a deletion in one immediate transaction; resolves once it is on the disk. */
  private async removing<T>(remove: () => T): Promise<T> {
    const result = this.db.transaction(remove).immediate();
    this.monitoringChanged();
    // A deletion is on the disk before it is reported done.
    await this.submissions.flush();
    return result;
  }

  /** Deletes these submissions with their attachment and outbox rows (inside the caller's transaction). */
  private removeSubmissions(ids: string[]): Store.RemovedSubmission[] {
    const submission = this.db.prepare("SELECT id, mail_type, created_at FROM submissions WHERE id = ?");
    const files = this.db.prepare("SELECT stored_name FROM attachments WHERE submission_id = ?").pluck();
    const outbox = this.db.prepare("SELECT id FROM outbox WHERE submission_id = ?").pluck();
    const deletes = ["attachments", "outbox"].map((table) => this.db.prepare(`DELETE FROM ${table} WHERE submission_id = ?`));
    const deleteSubmission = this.db.prepare("DELETE FROM submissions WHERE id = ?");
    const removed: Store.RemovedSubmission[] = [];
    for (const id of ids) {
      const row = submission.get(id) as { id: string; mail_type: string; created_at: string } | undefined;
      if (!row) continue;
      removed.push({
        id,
        mailType: row.mail_type,
        createdAt: row.created_at,
        storedNames: files.all(id) as string[],
        outboxIds: outbox.all(id) as string[],
      });
      for (const statement of deletes) statement.run(id);
      deleteSubmission.run(id);
    }
    return removed;
  }
}
