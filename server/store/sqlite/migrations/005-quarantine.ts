import type { Migration } from "./index";

/**
 * The spam defence's state (server/spam):
 * - a submission's verdict: `lead`, or `spam` with the reasons it was
 *   quarantined; a quarantined submission keeps its notification
 *   (`held_notification`, JSON) instead of outbox rows, until it is released
 *   (`released_at`: its outbox rows are queued then, once) or deleted;
 * - the proof-of-work challenges already used, until they expire (a solved
 *   challenge is accepted once);
 * - the secrets the server signs with when the deployment sets none, made
 *   once and shared by every process on the file;
 * - the days whose digest of quarantined submissions was sent.
 */
export const quarantine: Migration = {
  version: 5,
  name: "005-quarantine",
  up(db) {
    db.exec(`
ALTER TABLE submissions ADD COLUMN verdict TEXT NOT NULL DEFAULT 'lead' CHECK (verdict IN ('lead', 'spam'));
ALTER TABLE submissions ADD COLUMN spam_reasons TEXT;
ALTER TABLE submissions ADD COLUMN held_notification TEXT;
ALTER TABLE submissions ADD COLUMN released_at TEXT;
CREATE INDEX submissions_quarantined ON submissions(created_at) WHERE verdict = 'spam' AND released_at IS NULL;
CREATE TABLE used_challenges (
  id          TEXT PRIMARY KEY,
  expires_at  INTEGER NOT NULL
);
CREATE INDEX used_challenges_by_expiry ON used_challenges(expires_at);
CREATE TABLE server_secrets (
  name   TEXT PRIMARY KEY,
  value  TEXT NOT NULL
);
CREATE TABLE spam_digests (
  day      TEXT PRIMARY KEY,
  sent_at  TEXT NOT NULL
);
`);
  },
};
