import { isoTime } from "./outbox-rows";
import type { DeliveryState, ExportedSubmission, NewSubmission, QuarantinedSubmission, StoredLead } from "./types";

/**
 * Submissions as both stores read them back: what a row means is decided
 * here, each store keeps only its SQL. JSON columns come as text (SQLite) or
 * parsed (PostgreSQL), times as ISO text (SQLite) or a Date (PostgreSQL),
 * sizes as a number or a bigint's text.
 */
type Json<T> = string | T;

function parsed<T>(value: Json<T>): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

/** The columns of a new submission's row, in the order of `submissionValues`. */
export const SUBMISSION_COLUMNS =
  "id, mail_type, payload, created_at, idempotency_scope, idempotency_key, idempotency_fingerprint, verdict, spam_reasons, held_notification";

/**
 * A new submission's row, its values in the order of SUBMISSION_COLUMNS:
 * with `reasons` (the screening's, and proof_replayed) it is quarantined,
 * its notification held in the row instead of queued.
 */
export function submissionValues(id: string, submission: NewSubmission, createdAt: string | Date, reasons: string[]): unknown[] {
  const { idempotency } = submission;
  const quarantined = reasons.length > 0;
  return [
    id,
    submission.mailType,
    JSON.stringify(submission.payload),
    createdAt,
    idempotency?.scope ?? null,
    idempotency?.key ?? null,
    idempotency?.fingerprint ?? null,
    quarantined ? "spam" : "lead",
    quarantined ? JSON.stringify(reasons) : null,
    quarantined ? JSON.stringify(submission.notification) : null,
  ];
}

/** A quarantined submission not released yet. */
export const QUARANTINED = "verdict = 'spam' AND released_at IS NULL";

/** Its verdict is spam and it was not released. */
function isQuarantined(row: { verdict: string; released_at: string | Date | null }): boolean {
  return row.verdict === "spam" && row.released_at === null;
}

export interface QuarantinedRow {
  id: string;
  mail_type: string;
  created_at: string | Date;
  email: unknown;
  spam_reasons: Json<string[]> | null;
}

export function toQuarantined(row: QuarantinedRow): QuarantinedSubmission {
  return {
    id: row.id,
    mailType: row.mail_type,
    createdAt: isoTime(row.created_at),
    email: typeof row.email === "string" ? row.email : null,
    reasons: row.spam_reasons === null ? [] : parsed(row.spam_reasons),
  };
}

export interface LeadRow {
  id: string;
  mail_type: string;
  payload: Json<Record<string, unknown>>;
  created_at: string | Date;
  verdict: string;
  released_at: string | Date | null;
}

export interface AttachmentRow {
  field: string;
  original_name: string;
  stored_name: string;
  content_type: string;
  size: number | string;
}

export function toLead(row: LeadRow, files: AttachmentRow[]): StoredLead {
  return {
    id: row.id,
    mailType: row.mail_type,
    createdAt: new Date(row.created_at),
    payload: parsed(row.payload),
    quarantined: isQuarantined(row),
    attachments: files.map((f) => ({ field: f.field, originalName: f.original_name, storedName: f.stored_name, contentType: f.content_type, size: Number(f.size) })),
  };
}

/** A submission row as the export's query returns it. */
export interface ExportRow {
  id: string;
  mail_type: string;
  payload: Json<Record<string, unknown>>;
  created_at: string | Date;
  verdict: string;
  spam_reasons: Json<string[]> | null;
  released_at: string | Date | null;
  /** [{ field, originalName, contentType, size }], by field. */
  attachments: Json<ExportedSubmission["attachments"]>;
  /** Its e-mail rows in the outbox: all, sent, failed, and when the last was sent. */
  mails: number;
  mails_sent: number;
  mails_failed: number;
  last_sent_at: string | Date | null;
}

/** Where a submission's e-mail notification stands, from its outbox rows' counts. */
export function deliveryState(quarantined: boolean, mails: number, sent: number, failed: number): DeliveryState {
  if (mails === 0) return quarantined ? "held" : "none";
  if (failed > 0) return "failed";
  return sent === mails ? "sent" : "pending";
}

export function toExported(row: ExportRow): ExportedSubmission {
  const quarantined = isQuarantined(row);
  const delivery = deliveryState(quarantined, row.mails, row.mails_sent, row.mails_failed);
  return {
    id: row.id,
    mailType: row.mail_type,
    createdAt: isoTime(row.created_at),
    payload: parsed(row.payload),
    quarantined,
    reasons: row.spam_reasons === null ? [] : parsed(row.spam_reasons),
    releasedAt: row.released_at === null ? null : isoTime(row.released_at),
    attachments: parsed(row.attachments).map((a) => ({ ...a, size: Number(a.size) })),
    delivery,
    sentAt: delivery === "sent" && row.last_sent_at !== null ? isoTime(row.last_sent_at) : null,
  };
}
