import { randomUUID } from "crypto";
import { newRowKey } from "./keys";
import type {
  FailedMessage,
  Notification,
  OutboxChannel,
  OutboxMessage,
  OutgoingAttachment,
  OverdueMessage,
  WebhookDelivery,
  WebhookEndpointStatus,
} from "./types";

/**
 * The outbox's rows as both stores make and read them: what a row holds is
 * decided here, each store keeps only its SQL. Times come as the driver gives
 * them (ms or ISO text in SQLite, Date in PostgreSQL).
 */
type Time = number | string | Date;

/** The addresses of a list (`a@x, b@x`), each once: one outbox row per recipient. */
export function recipientsOf(list: string): string[] {
  return [...new Set(list.split(",").map((address) => address.trim()).filter(Boolean))];
}

/** `<uuid@domain>`, the domain of the sender's address (outbox.local without one): fixed when a notification is queued. */
export function newMessageId(from: string): string {
  const domain = /@([^\s@<>]+)>?\s*$/.exec(from)?.[1] ?? "outbox.local";
  return `<${randomUUID()}@${domain}>`;
}

/** A new webhook id: `msg_` and a UUID (the Standard Webhooks form), one per event. */
export function newWebhookId(): string {
  return `msg_${randomUUID().replace(/-/g, "")}`;
}

/**
 * An outbox row to insert, by its columns; the store adds the times (dated_at,
 * next_attempt_at, pending_since and created_at: the moment it queues them).
 * On a webhook row `addressed_to` and `recipient` are the endpoint, `topic`
 * the event type, `body` the payload, `dedup_id` the webhook id; `mail_from`
 * is empty and `attachments` an empty list.
 */
export interface QueuedRow {
  id: string;
  channel: OutboxChannel;
  submission_id: string;
  mail_from: string;
  addressed_to: string;
  recipient: string;
  reply_to: string | null;
  topic: string;
  body: string;
  /** The files to attach, JSON: [{ filename, storedName, contentType }]. */
  attachments: string;
  dedup_id: string;
}

/**
 * What a submission (or its release from quarantine) queues: its notification,
 * one row per recipient, each delivered and retried on its own, all with one
 * Message-ID; and one row per webhook endpoint of its event.
 */
export function queuedRows(submissionId: string, notification: Notification, webhooks: WebhookDelivery[] = []): QueuedRow[] {
  const dedupId = newMessageId(notification.from);
  const attachments = JSON.stringify(notification.attachments);
  const emails = recipientsOf(notification.to).map(
    (recipient): QueuedRow => ({
      id: newRowKey(),
      channel: "email",
      submission_id: submissionId,
      mail_from: notification.from,
      addressed_to: notification.to,
      recipient,
      reply_to: notification.replyTo ?? null,
      topic: notification.subject,
      body: notification.text,
      attachments,
      dedup_id: dedupId,
    }),
  );
  const events = webhooks.map(
    (delivery): QueuedRow => ({
      id: newRowKey(),
      channel: "webhook",
      submission_id: submissionId,
      mail_from: "",
      addressed_to: delivery.endpoint,
      recipient: delivery.endpoint,
      reply_to: null,
      topic: delivery.type,
      body: delivery.payload,
      attachments: "[]",
      dedup_id: delivery.webhookId,
    }),
  );
  return [...emails, ...events];
}

/** An outbox row as both stores read it back for sending (its attachments read the store's way). */
export interface ClaimedRow extends Omit<QueuedRow, "attachments"> {
  attempts: number;
  dated_at: Time;
  pending_since: Time;
  claim_token: string;
}

/** A claimed row as the dispatcher sends it, its attachments read the store's way. */
export function toOutboxMessage(row: ClaimedRow, attachments: OutgoingAttachment[]): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    submissionId: row.submission_id,
    from: row.mail_from,
    to: row.addressed_to,
    recipient: row.recipient,
    replyTo: row.reply_to ?? undefined,
    subject: row.topic,
    text: row.body,
    attachments,
    messageId: row.dedup_id,
    date: new Date(row.dated_at),
    attempts: row.attempts,
    pendingSince: new Date(row.pending_since),
    claimToken: row.claim_token,
  };
}

/** The columns the overdue report reads. */
export const OVERDUE_COLUMNS = "id, channel, submission_id, recipient, attempts, pending_since, last_error";

export interface OverdueRow {
  id: string;
  channel: OutboxChannel;
  submission_id: string;
  recipient: string;
  attempts: number;
  pending_since: Time;
  last_error: string | null;
}

export function toOverdue(row: OverdueRow): OverdueMessage {
  return {
    id: row.id,
    channel: row.channel,
    submissionId: row.submission_id,
    recipient: row.recipient,
    attempts: row.attempts,
    pendingSince: new Date(row.pending_since),
    lastError: row.last_error,
  };
}

/** The failed rows, oldest first. */
export const FAILED_SQL =
  "SELECT id, channel, submission_id, recipient, topic, attempts, last_error, created_at FROM outbox WHERE status = 'failed' ORDER BY created_at";

export interface FailedRow {
  id: string;
  channel: OutboxChannel;
  submission_id: string;
  recipient: string;
  topic: string;
  attempts: number;
  last_error: string | null;
  created_at: string | Date;
}

export function toFailed(row: FailedRow): FailedMessage {
  return {
    id: row.id,
    channel: row.channel,
    submissionId: row.submission_id,
    recipient: row.recipient,
    subject: row.topic,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: isoTime(row.created_at),
  };
}

export interface EndpointRow {
  url: string;
  pending: number;
  sent: number;
  failed: number;
  oldest: Time | null;
  last_error: string | null;
  disabled_at: Time | null;
}

export function toEndpointStatus(row: EndpointRow): WebhookEndpointStatus {
  return {
    url: row.url,
    pending: row.pending,
    sent: row.sent,
    failed: row.failed,
    oldestPendingSince: row.oldest === null ? null : new Date(row.oldest),
    lastError: row.last_error,
    disabledAt: row.disabled_at === null ? null : new Date(row.disabled_at),
  };
}

/** A time as ISO 8601 UTC text: SQLite keeps it so already, PostgreSQL gives a Date. */
export function isoTime(time: string | Date): string {
  return typeof time === "string" ? time : time.toISOString();
}
