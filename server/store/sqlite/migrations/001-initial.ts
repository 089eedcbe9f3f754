import type { Migration } from "./index";

/** The schema as released before versioned migrations (idempotent, so existing files pass through it). */
export const initialSchema: Migration = {
  version: 1,
  name: "001-initial",
  up(db) {
    db.exec(`
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
`);
  },
};
