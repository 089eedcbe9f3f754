import { randomUUID } from "crypto";
import type { OutboxChannel, OutboxMessage, OutgoingAttachment } from "./types";

/** The addresses of a list (`a@x, b@x`), each once: one outbox row per recipient. */
export function recipientsOf(list: string): string[] {
  return [...new Set(list.split(",").map((address) => address.trim()).filter(Boolean))];
}

/** `<uuid@domain>`, the domain of the sender's address (outbox.local without one): fixed when a notification is queued. */
export function newMessageId(from: string): string {
  const domain = /@([^\s@<>]+)>?\s*$/.exec(from)?.[1] ?? "outbox.local";
  return `<${randomUUID()}@${domain}>`;
}

/** An outbox row as both stores read it back (times as the driver gives them: ms or ISO text in SQLite, Date in PostgreSQL). */
export interface ClaimedRow {
  id: string;
  channel: OutboxChannel;
  submission_id: string;
  mail_from: string;
  mail_to: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  attempts: number;
  message_id: string;
  mail_date: string | Date;
  pending_since: number | Date;
  claim_token: string;
}

/** A claimed row as the dispatcher sends it, its attachments read the store's way. */
export function toOutboxMessage(row: ClaimedRow, attachments: OutgoingAttachment[]): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    submissionId: row.submission_id,
    from: row.mail_from,
    to: row.mail_to,
    recipient: row.recipient,
    replyTo: row.reply_to ?? undefined,
    subject: row.subject,
    text: row.body,
    attachments,
    messageId: row.message_id,
    date: new Date(row.mail_date),
    attempts: row.attempts,
    pendingSince: new Date(row.pending_since),
    claimToken: row.claim_token,
  };
}

/** A new webhook id: `msg_` and a UUID (the Standard Webhooks form), one per event. */
export function newWebhookId(): string {
  return `msg_${randomUUID().replace(/-/g, "")}`;
}
