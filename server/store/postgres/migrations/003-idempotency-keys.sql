-- A submission keeps the Idempotency-Key it was sent with: its scope (the
-- call's path), the key and the request's fingerprint (the SQLite store's
-- migration 004). At most one submission holds a key in a scope: two
-- instances storing the same key at once cannot both commit (the second
-- waits for the first, then fails on the index and answers with the first's
-- submission). A key that expired is given up by its holder in the
-- transaction that stores the next one; the key goes with the submission
-- when it is deleted (retention purge, privacy request).
ALTER TABLE submissions
  ADD COLUMN idempotency_scope text,
  ADD COLUMN idempotency_key text,
  ADD COLUMN idempotency_fingerprint text,
  ADD CONSTRAINT submissions_idempotency_whole CHECK (
    (idempotency_key IS NULL AND idempotency_scope IS NULL AND idempotency_fingerprint IS NULL)
    OR (idempotency_key IS NOT NULL AND idempotency_scope IS NOT NULL AND idempotency_fingerprint IS NOT NULL)
  );
CREATE UNIQUE INDEX submissions_idempotency ON submissions (idempotency_scope, idempotency_key) WHERE idempotency_key IS NOT NULL;
