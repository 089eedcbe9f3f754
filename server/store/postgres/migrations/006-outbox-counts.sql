-- The outbox's summary (/api/health, metrics) without reading its rows, as
-- the SQLite store's migration 007, in a form that adds no lock to the
-- writers:
-- - outbox_count_changes: how the number of rows of each (channel, status)
--   changed, written by statement triggers on every insert, delete and update
--   of outbox rows, whatever statement makes it (claims, results, re-sends,
--   replays, releases, purges, privacy deletions through ON DELETE CASCADE,
--   later code). Rows are only ever added by the writers, never updated, so
--   two transactions never wait for one another here (one counter row would
--   make every submission wait for the commit of the one before it). The sum
--   of `delta` per (channel, status) is the count; the store folds the rows
--   into one per (channel, status) now and then (server/store/postgres/store.ts).
--   Filled here from the rows already there.
-- - outbox_pending_since: the rows waiting to be delivered by channel and age,
--   so the oldest one is the first entry of the index.
CREATE TABLE outbox_count_changes (
  channel  text NOT NULL,
  status   text NOT NULL,
  delta    bigint NOT NULL
);
INSERT INTO outbox_count_changes (channel, status, delta)
  SELECT channel, status, count(*) FROM outbox GROUP BY channel, status;

CREATE FUNCTION outbox_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outbox_count_changes (channel, status, delta)
    SELECT channel, status, count(*) FROM inserted GROUP BY channel, status;
  RETURN NULL;
END $$;

CREATE FUNCTION outbox_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outbox_count_changes (channel, status, delta)
    SELECT channel, status, -count(*) FROM deleted GROUP BY channel, status;
  RETURN NULL;
END $$;

CREATE FUNCTION outbox_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outbox_count_changes (channel, status, delta)
    SELECT channel, status, sum(delta)
    FROM (
      SELECT channel, status, 1 AS delta FROM after_update
      UNION ALL
      SELECT channel, status, -1 AS delta FROM before_update
    ) moved
    GROUP BY channel, status
    HAVING sum(delta) <> 0;
  RETURN NULL;
END $$;

CREATE TRIGGER outbox_counts_insert AFTER INSERT ON outbox
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION outbox_count_inserted();
CREATE TRIGGER outbox_counts_delete AFTER DELETE ON outbox
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION outbox_count_deleted();
CREATE TRIGGER outbox_counts_update AFTER UPDATE ON outbox
  REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update FOR EACH STATEMENT EXECUTE FUNCTION outbox_count_updated();

CREATE INDEX outbox_pending_since ON outbox (channel, pending_since) WHERE status IN ('pending', 'sending');
