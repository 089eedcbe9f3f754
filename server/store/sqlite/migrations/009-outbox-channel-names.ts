import type { Migration } from "./index";

/**
 * The outbox's columns named for what they hold on both channels (e-mail and
 * webhook), not for e-mail alone:
 * - `addressed_to` (was `mail_to`): the To: header, every recipient of the
 *   notification; a webhook's endpoint URL (`recipient` stays the one address
 *   the row is delivered to: an envelope recipient, or that URL);
 * - `topic` (was `subject`): the e-mail's subject; the webhook's event type;
 * - `dedup_id` (was `message_id`): the id receivers de-duplicate on, fixed
 *   when queued and kept on every retry: the Message-ID, shared by the rows
 *   of one notification; the webhook id, shared by the endpoints of an event;
 * - `dated_at` (was `mail_date`): the time the message carries, fixed when
 *   queued: the e-mail's Date header; when the webhook's event happened.
 * `mail_from` and `reply_to` stay: they are e-mail only (empty on webhook rows).
 *
 * RENAME COLUMN (SQLite 3.25+) changes the schema only, no row is rewritten;
 * the indexes and triggers follow the new names.
 */
export const outboxChannelNames: Migration = {
  version: 9,
  name: "009-outbox-channel-names",
  up(db) {
    db.exec(`
ALTER TABLE outbox RENAME COLUMN mail_to TO addressed_to;
ALTER TABLE outbox RENAME COLUMN subject TO topic;
ALTER TABLE outbox RENAME COLUMN message_id TO dedup_id;
ALTER TABLE outbox RENAME COLUMN mail_date TO dated_at;
`);
  },
};
