import fs from "fs/promises";
import nodemailer from "nodemailer";
import type { SendMailOptions } from "nodemailer/lib/mailer";
import path from "path";
import type { Config } from "../config";
import { endpointName, errorFields, logger, maskAddresses } from "../log";
import { metrics } from "../metrics";
import type { OutboxClaim, OutboxMessage, SubmissionStore } from "../store";
import { nextWebhookAttempt, sendWebhook, WebhookDeliveryError } from "../webhooks/sender";

export type OutboxConfig = Pick<
  Config,
  | "dataDir"
  | "smtpUrl"
  | "smtpTimeoutMs"
  | "outboxIntervalMs"
  | "outboxConcurrency"
  | "outboxBackoffMs"
  | "outboxBackoffMaxMs"
  | "outboxAlertAfterMs"
  | "webhookEndpoints"
  | "webhookTimeoutMs"
>;

/** Where the outbox's events go: a message, and the event's fields (ids, channel, attempt, next try; never an address). */
export interface OutboxLog {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface OutboxRun {
  /** Messages delivered this round. */
  sent: number;
  /** Attempts that failed this round (retried later, or given up when permanent). */
  failed: number;
}

export interface OutboxDispatcher {
  /** One round: every message due when it starts is sent (or rescheduled); resolves when the round is over. */
  runOnce(): Promise<OutboxRun>;
  /** Runs a round every `outboxIntervalMs` until stopped. */
  start(): void;
  /** Stops the rounds, waits for the current one and closes the SMTP connections. */
  stop(): Promise<void>;
}

/** Delay before attempt `attempts + 1`: backoff × 2^(attempts − 1), capped. */
export function retryDelay(attempts: number, backoffMs: number, maxMs: number): number {
  return Math.min(maxMs, backoffMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

/** Longest time one send may take before it is aborted: three SMTP waits. */
export function sendDeadlineMs(smtpTimeoutMs: number): number {
  return 3 * smtpTimeoutMs;
}

/**
 * How long a claim holds without renewal: longer than the slowest send (which
 * is aborted at its deadline), so a live sender never loses its claim, and a
 * dead one's claims are taken again this long after its last renewal.
 */
export function outboxLeaseMs(smtpTimeoutMs: number): number {
  return sendDeadlineMs(smtpTimeoutMs) + smtpTimeoutMs;
}

/** A failed attempt: retried later (temporary) or given up (permanent). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "DeliveryError";
  }
}

interface MailerError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/**
 * Permanent: the SMTP server refused the message or recipient with a 5xx
 * (except 503, a broken command sequence), or an attached file is gone.
 * Everything else (connection refused or lost, timeouts, 4xx, authentication
 * or TLS trouble, which a deployment fixes) is temporary and retried forever.
 */
export function isPermanentFailure(err: unknown): boolean {
  if (err instanceof DeliveryError) return err.permanent;
  const e = (err ?? {}) as MailerError;
  if (e.code === "EAUTH" || e.code === "ENOAUTH" || e.code === "ETLS") return false;
  if (e.code === "ENOENT" || e.code === "EFILEACCESS") return true;
  return typeof e.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600 && e.responseCode !== 503;
}

function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const e = err as MailerError;
  const response = e.response && !err.message.includes(e.response) ? ` (${e.response})` : "";
  return `${err.message}${response}`;
}


interface Sender {
  send(message: OutboxMessage, signal: AbortSignal): Promise<void>;
  close(): void;
}

function mailOf(message: OutboxMessage): SendMailOptions {
  return {
    from: message.from,
    to: message.to,
    envelope: { from: message.from, to: [message.recipient] },
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    attachments: message.attachments.map((a) => {
      if (a.content) return { filename: a.filename, contentType: a.contentType, content: a.content };
      if (a.path) return { filename: a.filename, contentType: a.contentType, path: a.path };
      throw new DeliveryError(`attachment ${a.filename} is gone from the store`, true);
    }),
    headers: { "X-Submission-Id": message.submissionId },
    messageId: message.messageId,
    date: message.date,
  };
}

/** Sends over SMTP (SMTP_URL): one connection per message, every wait bounded. */
function smtpSender(url: string, timeoutMs: number): Sender {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
  return {
    async send(message, signal) {
      const info = await transport.sendMail({ ...mailOf(message), signal });
      // A refused recipient does not always throw: never count it as delivered.
      const rejected = (info.rejected ?? []).map(String);
      if (rejected.length > 0 || (info.accepted ?? []).length === 0) {
        const errors = (info.rejectedErrors ?? []) as MailerError[];
        const codes = errors.map((e) => e.responseCode).filter((code): code is number => typeof code === "number");
        const permanent = codes.length > 0 && codes.every((code) => isPermanentFailure({ responseCode: code }));
        const detail = errors.map((e) => e.response ?? e.message).join("; ") || "no recipient accepted";
        throw new DeliveryError(`recipient ${rejected.join(", ") || message.recipient} refused: ${detail}`, permanent);
      }
    },
    close: () => transport.close(),
  };
}

/** Writes a file and makes it durable: data flushed, renamed into place, directory flushed. */
async function writeDurably(file: string, data: Buffer): Promise<void> {
  const partial = `${file}.part`;
  const handle = await fs.open(partial, "w", 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(partial, file);
  const dir = await fs.open(path.dirname(file), "r");
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

/** Without SMTP: each outbox row becomes DATA_DIR/outbox/<id>.eml (mode 0600), on disk before it counts as sent. */
function emlSender(dir: string): Sender {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    async send(message) {
      const info = await transport.sendMail(mailOf(message));
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      await writeDurably(path.join(dir, `${message.id}.eml`), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}

/** The outbox's lines in the process's log, tagged `component: outbox`. */
function defaultLog(): OutboxLog {
  const log = logger().child({ component: "outbox" });
  return {
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}

/**
 * Delivers the outbox: a few workers (`outboxConcurrency`) each claim one due
 * message at a time under a lease sized from the SMTP timeouts and renewed
 * while the send lasts, send it (SMTP, or an .eml file without SMTP_URL) and
 * record the result with their claim token, so a claimer that lost its claim
 * cannot overwrite the result of the one that took it over. Temporary failures
 * are retried forever with exponential backoff capped at `outboxBackoffMaxMs`;
 * permanent ones (5xx) become `failed` until re-sent (`npm run outbox:resend`).
 * A message undelivered `outboxAlertAfterMs` after it was queued is logged as
 * an error, once.
 */
export function createOutboxDispatcher(options: {
  store: SubmissionStore;
  config: OutboxConfig;
  log?: OutboxLog;
  now?: () => Date;
}): OutboxDispatcher {
  const { store, config } = options;
  const log = options.log ?? defaultLog();
  const now = options.now ?? (() => new Date());
  const sender = config.smtpUrl
    ? smtpSender(config.smtpUrl, config.smtpTimeoutMs)
    : emlSender(path.join(config.dataDir, "outbox"));
  const leaseMs = outboxLeaseMs(config.smtpTimeoutMs);
  const deadlineMs = sendDeadlineMs(config.smtpTimeoutMs);
  const workers = Math.max(1, config.outboxConcurrency);

  let current: Promise<OutboxRun> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  /**
   * A row as a log line names it: its id and submission, and for a webhook its
   * endpoint (origin and path); never the recipient of an e-mail.
   */
  function describe(message: Pick<OutboxMessage, "id" | "submissionId" | "recipient"> & { channel?: OutboxMessage["channel"] }): string {
    if (message.channel === "webhook") return `webhook ${message.id} (submission ${message.submissionId}) to ${endpointName(message.recipient)}`;
    return `message ${message.id} (submission ${message.submissionId})`;
  }

  /** The fields of a row's event. */
  function fieldsOf(message: Pick<OutboxMessage, "id" | "submissionId"> & { channel?: OutboxMessage["channel"] }, more: Record<string, unknown> = {}) {
    return { outboxId: message.id, submissionId: message.submissionId, channel: message.channel ?? "email", ...more };
  }

  /** Renews the claim while the send lasts; stops when the send ends or the claim was lost. */
  function keepClaim(message: OutboxMessage): () => void {
    const interval = setInterval(() => {
      store
        .renewClaim(message, new Date(now().getTime() + leaseMs))
        .then((held) => {
          if (!held) {
            clearInterval(interval);
            log.warn(`Outbox: the claim on ${describe(message)} was lost while sending`, fieldsOf(message));
          }
        })
        .catch((err: unknown) => {
          metrics.countStoreError();
          log.warn(`Outbox: could not renew the claim on ${describe(message)}: ${maskAddresses(reasonOf(err))}`, fieldsOf(message, { event: "store_error", err: errorFields(err) }));
        });
    }, Math.max(1, Math.floor(leaseMs / 4)));
    interval.unref();
    return () => clearInterval(interval);
  }

  function refused(claim: OutboxClaim, what: string): void {
    log.warn(`Outbox: ${what} of message ${claim.id} not recorded: its claim was taken over by another sender`, { outboxId: claim.id });
  }

  /**
   * Sends a claimed row, its claim renewed while the send lasts: recorded as
   * sent (undefined) or counted failed (the failure, for the caller to record).
   */
  async function attempt(message: OutboxMessage, run: OutboxRun, send: () => Promise<void>): Promise<unknown> {
    const release = keepClaim(message);
    try {
      await send();
    } catch (err) {
      run.failed++;
      return err ?? new Error("the send failed");
    } finally {
      release();
    }
    if (await store.markSent(message, now())) {
      run.sent++;
      metrics.countDelivery(message.channel, "sent");
    } else refused(message, "delivery");
    return undefined;
  }

  /**
   * One webhook row: POSTed to its endpoint, signed for this attempt (with
   * its secret, and its previous ones while a rotation is under way). 2xx:
   * sent. 410 Gone: the endpoint is disabled (its rows wait, this one
   * included, until `npm run webhooks:enable`). Anything else: tried again on
   * the Standard Webhooks schedule (or after the receiver's Retry-After when
   * that is longer), and given up after the tenth attempt.
   */
  async function deliverWebhook(message: OutboxMessage, run: OutboxRun): Promise<void> {
    const endpoint = config.webhookEndpoints.find((e) => e.url === message.recipient);
    const attempts = message.attempts + 1;
    if (!endpoint) {
      run.failed++;
      const reason = "the endpoint is no longer configured (WEBHOOK_URL, WEBHOOK_ENDPOINTS_FILE)";
      if (await store.markFailed(message, { attempts, nextAttemptAt: null, error: reason })) {
        metrics.countDelivery("webhook", "failed");
        log.error(`Outbox: ${describe(message)} given up: ${reason}`, fieldsOf(message, { event: "delivery_failed", attempt: attempts, nextAttemptAt: null }));
      } else refused(message, "failure");
      return;
    }
    const failure = await attempt(message, run, () => sendWebhook(message, [endpoint.secret, ...(endpoint.previousSecrets ?? [])], AbortSignal.timeout(config.webhookTimeoutMs), now()));
    if (failure === undefined) return;
    const error = failure instanceof WebhookDeliveryError ? failure : new WebhookDeliveryError(reasonOf(failure), 0);
    if (error.gone) {
      await store.disableEndpoint(endpoint.url, now(), `410 Gone (${describe(message)})`);
      // Not counted as an attempt: it waits, due, for the endpoint to be enabled again.
      const reason = "410 Gone: deliveries to this endpoint are stopped until npm run webhooks:enable";
      if (await store.markFailed(message, { attempts: message.attempts, nextAttemptAt: now(), error: reason })) {
        // Not given up: it waits for the endpoint to be enabled again.
        metrics.countDelivery("webhook", "retry");
        log.error(
          `Outbox: ${describe(message)} answered 410 Gone; deliveries to this endpoint stopped until "npm run webhooks:enable -- <its URL>" (npm run webhooks:status lists it)`,
          fieldsOf(message, { event: "delivery_failed", attempt: attempts, endpoint: endpointName(endpoint.url), status: 410 }),
        );
      } else refused(message, "failure");
      return;
    }
    const next = nextWebhookAttempt(attempts, now(), error.retryAfterMs);
    if (await store.markFailed(message, { attempts, nextAttemptAt: next, error: error.message })) {
      const fields = fieldsOf(message, { event: "delivery_failed", attempt: attempts, nextAttemptAt: next?.toISOString() ?? null, status: error.status });
      metrics.countDelivery("webhook", next ? "retry" : "failed");
      if (next) log.warn(`Outbox: ${describe(message)} not delivered (attempt ${attempts}): ${maskAddresses(error.message)}; next attempt at ${next.toISOString()}`, fields);
      else log.error(`Outbox: ${describe(message)} given up after ${attempts} attempts: ${maskAddresses(error.message)}; send it again with "npm run outbox:resend -- ${message.id}"`, fields);
    } else refused(message, "failure");
  }

  async function deliver(message: OutboxMessage, run: OutboxRun): Promise<void> {
    if (message.channel === "webhook") return deliverWebhook(message, run);
    const failure = await attempt(message, run, () => sender.send(message, AbortSignal.timeout(deadlineMs)));
    if (failure === undefined) return;
    const attempts = message.attempts + 1;
    const reason = reasonOf(failure);
    if (isPermanentFailure(failure)) {
      if (await store.markFailed(message, { attempts, nextAttemptAt: null, error: reason })) {
        metrics.countDelivery("email", "failed");
        log.error(
          `Outbox: ${describe(message)} refused for good (attempt ${attempts}): ${maskAddresses(reason)}; marked failed, re-send it with "npm run outbox:resend -- ${message.id}"`,
          fieldsOf(message, { event: "delivery_failed", attempt: attempts, nextAttemptAt: null }),
        );
      } else refused(message, "failure");
      return;
    }
    const next = new Date(now().getTime() + retryDelay(attempts, config.outboxBackoffMs, config.outboxBackoffMaxMs));
    if (await store.markFailed(message, { attempts, nextAttemptAt: next, error: reason })) {
      metrics.countDelivery("email", "retry");
      log.warn(
        `Outbox: ${describe(message)} not sent (attempt ${attempts}): ${maskAddresses(reason)}; next attempt at ${next.toISOString()}`,
        fieldsOf(message, { event: "delivery_failed", attempt: attempts, nextAttemptAt: next.toISOString() }),
      );
    } else refused(message, "failure");
  }

  async function reportOverdue(): Promise<void> {
    const overdue = await store.takeOverdue(new Date(now().getTime() - config.outboxAlertAfterMs));
    for (const message of overdue) {
      const minutes = Math.round((now().getTime() - message.pendingSince.getTime()) / 60_000);
      log.error(
        `Outbox: ${describe(message)} still undelivered after ${minutes} min (${message.attempts} attempts; last error: ${maskAddresses(message.lastError ?? "none")}); it keeps being retried`,
        fieldsOf(message, { event: "outbox_overdue", attempts: message.attempts, pendingMinutes: minutes }),
      );
    }
  }

  async function round(): Promise<OutboxRun> {
    const run: OutboxRun = { sent: 0, failed: 0 };
    // Only what is due when the round starts: a message that failed in this round waits for its next attempt.
    const dueBy = now();
    const worker = async () => {
      while (!stopped) {
        const [message] = await store.claimPendingOutbox({ now: now(), dueBy, limit: 1, leaseMs });
        if (!message) return;
        await deliver(message, run);
      }
    };
    const results = await Promise.allSettled(Array.from({ length: workers }, worker));
    await reportOverdue();
    const failure = results.find((result) => result.status === "rejected");
    if (failure) throw failure.reason;
    return run;
  }

  function runOnce(): Promise<OutboxRun> {
    if (!current) {
      current = round().finally(() => {
        current = null;
      });
    }
    return current;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      runOnce()
        .catch((err: unknown) => {
          // A round fails when the store does (claiming or recording a row).
          metrics.countStoreError();
          log.error(`Outbox: round failed: ${maskAddresses(reasonOf(err))}`, { event: "store_error", err: errorFields(err) });
        })
        .finally(schedule);
    }, config.outboxIntervalMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      stopped = false;
      if (!timer && !current) schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await current?.catch(() => undefined);
      sender.close();
    },
  };
}
