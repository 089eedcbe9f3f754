import path from "path";
import type { Config } from "../config";
import { SqliteSubmissionStore } from "./sqlite";
import type { SubmissionStore } from "./types";

export type {
  ClaimOptions,
  FailedAttempt,
  FailedMessage,
  NewSubmission,
  Notification,
  OutboxClaim,
  OutboxMessage,
  OutboxSummary,
  OverdueMessage,
  PurgeResult,
  RemovedSubmission,
  IncomingFile,
  NotificationAttachment,
  OutgoingAttachment,
  SubmissionStore,
} from "./types";
export { SqliteSubmissionStore } from "./sqlite";

/** The store of this deployment: SQLite in DATA_DIR/site.db (a PostgreSQL adapter would be chosen here). */
export function createStore(config: Pick<Config, "dataDir">): SubmissionStore {
  return new SqliteSubmissionStore(path.join(config.dataDir, "site.db"));
}
