/**
 * The outbox of the previous release, for the tests of the migration that
 * named its columns for both channels (SQLite 009, PostgreSQL 008): rows in
 * every state, e-mail and webhook, as that release's schema holds them
 * (mail_to, subject, message_id, mail_date); what each must read after the
 * migration; and a round of the real dispatcher that delivers the due ones
 * (.eml files without SMTP, a real webhook receiver).
 */
import fs from "fs";
import path from "path";
import { loadConfig } from "../server/config";
import { createOutboxDispatcher } from "../server/mail/outbox";
import type { SubmissionStore } from "../server/store";
import type { WebhookReceiver } from "./webhook-receiver";

const MINUTE = 60_000;

/** An outbox row by the previous release's column names, its times as Dates (each store writes them its way). */
export interface PreviousOutboxRow {
  id: string;
  submission_id: string;
  channel: "email" | "webhook";
  mail_from: string;
  mail_to: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  attachments: string;
  message_id: string;
  mail_date: Date;
  status: "pending" | "sending" | "sent" | "failed";
  attempts: number;
  next_attempt_at: Date;
  claim_token: string | null;
  locked_until: Date | null;
  last_error: string | null;
  pending_since: Date;
  created_at: Date;
  sent_at: Date | null;
}

/** The previous release's outbox columns, in the order of PreviousOutboxRow. */
export const PREVIOUS_COLUMNS = [
  "id",
  "submission_id",
  "channel",
  "mail_from",
  "mail_to",
  "recipient",
  "reply_to",
  "subject",
  "body",
  "attachments",
  "message_id",
  "mail_date",
  "status",
  "attempts",
  "next_attempt_at",
  "claim_token",
  "locked_until",
  "last_error",
  "pending_since",
  "created_at",
  "sent_at",
] as const;

/** Where each column went (the others kept their names). */
export const RENAMED: Record<string, string> = { mail_to: "addressed_to", subject: "topic", message_id: "dedup_id", mail_date: "dated_at" };

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** The submission the rows belong to. */
export const SUBMISSION_ID = uuid(1);

/**
 * Rows of two notifications and three events in every state: waiting
 * (first try, retry), claimed by an instance (lease run out, lease still
 * held), sent, given up on; on both channels.
 */
export function previousOutbox(endpoint: string, now: number = Date.now()): PreviousOutboxRow[] {
  const queued = new Date(now - 30 * MINUTE);
  let n = 100;
  const row = (channel: PreviousOutboxRow["channel"], status: PreviousOutboxRow["status"], more: Partial<PreviousOutboxRow>): PreviousOutboxRow => ({
    id: uuid(++n),
    submission_id: SUBMISSION_ID,
    channel,
    mail_from: channel === "email" ? "Website <no-reply@example.com>" : "",
    mail_to: channel === "email" ? "sales@example.com, service@example.com" : endpoint,
    recipient: channel === "email" ? "sales@example.com" : endpoint,
    reply_to: channel === "email" ? "ada@example.org" : null,
    subject: channel === "email" ? "New contact enquiry: Ada Lovelace" : "lead.created",
    body: channel === "email" ? "Ada wrote:\n\n    Hello\n" : JSON.stringify({ type: "lead.created", timestamp: queued.toISOString(), data: { id: SUBMISSION_ID, n } }),
    attachments: "[]",
    message_id: channel === "email" ? "<7c1d1e6e-5b2a-4c1b-9d7e-1a2b3c4d5e6f@example.com>" : `msg_upgrade${n}`,
    mail_date: queued,
    status,
    attempts: 0,
    next_attempt_at: queued,
    claim_token: null,
    locked_until: null,
    last_error: null,
    pending_since: queued,
    created_at: queued,
    sent_at: null,
    ...more,
  });
  const claimed = (lockedUntil: number) => ({ claim_token: uuid(++n + 900), locked_until: new Date(lockedUntil), attempts: 1 });
  const retry = (error: string) => ({ attempts: 3, last_error: error, next_attempt_at: new Date(now - MINUTE) });
  const sent = { attempts: 1, sent_at: new Date(now - 20 * MINUTE) };
  const failed = (error: string) => ({ attempts: 5, last_error: error });
  return [
    row("email", "pending", {}),
    row("email", "pending", { recipient: "service@example.com", ...retry("421 4.7.0 try again later") }),
    row("email", "sending", { recipient: "expired-lease@example.com", ...claimed(now - MINUTE) }),
    row("email", "sending", { recipient: "held-lease@example.com", ...claimed(now + 10 * MINUTE) }),
    row("email", "sent", { recipient: "sent@example.com", ...sent }),
    row("email", "failed", { recipient: "failed@example.com", ...failed("550 5.1.1 no such user") }),
    row("webhook", "pending", {}),
    row("webhook", "pending", retry("HTTP 503")),
    row("webhook", "sending", claimed(now - MINUTE)),
    row("webhook", "sending", claimed(now + 10 * MINUTE)),
    row("webhook", "sent", sent),
    row("webhook", "failed", failed("HTTP 400")),
  ];
}

/** A value as both drivers can be compared on: a time as ms (from ms, ISO text or a Date), JSON as text. */
function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  if (typeof value === "string" && /^\d{4}-\d\d-\d\dT/.test(value)) return Date.parse(value);
  return value;
}

/** Every row intact after the migration: each value under its new column name (times compared as ms, JSON as text). */
export function expectIntact(before: PreviousOutboxRow[], after: Record<string, unknown>[]): void {
  const byId = new Map(after.map((row) => [String(row.id), row]));
  expect(after).toHaveLength(before.length);
  for (const row of before) {
    const migrated = byId.get(row.id);
    const expected = Object.fromEntries(PREVIOUS_COLUMNS.map((column) => [RENAMED[column] ?? column, comparable(row[column])]));
    const actual = Object.fromEntries(Object.keys(expected).map((column) => [column, comparable(migrated?.[column])]));
    expect(actual).toEqual(expected);
  }
}

/**
 * One round of the real dispatcher on the migrated store: the due rows (waiting,
 * or claimed past their lease) are delivered with what the previous release
 * queued (Message-ID, Subject, To; webhook id and payload), a claim still held
 * can still be recorded with its token, and the rest stays as it was.
 */
export async function expectDelivered(store: SubmissionStore, rows: PreviousOutboxRow[], dataDir: string, receiver: WebhookReceiver): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: receiver.secret });
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const dispatcher = createOutboxDispatcher({ store, config, log: quiet });
  const due = rows.filter((row) => row.status === "pending" || (row.status === "sending" && row.locked_until!.getTime() < Date.now()));
  const held = rows.filter((row) => row.status === "sending" && !due.includes(row));
  try {
    expect(await dispatcher.runOnce()).toEqual({ sent: due.length, failed: 0 });
  } finally {
    await dispatcher.stop();
  }
  for (const row of due.filter((r) => r.channel === "email")) {
    const eml = fs.readFileSync(path.join(dataDir, "outbox", `${row.id}.eml`), "utf8");
    expect(eml).toContain(`Message-ID: ${row.message_id}\r\n`);
    expect(eml).toContain(`Subject: ${row.subject}\r\n`);
    expect(eml).toContain(`To: ${row.mail_to}\r\n`);
  }
  const webhooks = due.filter((r) => r.channel === "webhook");
  expect(receiver.received.map((r) => ({ id: r.id, body: r.body, verifyError: r.verifyError })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
    webhooks.map((r) => ({ id: r.message_id, body: r.body, verifyError: undefined })).sort((a, b) => a.id.localeCompare(b.id)),
  );
  for (const row of held) expect(await store.markSent({ id: row.id, claimToken: row.claim_token! }, new Date())).toBe(true);
  const failed = rows.filter((row) => row.status === "failed");
  const listed = (await store.listFailed()).sort((a, b) => a.id.localeCompare(b.id));
  expect(listed.map(({ id, channel, recipient, subject, attempts, lastError }) => ({ id, channel, recipient, subject, attempts, lastError }))).toEqual(
    failed.map((row) => ({ id: row.id, channel: row.channel, recipient: row.recipient, subject: row.subject, attempts: row.attempts, lastError: row.last_error })),
  );
  expect(await store.outboxSummary("email")).toMatchObject({ pending: 0, failed: 1 });
  expect(await store.outboxSummary("webhook")).toMatchObject({ pending: 0, failed: 1 });
}
