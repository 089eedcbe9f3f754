import fs from "fs/promises";
import nodemailer from "nodemailer";
import type { SendMailOptions } from "nodemailer/lib/mailer";
import path from "path";
import type { Config } from "./config";
import type { OutboxMessage, SubmissionStore } from "./store";

/** Messages taken per round. */
const BATCH = 50;
/** A message claimed by a dispatcher that died is taken again after this long. */
const LEASE_MS = 5 * 60_000;

export type OutboxConfig = Pick<
  Config,
  "dataDir" | "smtpUrl" | "outboxIntervalMs" | "outboxMaxAttempts" | "outboxBackoffMs" | "outboxBackoffMaxMs"
>;

export interface OutboxLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface OutboxRun {
  sent: number;
  failed: number;
}

export interface OutboxDispatcher {
  /** One round: every due message is sent (or rescheduled); resolves when the round is over. */
  runOnce(): Promise<OutboxRun>;
  /** Runs a round every `outboxIntervalMs` until stopped. */
  start(): void;
  /** Stops the rounds, waits for the current one and closes the SMTP connection. */
  stop(): Promise<void>;
}

/** Delay before attempt `attempts + 1`: backoff × 2^(attempts − 1), capped. */
export function retryDelay(attempts: number, backoffMs: number, maxMs: number): number {
  return Math.min(maxMs, backoffMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

interface Sender {
  send(message: OutboxMessage): Promise<void>;
  close(): void;
}

function mailOf(message: OutboxMessage): SendMailOptions {
  return {
    from: message.from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    attachments: message.attachments.map((a) => ({ filename: a.filename, path: a.path, contentType: a.contentType })),
    headers: { "X-Submission-Id": message.submissionId },
    messageId: `<${message.id}@outbox.local>`,
  };
}

/** Sends over SMTP (SMTP_URL). */
function smtpSender(url: string): Sender {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    async send(message) {
      await transport.sendMail(mailOf(message));
    },
    close: () => transport.close(),
  };
}

/** Without SMTP: each message becomes DATA_DIR/outbox/<id>.eml. */
function emlSender(dir: string): Sender {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    async send(message) {
      const info = await transport.sendMail(mailOf(message));
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${message.id}.eml`);
      const partial = `${file}.part`;
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, file);
    },
    close: () => transport.close(),
  };
}

const consoleLog: OutboxLog = {
  info: (m) => console.log(m),
  warn: (m) => console.warn(m),
  error: (m) => console.error(m),
};

/**
 * Delivers the outbox: claims due messages, sends each (SMTP, or an .eml file
 * without SMTP_URL), marks it sent once delivered; a failed attempt is retried
 * later with exponential backoff (capped), and given up after
 * `outboxMaxAttempts` attempts.
 */
export function createOutboxDispatcher(options: {
  store: SubmissionStore;
  config: OutboxConfig;
  log?: OutboxLog;
  now?: () => Date;
}): OutboxDispatcher {
  const { store, config } = options;
  const log = options.log ?? consoleLog;
  const now = options.now ?? (() => new Date());
  const sender = config.smtpUrl ? smtpSender(config.smtpUrl) : emlSender(path.join(config.dataDir, "outbox"));

  let current: Promise<OutboxRun> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function deliver(message: OutboxMessage, run: OutboxRun): Promise<void> {
    try {
      await sender.send(message);
    } catch (err) {
      const attempts = message.attempts + 1;
      const reason = err instanceof Error ? err.message : String(err);
      run.failed++;
      if (attempts >= config.outboxMaxAttempts) {
        await store.markFailed(message.id, attempts, null, reason);
        log.error(`Outbox: giving up on message ${message.id} to ${message.to} after ${attempts} attempts: ${reason}`);
      } else {
        const next = new Date(now().getTime() + retryDelay(attempts, config.outboxBackoffMs, config.outboxBackoffMaxMs));
        await store.markFailed(message.id, attempts, next, reason);
        log.warn(`Outbox: message ${message.id} to ${message.to} not sent (attempt ${attempts}): ${reason}; next attempt at ${next.toISOString()}`);
      }
      return;
    }
    await store.markSent(message.id, now());
    run.sent++;
  }

  async function round(): Promise<OutboxRun> {
    const run: OutboxRun = { sent: 0, failed: 0 };
    const messages = await store.claimPendingOutbox({ now: now(), limit: BATCH, leaseMs: LEASE_MS });
    for (const message of messages) {
      await deliver(message, run);
    }
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
        .catch((err: unknown) => log.error(`Outbox: round failed: ${err instanceof Error ? err.message : String(err)}`))
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
