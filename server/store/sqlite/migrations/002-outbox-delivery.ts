import { randomUUID } from "crypto";
import type { Migration } from "./index";

interface LegacyRow {
  id: string;
  mail_to: string;
}

/**
 * The outbox delivers to each recipient on its own row, fenced by a claim token:
 * - `recipient`: the one envelope address of the row (`mail_to` stays the To: header);
 * - `message_id`, `mail_date`: the Message-ID and Date fixed at enqueue, shared by
 *   the rows of one notification and kept on every retry;
 * - `claim_token`: who holds the claim; a result is recorded only with it;
 * - `pending_since`: since when (ms) the row waits to be delivered (health, alert);
 * - `overdue_reported`: the "pending too long" alert was logged.
 * Rows not yet sent are split per recipient, and rows that earlier releases gave
 * up on (`failed` after a number of attempts, mostly outages) are pending again.
 */
export const outboxDelivery: Migration = {
  version: 2,
  name: "002-outbox-delivery",
  up(db) {
    db.exec(`
ALTER TABLE outbox ADD COLUMN recipient TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN message_id TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN mail_date TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN claim_token TEXT;
ALTER TABLE outbox ADD COLUMN pending_since INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN overdue_reported INTEGER NOT NULL DEFAULT 0;
UPDATE outbox SET
  recipient = mail_to,
  message_id = '<' || id || '@outbox.local>',
  mail_date = created_at,
  pending_since = CAST(ROUND((julianday(created_at) - 2440587.5) * 86400000) AS INTEGER);
UPDATE outbox SET status = 'pending', locked_until = NULL, next_attempt_at = CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)
  WHERE status IN ('failed', 'sending');
CREATE INDEX IF NOT EXISTS outbox_by_submission ON outbox(submission_id);
`);
    const lists = db.prepare("SELECT id, mail_to FROM outbox WHERE status <> 'sent' AND mail_to LIKE '%,%'").all() as LegacyRow[];
    const setRecipient = db.prepare("UPDATE outbox SET recipient = ? WHERE id = ?");
    const copy = db.prepare(
      `INSERT INTO outbox (id, submission_id, mail_from, mail_to, reply_to, subject, body, attachments, status, attempts,
         next_attempt_at, locked_until, last_error, created_at, sent_at, recipient, message_id, mail_date, claim_token,
         pending_since, overdue_reported)
       SELECT @newId, submission_id, mail_from, mail_to, reply_to, subject, body, attachments, status, attempts,
         next_attempt_at, locked_until, last_error, created_at, sent_at, @recipient, message_id, mail_date, claim_token,
         pending_since, overdue_reported
       FROM outbox WHERE id = @id`,
    );
    for (const row of lists) {
      const [first, ...others] = row.mail_to.split(",").map((address) => address.trim()).filter(Boolean);
      setRecipient.run(first, row.id);
      for (const recipient of others) copy.run({ newId: randomUUID(), recipient, id: row.id });
    }
  },
};
