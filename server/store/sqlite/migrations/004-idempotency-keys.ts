import type { Migration } from "./index";

/**
 * A submission keeps the Idempotency-Key it was sent with: its scope (the
 * call's path), the key and the request's fingerprint. At most one submission
 * holds a key in a scope (a key that expired is given up by its holder in the
 * transaction that stores the next one); the key goes with the submission
 * when it is deleted (retention purge, privacy request).
 */
export const idempotencyKeys: Migration = {
  version: 4,
  name: "004-idempotency-keys",
  up(db) {
    db.exec(`
ALTER TABLE submissions ADD COLUMN idempotency_scope TEXT;
ALTER TABLE submissions ADD COLUMN idempotency_key TEXT;
ALTER TABLE submissions ADD COLUMN idempotency_fingerprint TEXT;
CREATE UNIQUE INDEX submissions_idempotency ON submissions(idempotency_scope, idempotency_key) WHERE idempotency_key IS NOT NULL;
`);
  },
};
