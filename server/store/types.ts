/**
 * What the API keeps: a submission, its uploaded files and the notification to
 * send, saved together in one transaction; then the outbox the dispatcher works
 * through. SQLite implements it (./sqlite.ts); a PostgreSQL adapter can follow
 * the same interface.
 */

/** An uploaded file, already written under DATA_DIR/uploads/ with a generated name. */
export interface StoredFile {
  /** The form field it came in (resume, coverLetter, support_doc, file). */
  field: string;
  /** The visitor's file name, sanitized; kept only as information. */
  originalName: string;
  /** The generated name on disk: a UUID and the detected extension. */
  storedName: string;
  /** Absolute path of the stored file. */
  path: string;
  /** The detected type's media type. */
  contentType: string;
  size: number;
}

/** A plain-text e-mail to the company's inbox; attachments are files on disk. */
export interface Notification {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  attachments: { filename: string; path: string; contentType: string }[];
}

export interface NewSubmission {
  /** Given by the caller so the notification can name it; the store makes one when absent. */
  id?: string;
  mailType: string;
  /** The validated fields (files excluded). */
  payload: Record<string, unknown>;
  files: StoredFile[];
  notification: Notification;
}

/** A notification claimed from the outbox for sending. */
export interface OutboxMessage extends Notification {
  id: string;
  submissionId: string;
  /** Attempts made before this one. */
  attempts: number;
}

export interface ClaimOptions {
  now: Date;
  /** At most this many messages. */
  limit: number;
  /** A claimed message that is neither sent nor failed after this long is claimed again (crash safety). */
  leaseMs: number;
}

export interface SubmissionStore {
  /** Saves the submission, its attachment rows and one pending outbox row in one transaction; returns the submission id. */
  saveSubmission(submission: NewSubmission): Promise<string>;
  /** Takes the messages due for sending (pending and due, or left claimed past their lease). */
  claimPendingOutbox(options: ClaimOptions): Promise<OutboxMessage[]>;
  /** The message was delivered: it is never sent again. */
  markSent(id: string, sentAt: Date): Promise<void>;
  /** The attempt failed: try again at nextAttemptAt, or never again when it is null (status failed). */
  markFailed(id: string, attempts: number, nextAttemptAt: Date | null, error: string): Promise<void>;
  close(): Promise<void>;
}
