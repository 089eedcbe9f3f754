import path from "path";
import type { Config } from "../config";
import { PostgresSubmissionStore } from "./postgres/store";
import { SqliteSubmissionStore } from "./sqlite/store";
import type { SubmissionStore } from "./types";

export type {
  ClaimOptions,
  FailedAttempt,
  FailedMessage,
  IdempotencyClaim,
  IdempotencyHolder,
  NewSubmission,
  Notification,
  OutboxClaim,
  OutboxMessage,
  OutboxSummary,
  OverdueMessage,
  PurgeResult,
  EraseMode,
  EraseReport,
  QuarantinedSubmission,
  ReleaseResult,
  SavedSubmission,
  Screening,
  OutboxChannel,
  StoredFile,
  StoredLead,
  WebhookDelivery,
  WebhookEndpointStatus,
  UploadQuotaUsage,
  RemovedSubmission,
  IncomingFile,
  NotificationAttachment,
  OutgoingAttachment,
  SubmissionStore,
} from "./types";
export { IdempotencyKeyTaken } from "./types";
export { SqliteSubmissionStore } from "./sqlite/store";
export { PostgresSubmissionStore } from "./postgres/store";

/**
 * The store of this deployment: PostgreSQL when DATABASE_URL is set (several
 * instances share it), else SQLite in DATA_DIR/site.db (one process). Its
 * schema is migrated when it opens, or only checked with MIGRATE_ON_START=false.
 */
export function createStore(config: Pick<Config, "dataDir" | "databaseUrl"> & Partial<Pick<Config, "healthTimeoutMs" | "migrateOnStart">>): SubmissionStore {
  const migrate = config.migrateOnStart ?? true;
  if (config.databaseUrl) return new PostgresSubmissionStore(config.databaseUrl, { healthTimeoutMs: config.healthTimeoutMs, migrate });
  return new SqliteSubmissionStore(path.join(config.dataDir, "site.db"), undefined, { migrate });
}
