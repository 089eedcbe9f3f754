import { Webhook } from "standardwebhooks";
import type { OutboxMessage } from "../store/types";

/**
 * The delays between attempts, as the Standard Webhooks specification
 * suggests: after the first failure 5 s, then 5 min, 30 min, 2 h, 5 h, 10 h,
 * 14 h, 20 h and 24 h; a delivery that fails ten times is given up (failed,
 * until `npm run webhooks:replay` or `outbox:resend`).
 */
export const WEBHOOK_RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000];

/** The longest Retry-After honoured: a day (the schedule's longest wait). */
const MAX_RETRY_AFTER_MS = 86_400_000;

/** A delivery that did not succeed: the receiver's status (0: no answer) and the wait it asked for. */
export class WebhookDeliveryError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "WebhookDeliveryError";
  }

  /** 410 Gone: the receiver says the endpoint is no more; deliveries to it stop until the operator enables it again. */
  get gone(): boolean {
    return this.status === 410;
  }
}

/** Retry-After as seconds or an HTTP date, in ms from `now`; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: Date): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now.getTime();
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/**
 * When to try again after failed attempt number `attempts` (1 for the first):
 * the schedule's step, or the receiver's Retry-After when that is longer (a
 * shorter one, `Retry-After: 0` from a load balancer, would spend the ten
 * attempts in a minute instead of the schedule's three days); null once the
 * schedule is over.
 */
export function nextWebhookAttempt(attempts: number, now: Date, retryAfter = 0): Date | null {
  const scheduled = WEBHOOK_RETRY_SCHEDULE_MS[attempts - 1];
  if (scheduled === undefined) return null;
  return new Date(now.getTime() + Math.max(scheduled, retryAfter));
}

/**
 * The headers of one attempt: the id fixed at enqueue, the attempt's time, the
 * signature of the exact bytes sent. Given several secrets (the current one
 * and, during a rotation, the previous ones), one signature per secret,
 * space-separated as Standard Webhooks allows: a receiver that knows any of
 * them verifies the delivery.
 */
export function signedHeaders(secrets: string | readonly string[], message: Pick<OutboxMessage, "messageId" | "text">, now: Date): Record<string, string> {
  const signatures = (typeof secrets === "string" ? [secrets] : secrets).map((secret) => new Webhook(secret).sign(message.messageId, now, message.text));
  return {
    "content-type": "application/json",
    "webhook-id": message.messageId,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}

/**
 * POSTs one webhook row to its endpoint, signed for this attempt with each of
 * `secret` (see signedHeaders); resolves on
 * 2xx, throws WebhookDeliveryError otherwise (redirects are not followed: a
 * 3xx is a failure, like any answer but 2xx). Only the answer's status and
 * headers count: its body is never read, the connection is dropped instead.
 */
export async function sendWebhook(message: OutboxMessage, secret: string | readonly string[], signal: AbortSignal, now: Date = new Date()): Promise<void> {
  let response: Response;
  try {
    response = await fetch(message.recipient, {
      method: "POST",
      headers: { ...signedHeaders(secret, message, now), "user-agent": "industrial-group-site webhooks" },
      body: message.text,
      redirect: "manual",
      signal,
    });
  } catch (err) {
    const reason = err instanceof Error ? (err.name === "TimeoutError" || err.name === "AbortError" ? "no answer in time" : err.message) : String(err);
    throw new WebhookDeliveryError(`POST failed: ${reason}`, 0);
  }
  // Cancelling the body closes the connection, however much the receiver still sends (a 64 MB page, an endless stream).
  await response.body?.cancel().catch(() => undefined);
  if (response.status >= 200 && response.status < 300) return;
  throw new WebhookDeliveryError(`answered ${response.status}`, response.status, retryAfterMs(response.headers.get("retry-after"), now));
}
