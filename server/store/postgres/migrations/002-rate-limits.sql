-- Rate-limit counters shared by every instance (server/store/postgres/rate-limit-store.ts).
-- One row per limiter (prefix) and client key: a fixed window that opened at
-- window_start (the database's clock) and the hits counted in it. Keys are
-- client addresses (IPv6 ones are long), so text. Ended windows are deleted
-- by the store now and then, per prefix, through the index on window_start.
-- UNLOGGED: counters need no durability (a crash of the database only resets
-- them), so a hit writes no WAL and never waits for a disk flush or a
-- synchronous replica, however the submissions' tables are configured.
CREATE UNLOGGED TABLE rate_limits (
  prefix text NOT NULL,
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits >= 0),
  PRIMARY KEY (prefix, key)
);

CREATE INDEX rate_limits_prefix_window_start ON rate_limits (prefix, window_start);
