-- The upload quota (UPLOAD_QUOTA_MB per UPLOAD_QUOTA_WINDOW_MS), shared by
-- every instance: per client key (its address as the rate limit counts it),
-- the bytes of files it stored in a fixed window that opened at window_start
-- (the database's clock). Ended windows are deleted by the store now and then.
-- UNLOGGED like rate_limits: a crash of the database only resets the counts.
CREATE UNLOGGED TABLE upload_quotas (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  bytes bigint NOT NULL CHECK (bytes >= 0)
);

CREATE INDEX upload_quotas_window_start ON upload_quotas (window_start);
