import type { Migration } from "./index";

/**
 * Webhooks ride the outbox (one row per endpoint of an event, with the same
 * claims, leases and fencing as the e-mails): `channel` says which a row is.
 * A webhook row reads the e-mail columns this way: `mail_to` and `recipient`
 * the endpoint's URL, `subject` the event type (lead.created), `body` the
 * payload exactly as it is signed and sent, `message_id` the webhook id
 * (the same on every retry), `mail_date` when the event happened;
 * `mail_from` is empty and `attachments` an empty list.
 *
 * An endpoint that answered 410 Gone is disabled until the operator enables
 * it again: its rows wait, unclaimed.
 */
export const webhooks: Migration = {
  version: 6,
  name: "006-webhooks",
  up(db) {
    db.exec(`
ALTER TABLE outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'webhook'));
CREATE TABLE webhook_endpoints_disabled (
  url          TEXT PRIMARY KEY,
  disabled_at  TEXT NOT NULL,
  reason       TEXT NOT NULL
);
`);
  },
};
