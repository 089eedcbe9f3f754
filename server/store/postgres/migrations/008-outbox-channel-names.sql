-- The outbox's columns named for what they hold on both channels (e-mail and
-- webhook), as the SQLite store's migration 009:
-- - addressed_to (was mail_to): the To: header, every recipient of the
--   notification; a webhook's endpoint URL (recipient stays the one address
--   the row is delivered to);
-- - topic (was subject): the e-mail's subject; the webhook's event type;
-- - dedup_id (was message_id): the id receivers de-duplicate on, fixed when
--   queued, kept on every retry: the Message-ID; the webhook id;
-- - dated_at (was mail_date): the time the message carries: the e-mail's
--   Date header; when the webhook's event happened.
-- mail_from and reply_to stay: they are e-mail only (empty on webhook rows).
-- RENAME COLUMN changes the catalogue only (no row is rewritten); its lock is
-- held for the moment of the change.
ALTER TABLE outbox RENAME COLUMN mail_to TO addressed_to;
ALTER TABLE outbox RENAME COLUMN subject TO topic;
ALTER TABLE outbox RENAME COLUMN message_id TO dedup_id;
ALTER TABLE outbox RENAME COLUMN mail_date TO dated_at;
