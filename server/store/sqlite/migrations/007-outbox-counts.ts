import type { Migration } from "./index";

/**
 * The outbox's summary (/api/health, metrics) without reading its rows:
 * - `outbox_counts`: how many rows each channel has in each status, one row
 *   per (channel, status), kept right by triggers on every insert, delete
 *   and change of status or channel of an outbox row, whatever statement
 *   makes it (claims, results, re-sends, replays, releases, purges, privacy
 *   deletions, later code); filled here from the rows already there;
 * - `outbox_pending_since`: the rows waiting to be delivered by channel and
 *   age, so the oldest one is the first entry of the index.
 */
export const outboxCounts: Migration = {
  version: 7,
  name: "007-outbox-counts",
  up(db) {
    db.exec(`
CREATE TABLE outbox_counts (
  channel  TEXT NOT NULL,
  status   TEXT NOT NULL,
  n        INTEGER NOT NULL,
  PRIMARY KEY (channel, status)
) WITHOUT ROWID;
WITH channels(channel) AS (VALUES ('email'), ('webhook')),
     statuses(status) AS (VALUES ('pending'), ('sending'), ('sent'), ('failed'))
INSERT INTO outbox_counts (channel, status, n)
  SELECT channel, status, (SELECT COUNT(*) FROM outbox o WHERE o.channel = c.channel AND o.status = s.status)
  FROM channels c, statuses s;

CREATE TRIGGER outbox_counts_insert AFTER INSERT ON outbox BEGIN
  UPDATE outbox_counts SET n = n + 1 WHERE channel = NEW.channel AND status = NEW.status;
END;
CREATE TRIGGER outbox_counts_delete AFTER DELETE ON outbox BEGIN
  UPDATE outbox_counts SET n = n - 1 WHERE channel = OLD.channel AND status = OLD.status;
END;
CREATE TRIGGER outbox_counts_update AFTER UPDATE OF status, channel ON outbox
  WHEN NEW.status IS NOT OLD.status OR NEW.channel IS NOT OLD.channel
BEGIN
  UPDATE outbox_counts SET n = n - 1 WHERE channel = OLD.channel AND status = OLD.status;
  UPDATE outbox_counts SET n = n + 1 WHERE channel = NEW.channel AND status = NEW.status;
END;

-- status is in the index so that the summary reads the index alone (SQLite checks the WHERE on each entry).
CREATE INDEX outbox_pending_since ON outbox(channel, pending_since, status) WHERE status IN ('pending', 'sending');
`);
  },
};
