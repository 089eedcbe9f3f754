-- The PostgreSQL store's schema: the SQLite store's (server/store/sqlite/migrations,
-- 001 to 003) with the same tables and column names, and two differences:
-- - attachments hold the file's bytes (content), so every instance reads them
--   from the database and one backup holds everything; nothing is on a disk
--   of one instance;
-- - times are timestamptz (SQLite keeps ISO text or ms since the epoch).
-- Ids are the UUIDs the server makes. The validated fields and the
-- notification's attachment list are json, not jsonb: kept as written, and
-- json accepts every string JSON can hold (jsonb refuses "\u0000").

CREATE TABLE submissions (
  id          uuid PRIMARY KEY,
  mail_type   text NOT NULL,
  payload     json NOT NULL,                      -- the validated fields
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- The retention purge selects by age.
CREATE INDEX submissions_by_created_at ON submissions (created_at);

CREATE TABLE attachments (
  id             uuid PRIMARY KEY,
  submission_id  uuid NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  field          text NOT NULL,
  original_name  text NOT NULL,
  stored_name    text NOT NULL UNIQUE,            -- UUID + detected extension; notifications name files by it
  content_type   text NOT NULL,
  size           bigint NOT NULL CHECK (size >= 0),
  content        bytea NOT NULL,                  -- the file's bytes
  CHECK (octet_length(content) = size)            -- never a truncated file
);
-- Uploads are mostly compressed already (PDF, DOCX, images): keep them out of
-- line without trying to compress them again.
ALTER TABLE attachments ALTER COLUMN content SET STORAGE EXTERNAL;
CREATE INDEX attachments_by_submission ON attachments (submission_id);

-- One row per recipient of a notification. Message-ID and Date are fixed when
-- it is queued, shared by the rows of one notification and kept on every
-- retry (receivers de-duplicate by Message-ID). A row being sent is claimed:
-- a fresh claim_token and a lease (locked_until); a result is recorded only
-- with the token that claimed it (fencing), and a row whose lease ran out is
-- claimed again.
CREATE TABLE outbox (
  id                uuid PRIMARY KEY,
  submission_id     uuid NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  mail_from         text NOT NULL,
  mail_to           text NOT NULL,                -- the To: header (the whole list)
  recipient         text NOT NULL,                -- this row's one envelope recipient
  reply_to          text,
  subject           text NOT NULL,
  body              text NOT NULL,
  attachments       json NOT NULL,                -- [{ filename, storedName, contentType }]
  message_id        text NOT NULL,
  mail_date         timestamptz NOT NULL,
  status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts          integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at   timestamptz NOT NULL,
  claim_token       uuid,                         -- who holds the claim, while sending
  locked_until      timestamptz,                  -- end of the claim's lease, while sending
  last_error        text,
  pending_since     timestamptz NOT NULL,         -- since when it waits to be delivered (health, alert)
  overdue_reported  boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now(),
  sent_at           timestamptz,
  -- A row being sent without a token or a lease would never be claimed again.
  CHECK (status <> 'sending' OR (claim_token IS NOT NULL AND locked_until IS NOT NULL))
);
-- The claim (pending and due, or sending past its lease), the health summary
-- and the overdue alert read the undelivered rows by status.
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_by_submission ON outbox (submission_id);
