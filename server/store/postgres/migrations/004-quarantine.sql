-- The spam defence's state (server/spam), as the SQLite store's migration 005:
-- - a submission's verdict: lead, or spam with the reasons it was quarantined;
--   a quarantined submission keeps its notification (held_notification)
--   instead of outbox rows until it is released (released_at: its outbox rows
--   are queued then, once) or deleted;
-- - the proof-of-work challenges already used, until they expire: every
--   instance records them here, so a solved challenge is accepted once
--   whichever instance receives it;
-- - the secrets the server signs with when the deployment sets none, made
--   once and shared by every instance;
-- - the days whose digest of quarantined submissions was sent (one instance
--   sends it).
ALTER TABLE submissions
  ADD COLUMN verdict text NOT NULL DEFAULT 'lead' CHECK (verdict IN ('lead', 'spam')),
  ADD COLUMN spam_reasons json,
  ADD COLUMN held_notification json,
  ADD COLUMN released_at timestamptz;
CREATE INDEX submissions_quarantined ON submissions (created_at) WHERE verdict = 'spam' AND released_at IS NULL;

CREATE TABLE used_challenges (
  id          text PRIMARY KEY,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX used_challenges_by_expiry ON used_challenges (expires_at);

CREATE TABLE server_secrets (
  name   text PRIMARY KEY,
  value  text NOT NULL
);

CREATE TABLE spam_digests (
  day      date PRIMARY KEY,
  sent_at  timestamptz NOT NULL
);
