-- Webhooks ride the outbox, as the SQLite store's migration 006: one row per
-- endpoint of an event, with the same claims, leases and fencing as the
-- e-mails; `channel` says which a row is. A webhook row reads the e-mail
-- columns this way: mail_to and recipient the endpoint's URL, subject the
-- event type (lead.created), body the payload exactly as it is signed and
-- sent, message_id the webhook id (the same on every retry), mail_date when
-- the event happened; mail_from is empty and attachments an empty list.
ALTER TABLE outbox ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'webhook'));

-- An endpoint that answered 410 Gone is disabled until the operator enables
-- it again: its rows wait, unclaimed, whichever instance looks.
CREATE TABLE webhook_endpoints_disabled (
  url          text PRIMARY KEY,
  disabled_at  timestamptz NOT NULL,
  reason       text NOT NULL
);
