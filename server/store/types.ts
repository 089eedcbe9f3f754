import type { Store as RateLimitStore } from "express-rate-limit";

/**
 * What the API keeps: a submission, its uploaded files and the notification to
 * send, saved together before the API answers 201; then the outbox the
 * dispatcher works through. SQLite implements it (./sqlite/store.ts: files
 * under DATA_DIR/uploads/, flushed before the commit that names them), and
 * PostgreSQL (./postgres/store.ts: the files' bytes in the submission's own
 * transaction), each with its SQL and transactions, its methods in the order
 * of this interface; what the rows hold and mean is shared (./outbox-rows.ts,
 * ./submission-rows.ts, ./monitoring.ts).
 */

/**
 * An uploaded file accepted for a submission (checked by content), still
 * where it arrived (DATA_DIR/tmp/). `saveSubmission` keeps it with the
 * submission; whatever is left at the temporary path afterwards is removed
 * by the request's clean-up.
 */
export interface IncomingFile {
  /** The form field it came in (resume, coverLetter, support_doc, file). */
  field: string;
  /** The visitor's file name, sanitized; kept only as information. */
  originalName: string;
  /** The name it is kept under: a UUID and the detected extension. */
  storedName: string;
  /** The detected type's media type. */
  contentType: string;
  size: number;
  /** Where it was received. */
  tempPath: string;
}

/** A file attached to a notification: one of the submission's stored files, named for the inbox. */
export interface NotificationAttachment {
  filename: string;
  /** The stored file it is (IncomingFile.storedName). */
  storedName: string;
  contentType: string;
}

/** A plain-text e-mail to the company's inbox, its attachments the submission's stored files. */
export interface Notification {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  attachments: NotificationAttachment[];
}

export interface NewSubmission {
  /** Given by the caller so the notification can name it; the store makes one when absent. */
  id?: string;
  mailType: string;
  /** The validated fields (files excluded). */
  payload: Record<string, unknown>;
  files: IncomingFile[];
  notification: Notification;
  /** The request's Idempotency-Key, kept with the submission (one submission per live key and scope). */
  idempotency?: IdempotencyClaim;
  /** What the spam defence found (server/spam); absent: a lead. */
  screening?: Screening;
  /** The webhook deliveries of its event (one per endpoint), queued with the notification: not when it is quarantined. */
  webhooks?: WebhookDelivery[];
}

/** Where the outbox delivers a row: an e-mail, or a webhook to an endpoint. */
export type OutboxChannel = "email" | "webhook";

/** One event for one endpoint, as the outbox keeps it until delivered. */
export interface WebhookDelivery {
  /** The endpoint's URL. */
  endpoint: string;
  /** The webhook id (webhook-id header): one per event, the same for every endpoint and every retry. */
  webhookId: string;
  /** The event type, like lead.created. */
  type: string;
  /** The payload exactly as it is signed and sent. */
  payload: string;
}

/**
 * The spam defence's findings on a submission. With reasons it is
 * quarantined: stored like every lead, but its notification is held (no
 * outbox row) until it is released or deleted.
 */
export interface Screening {
  /** Why it looks like spam (proof_missing, honeypot, link_in_name...); empty: a lead. */
  reasons: string[];
  /**
   * The solved proof-of-work challenge it carried: recorded as used in the
   * submission's own transaction, until it expires. A challenge that was
   * used already adds the reason `proof_replayed`.
   */
  challenge?: { id: string; expiresAt: Date };
}

/** What `saveSubmission` kept. */
export interface SavedSubmission {
  id: string;
  /** Quarantined: its notification is held, and these are the reasons. */
  quarantined: boolean;
  reasons: string[];
}

/** A quarantined submission, as an operator reviews it. */
export interface QuarantinedSubmission {
  id: string;
  mailType: string;
  createdAt: string;
  /** The e-mail field, when the form has one. */
  email: string | null;
  reasons: string[];
}

/** A stored submission, as a webhook payload shows it. */
export interface StoredLead {
  id: string;
  mailType: string;
  createdAt: Date;
  payload: Record<string, unknown>;
  quarantined: boolean;
  attachments: { field: string; originalName: string; storedName: string; contentType: string; size: number }[];
}

/** A stored file: its bytes (PostgreSQL) or where they are (SQLite). */
export interface StoredFile {
  originalName: string;
  contentType: string;
  size: number;
  content?: Buffer;
  path?: string;
}

/** The webhook deliveries to one endpoint. */
export interface WebhookEndpointStatus {
  url: string;
  pending: number;
  sent: number;
  failed: number;
  oldestPendingSince: Date | null;
  lastError: string | null;
  /** Since when it is disabled (it answered 410 Gone); null when enabled. */
  disabledAt: Date | null;
}

/** What releasing a quarantined submission did. */
export type ReleaseResult = "released" | "already-released" | "not-quarantined" | "unknown";

/** Which submissions `exportSubmissions` reads (every one when empty). */
export interface ExportFilter {
  /** Received at or after this time. */
  since?: Date;
  /** Received before this time. */
  before?: Date;
  /** Only these mail types (submissions.mail_type): every mail type of one form. */
  mailTypes?: readonly string[];
  /** Quarantined submissions not released too (by default only leads and released ones). */
  includeQuarantined?: boolean;
}

/**
 * Where a submission's e-mail notification stands: `sent` (every recipient's
 * row sent), `failed` (a row given up on), `pending` (a row waiting or being
 * sent), `held` (quarantined: no row until it is released), `none` (no row).
 */
export type DeliveryState = "sent" | "pending" | "failed" | "held" | "none";

/** A submission as an export reads it: what was sent, and what became of it. */
export interface ExportedSubmission {
  id: string;
  mailType: string;
  /** When it was received, ISO 8601 UTC. */
  createdAt: string;
  /** The validated fields as stored (mailType and attribution included; files are attachments). */
  payload: Record<string, unknown>;
  /** Quarantined and not released. */
  quarantined: boolean;
  /** Why the spam defence quarantined it (kept once it is released); empty for a lead. */
  reasons: string[];
  /** When it was released from quarantine, ISO 8601 UTC. */
  releasedAt: string | null;
  attachments: { field: string; originalName: string; contentType: string; size: number }[];
  delivery: DeliveryState;
  /** When its e-mail notification was sent (the last recipient's), ISO 8601 UTC; null unless `delivery` is sent. */
  sentAt: string | null;
}

/** An Idempotency-Key as a submission holds it. */
export interface IdempotencyClaim {
  /** Where the key applies: the call's path. */
  scope: string;
  key: string;
  /** Hash of the request the key was sent with (path, fields, files). */
  fingerprint: string;
  /** A submission created at or after this time holds the key; an older one gives it up (the key expired). */
  heldSince: Date;
}

/** The submission that holds a key. */
export interface IdempotencyHolder {
  id: string;
  fingerprint: string;
}

/**
 * Thrown by `saveSubmission` when a submission created since `heldSince`
 * already holds the key in that scope (sent again, or by another instance at
 * the same moment): nothing of this one was kept.
 */
export class IdempotencyKeyTaken extends Error {
  constructor(readonly holder: IdempotencyHolder) {
    super(`The Idempotency-Key is held by submission ${holder.id}`);
    this.name = "IdempotencyKeyTaken";
  }
}

/** An attachment ready to send: read from a file (`path`) or from bytes the store holds (`content`). */
export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  path?: string;
  content?: Buffer;
}

/**
 * A notification claimed from the outbox for sending: one recipient of it;
 * or (channel webhook) one event for one endpoint: `recipient` and `to` its
 * URL, `subject` the event type, `text` the payload, `messageId` the webhook
 * id, `date` when the event happened.
 */
export interface OutboxMessage extends Omit<Notification, "attachments"> {
  channel: OutboxChannel;
  attachments: OutgoingAttachment[];
  /** The outbox row (one per recipient). */
  id: string;
  submissionId: string;
  /** The one envelope recipient of this row (`to` stays the To: header, the whole list). */
  recipient: string;
  /** Message-ID header, fixed at enqueue, shared by the rows of one notification, kept on every retry. */
  messageId: string;
  /** Date header, fixed at enqueue. */
  date: Date;
  /** Attempts made before this one. */
  attempts: number;
  /** Since when the message waits to be delivered. */
  pendingSince: Date;
  /** Proof of this claim: results are recorded only while it holds. */
  claimToken: string;
}

/** A claimed row, as results are recorded against it. */
export interface OutboxClaim {
  id: string;
  claimToken: string;
}

export interface ClaimOptions {
  /** The current time: the lease starts now. */
  now: Date;
  /** Rows due at or before this time are taken (default `now`). */
  dueBy?: Date;
  /** At most this many messages. */
  limit: number;
  /** A claimed message that is neither sent nor failed after this long is claimed again (crash safety). */
  leaseMs: number;
}

export interface FailedAttempt {
  /** Attempts made, this one included. */
  attempts: number;
  /** When to try again; null: never (status failed, until re-sent by hand). */
  nextAttemptAt: Date | null;
  error: string;
}

/** What the outbox holds, for the health endpoint. */
export interface OutboxSummary {
  /** Messages waiting to be delivered (pending or being sent). */
  pending: number;
  /** Messages given up on (permanent refusal), waiting to be re-sent by hand. */
  failed: number;
  /** Since when the oldest pending message waits; null when none waits. */
  oldestPendingSince: Date | null;
}

/** A message still undelivered long after it was queued. */
export interface OverdueMessage {
  id: string;
  channel: OutboxChannel;
  submissionId: string;
  recipient: string;
  attempts: number;
  pendingSince: Date;
  lastError: string | null;
}

/** A message given up on. */
export interface FailedMessage {
  id: string;
  channel: OutboxChannel;
  submissionId: string;
  recipient: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

/** The bytes of files one client stored in its current upload-quota window. */
export interface UploadQuotaUsage {
  bytes: number;
  /** When the window ends (and the count starts again from nothing). */
  resetAt: Date;
}

/** A submission deleted from the store: what its files and outbox rows were, to remove them from disk too. */
export interface RemovedSubmission {
  id: string;
  mailType: string;
  createdAt: string;
  /** Names of its files under DATA_DIR/uploads/. */
  storedNames: string[];
  /** Its outbox rows (DATA_DIR/outbox/<id>.eml without SMTP). */
  outboxIds: string[];
}

/** What a retention purge did. */
export interface PurgeResult {
  removed: RemovedSubmission[];
  /** Submissions past the retention period kept because a notification or webhook of theirs is still being delivered (pending or being sent). */
  keptUndelivered: number;
}

/**
 * How thoroughly eraseDeleted works: `rewrite` (an erasure request, an
 * operator's purge) leaves no byte of the deleted rows in the store's files;
 * `routine` (the scheduled purges) does what needs no lock that stops the
 * submissions: on SQLite the same, on PostgreSQL a plain VACUUM, which frees
 * the rows' space for reuse but may leave their bytes in it until then.
 */
export type EraseMode = "rewrite" | "routine";

/** Whether the store's own files still hold the bytes of deleted rows (see eraseDeleted). */
export interface EraseReport {
  /** True when they no longer do. */
  complete: boolean;
  /** Why not, for the operator; absent when complete. */
  reason?: string;
}

export interface SubmissionStore {
  /** Resolves once the store can serve (its schema migrated), or rejects with why it cannot; absent when it is ready at once. */
  ready?(): Promise<void>;
  /**
   * Keeps the submission, its files and one pending outbox row per recipient,
   * durably, before it resolves (the API answers 201 only then); nothing of it
   * is kept when it throws (IdempotencyKeyTaken when its Idempotency-Key is
   * held by another submission). A submission the screening quarantines is
   * kept with its notification held instead of queued.
   */
  saveSubmission(submission: NewSubmission): Promise<SavedSubmission>;
  /**
   * The submission created at or after `since` that holds this Idempotency-Key
   * in this scope, if any (a store without it still refuses a second holder:
   * `saveSubmission` throws IdempotencyKeyTaken).
   */
  findByIdempotencyKey?(scope: string, key: string, since: Date): Promise<IdempotencyHolder | undefined>;
  /** Takes the messages due for sending (pending and due, or left claimed past their lease), each with a fresh claim token. */
  claimPendingOutbox(options: ClaimOptions): Promise<OutboxMessage[]>;
  /** Extends a claim that still holds; false when it was lost (taken again after its lease). */
  renewClaim(claim: OutboxClaim, lockedUntil: Date): Promise<boolean>;
  /** The message was delivered: it is never sent again. False (nothing changed) when the claim no longer holds. */
  markSent(claim: OutboxClaim, sentAt: Date): Promise<boolean>;
  /** The attempt failed: try again later, or never (status failed). False (nothing changed) when the claim no longer holds. */
  markFailed(claim: OutboxClaim, attempt: FailedAttempt): Promise<boolean>;
  /**
   * Pending and failed counts, and the oldest pending message's age, of one
   * channel (e-mail by default), read without going through the outbox's
   * rows and shared by callers in the same second (changes made by this
   * process are seen at once, others' within a second). Throws when the
   * store cannot answer.
   */
  outboxSummary(channel?: OutboxChannel): Promise<OutboxSummary>;
  /**
   * Resolves when the store answers a trivial read (readiness), on
   * connections the submissions do not use; rejects when it fails. Absent:
   * readiness reads the outbox's summary instead.
   */
  ping?(): Promise<void>;
  /** Messages pending since before `pendingBefore` not reported yet; they are marked reported (each is returned once). */
  takeOverdue(pendingBefore: Date): Promise<OverdueMessage[]>;
  /** The messages given up on. */
  listFailed(): Promise<FailedMessage[]>;
  /** Puts failed messages (all, or those of one outbox row or submission id) back to pending, due now; returns how many. */
  resendFailed(now: Date, id?: string): Promise<number>;
  /** The stored names of every file an attachment row points to (the rest of uploads/ is orphaned). */
  storedFileNames(): Promise<Set<string>>;
  /**
   * Deletes the submissions created before `createdBefore` whose deliveries
   * have all ended (every outbox row, e-mail or webhook, sent or given up as
   * failed), with their attachment and outbox rows; those with a row still
   * pending or being sent are kept and counted.
   */
  purgeSubmissions(createdBefore: Date): Promise<PurgeResult>;
  /** Deletes every submission whose e-mail field is this address (case-insensitive), with its attachment and outbox rows. */
  deleteSubmissionsByEmail(email: string): Promise<RemovedSubmission[]>;
  /**
   * Removes what deleted rows leave readable in the store's own files (old
   * WAL frames, freed space in table files), after a deletion or purge.
   * Reports instead of throwing when something (a long reader, a lock) keeps
   * it from finishing; running it again finishes it.
   */
  eraseDeleted(mode?: EraseMode): Promise<EraseReport>;
  /** Quarantined submissions not released, newest first (at most `limit`), and how many there are in all. */
  listQuarantined(limit?: number): Promise<{ total: number; submissions: QuarantinedSubmission[] }>;
  /**
   * Delivers a quarantined submission as a lead: its held notification is
   * queued (one outbox row per recipient), once; a second release finds it
   * released already.
   */
  releaseSubmission(id: string, now: Date, webhooks?: WebhookDelivery[]): Promise<ReleaseResult>;
  /** A submission as a webhook payload is made of it (its fields, time, verdict and files), or undefined. */
  leadOf(id: string): Promise<StoredLead | undefined>;
  /** A stored file by its stored name, to serve it (a signed link of a webhook payload); undefined when no submission keeps it. */
  readAttachment(storedName: string): Promise<StoredFile | undefined>;
  /** Stops the deliveries to an endpoint (it answered 410 Gone) until `enableEndpoint`; its rows wait. */
  disableEndpoint(url: string, now: Date, reason: string): Promise<void>;
  /** Lets the deliveries to an endpoint go on; false when it was not disabled. */
  enableEndpoint(url: string): Promise<boolean>;
  /** The webhook rows by endpoint: counts by state, the oldest waiting, the last error, whether the endpoint is disabled. */
  webhookStatus(): Promise<WebhookEndpointStatus[]>;
  /**
   * How many endpoints are disabled, read the way the outbox's summary is
   * (shared by callers in the same second; for /api/health). Absent: counted
   * from `webhookStatus()`, which reads every webhook row.
   */
  disabledEndpointCount?(): Promise<number>;
  /** Queues again the webhook rows of the submissions received since `since` (to one endpoint, or all): delivered again with the same id and payload. */
  replayWebhooks(since: Date, now: Date, endpoint?: string): Promise<number>;
  /** Deletes the quarantined submissions (not released) created before `createdBefore`, with their files. */
  purgeQuarantined(createdBefore: Date): Promise<RemovedSubmission[]>;
  /** Forgets the used challenges that expired before `now` (they cannot be accepted anyway); returns how many. */
  pruneUsedChallenges(now: Date): Promise<number>;
  /** The secret of this name that every process on the store shares, made (random) the first time it is asked for. */
  serverSecret(name: string): Promise<string>;
  /** Takes the digest of `day` (YYYY-MM-DD): true for the one process that takes it, false for every other. */
  claimSpamDigest(day: string, now: Date): Promise<boolean>;
  /** Gives the digest of `day` back (it could not be sent): another attempt may take it. */
  releaseSpamDigest(day: string): Promise<void>;
  /**
   * The submissions that match `filter`, oldest first (by received time, then
   * id), read as they are iterated: never all of them in memory at once.
   */
  exportSubmissions(filter: ExportFilter): AsyncIterable<ExportedSubmission>;
  /**
   * A rate-limit store (express-rate-limit) that every instance on this store
   * shares, its keys under `prefix` (one prefix per limiter); absent when the
   * store serves one process (the limiter then counts in memory). Its
   * connections are the store's to close (`close`).
   */
  rateLimitStore?(prefix: string): RateLimitStore;
  /**
   * The bytes of files the client `key` stored in its current window of
   * `windowMs` (undefined: none, or the window ended), as every process on
   * this store counts them. Absent: the API counts in its own memory.
   */
  uploadQuotaUsage?(key: string, windowMs: number): Promise<UploadQuotaUsage | undefined>;
  /** Adds `bytes` to the client's count, opening a new window when there is none; returns the count. */
  countUploadBytes?(key: string, bytes: number, windowMs: number): Promise<UploadQuotaUsage>;
  close(): Promise<void>;
}
