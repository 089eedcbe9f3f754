import type { Migration } from "./index";

/**
 * The upload quota (UPLOAD_QUOTA_MB per UPLOAD_QUOTA_WINDOW_MS): per client
 * key (its address as the rate limit counts it), the bytes of files it stored
 * in a fixed window that opened at `window_start` (ms since the epoch). Rows
 * of ended windows are deleted now and then by the store.
 */
export const uploadQuotas: Migration = {
  version: 8,
  name: "008-upload-quotas",
  up(db) {
    db.exec(`
CREATE TABLE upload_quotas (
  key           TEXT PRIMARY KEY,
  window_start  INTEGER NOT NULL,
  bytes         INTEGER NOT NULL CHECK (bytes >= 0)
);
CREATE INDEX upload_quotas_window_start ON upload_quotas(window_start);
`);
  },
};
