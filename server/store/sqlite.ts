import Database from "better-sqlite3";
import { randomUUID } from "crypto";
import fs from "fs";
import path from "path";
import type { ClaimOptions, NewSubmission, OutboxMessage, SubmissionStore } from "./types";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS submissions (
  id          TEXT PRIMARY KEY,
  mail_type   TEXT NOT NULL,
  payload     TEXT NOT NULL,            -- the validated fields, JSON
  created_at  TEXT NOT NULL             -- ISO 8601, UTC
);

CREATE TABLE IF NOT EXISTS attachments (
  id             TEXT PRIMARY KEY,
  submission_id  TEXT NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
  field          TEXT NOT NULL,
  original_name  TEXT NOT NULL,
  stored_name    TEXT NOT NULL UNIQUE,  -- UUID + detected extension, under DATA_DIR/uploads/
  content_type   TEXT NOT NULL,
  size           INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS attachments_by_submission ON attachments(submission_id);

CREATE TABLE IF NOT EXISTS outbox (
  id               TEXT PRIMARY KEY,
  submission_id    TEXT NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
  mail_from        TEXT NOT NULL,
  mail_to          TEXT NOT NULL,
  reply_to         TEXT,
  subject          TEXT NOT NULL,
  body             TEXT NOT NULL,
  attachments      TEXT NOT NULL,       -- JSON [{ filename, path, contentType }]
  status           TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  INTEGER NOT NULL,    -- ms since the epoch
  locked_until     INTEGER,             -- ms since the epoch, while claimed
  last_error       TEXT,
  created_at       TEXT NOT NULL,
  sent_at          TEXT
);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox(status, next_attempt_at);
`;

interface OutboxRow {
  id: string;
  submission_id: string;
  mail_from: string;
  mail_to: string;
  reply_to: string | null;
  subject: string;
  body: string;
  attachments: string;
  attempts: number;
}

/** The default store: one SQLite file (DATA_DIR/site.db) in WAL mode, schema created at start. */
export class SqliteSubmissionStore implements SubmissionStore {
  private readonly db: Database.Database;
  private readonly insertSubmission: Database.Statement;
  private readonly insertAttachment: Database.Statement;
  private readonly insertOutbox: Database.Statement;
  private readonly claim: Database.Statement;
  private readonly sent: Database.Statement;
  private readonly failed: Database.Statement;
  private readonly saveAll: Database.Transaction<(submission: NewSubmission & { id: string }) => void>;

  constructor(readonly file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    // An acknowledged lead is never lost: the commit reaches the disk before the API answers 201.
    this.db.pragma("synchronous = FULL");
    this.db.pragma("foreign_keys = ON");
    this.db.pragma("busy_timeout = 5000");
    this.db.exec(SCHEMA);

    this.insertSubmission = this.db.prepare(
      "INSERT INTO submissions (id, mail_type, payload, created_at) VALUES (@id, @mailType, @payload, @createdAt)",
    );
    this.insertAttachment = this.db.prepare(
      `INSERT INTO attachments (id, submission_id, field, original_name, stored_name, content_type, size)
       VALUES (@id, @submissionId, @field, @originalName, @storedName, @contentType, @size)`,
    );
    this.insertOutbox = this.db.prepare(
      `INSERT INTO outbox (id, submission_id, mail_from, mail_to, reply_to, subject, body, attachments, next_attempt_at, created_at)
       VALUES (@id, @submissionId, @from, @to, @replyTo, @subject, @text, @attachments, @nextAttemptAt, @createdAt)`,
    );
    this.claim = this.db.prepare(
      `UPDATE outbox SET status = 'sending', locked_until = @lockedUntil
       WHERE id IN (
         SELECT id FROM outbox
         WHERE (status = 'pending' AND next_attempt_at <= @now) OR (status = 'sending' AND locked_until <= @now)
         ORDER BY next_attempt_at, created_at
         LIMIT @limit
       )
       RETURNING id, submission_id, mail_from, mail_to, reply_to, subject, body, attachments, attempts`,
    );
    this.sent = this.db.prepare(
      "UPDATE outbox SET status = 'sent', sent_at = @sentAt, locked_until = NULL, last_error = NULL WHERE id = @id",
    );
    this.failed = this.db.prepare(
      `UPDATE outbox
       SET status = CASE WHEN @nextAttemptAt IS NULL THEN 'failed' ELSE 'pending' END,
           attempts = @attempts,
           next_attempt_at = COALESCE(@nextAttemptAt, next_attempt_at),
           locked_until = NULL,
           last_error = @error
       WHERE id = @id`,
    );

    this.saveAll = this.db.transaction((submission: NewSubmission & { id: string }) => {
      const createdAt = new Date();
      this.insertSubmission.run({
        id: submission.id,
        mailType: submission.mailType,
        payload: JSON.stringify(submission.payload),
        createdAt: createdAt.toISOString(),
      });
      for (const file of submission.files) {
        this.insertAttachment.run({
          id: randomUUID(),
          submissionId: submission.id,
          field: file.field,
          originalName: file.originalName,
          storedName: file.storedName,
          contentType: file.contentType,
          size: file.size,
        });
      }
      const { notification } = submission;
      this.insertOutbox.run({
        id: randomUUID(),
        submissionId: submission.id,
        from: notification.from,
        to: notification.to,
        replyTo: notification.replyTo ?? null,
        subject: notification.subject,
        text: notification.text,
        attachments: JSON.stringify(notification.attachments),
        nextAttemptAt: createdAt.getTime(),
        createdAt: createdAt.toISOString(),
      });
    });
  }

  async saveSubmission(submission: NewSubmission): Promise<string> {
    const id = submission.id ?? randomUUID();
    this.saveAll.immediate({ ...submission, id });
    return id;
  }

  async claimPendingOutbox({ now, limit, leaseMs }: ClaimOptions): Promise<OutboxMessage[]> {
    const rows = this.claim.all({ now: now.getTime(), lockedUntil: now.getTime() + leaseMs, limit }) as OutboxRow[];
    return rows.map((row) => ({
      id: row.id,
      submissionId: row.submission_id,
      from: row.mail_from,
      to: row.mail_to,
      replyTo: row.reply_to ?? undefined,
      subject: row.subject,
      text: row.body,
      attachments: JSON.parse(row.attachments) as OutboxMessage["attachments"],
      attempts: row.attempts,
    }));
  }

  async markSent(id: string, sentAt: Date): Promise<void> {
    this.sent.run({ id, sentAt: sentAt.toISOString() });
  }

  async markFailed(id: string, attempts: number, nextAttemptAt: Date | null, error: string): Promise<void> {
    this.failed.run({ id, attempts, nextAttemptAt: nextAttemptAt ? nextAttemptAt.getTime() : null, error: error.slice(0, 2000) });
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
