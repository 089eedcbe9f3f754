/**
 * One scenario of the retention purge for both stores: submissions past the
 * retention period whose deliveries have ended (every outbox row sent, or
 * given up as failed: a recipient refused for good, a webhook given up) and
 * others with a delivery still going on (a retry due later, a row being
 * sent). The rows are moved through the store's own outbox calls, as the
 * dispatcher moves them.
 */
import { randomUUID } from "crypto";
import type { NewSubmission, SubmissionStore } from "../server/store";

const HOUR = 3_600_000;
const ENDPOINT = "https://hooks.example.net/leads";

export interface RetentionScenario {
  /** Ended: one recipient got the notification, the other refused it for good. */
  partlyRefused: string;
  /** Ended: the e-mail sent, the webhook given up after its last attempt. */
  webhookGivenUp: string;
  /** Still going on: the e-mail sent, the webhook to be tried again. */
  webhookRetrying: string;
  /** Still going on: a notification being sent right now (claimed). */
  beingSent: string;
}

function submission(tag: string, to: string, webhook: boolean): NewSubmission {
  return {
    mailType: "contact",
    payload: { email: `${tag}@example.org`, firstName: "Ada" },
    files: [],
    notification: { from: "Website <no-reply@example.com>", to, subject: `Lead ${tag}`, text: `Lead ${tag}\n`, attachments: [] },
    webhooks: webhook ? [{ endpoint: ENDPOINT, webhookId: `msg_${randomUUID()}`, type: "lead.created", payload: `{"tag":"${tag}"}` }] : [],
  };
}

/** Stores the four submissions and takes their rows where the scenario says; returns their ids. */
export async function setUpRetentionScenario(store: SubmissionStore): Promise<RetentionScenario> {
  const ids: RetentionScenario = {
    partlyRefused: (await store.saveSubmission(submission("partly-refused", "sales@example.com, service@example.com", false))).id,
    webhookGivenUp: (await store.saveSubmission(submission("webhook-given-up", "sales@example.com", true))).id,
    webhookRetrying: (await store.saveSubmission(submission("webhook-retrying", "sales@example.com", true))).id,
    beingSent: (await store.saveSubmission(submission("being-sent", "sales@example.com", false))).id,
  };
  const now = new Date(Date.now() + 1000);
  const claimed = await store.claimPendingOutbox({ now, limit: 100, leaseMs: HOUR });
  for (const message of claimed) {
    if (message.submissionId === ids.beingSent) continue; // left claimed: its send goes on
    if (message.submissionId === ids.partlyRefused && message.recipient === "service@example.com") {
      await store.markFailed(message, { attempts: 1, nextAttemptAt: null, error: "550 5.1.1 mailbox unknown" });
    } else if (message.channel === "webhook" && message.submissionId === ids.webhookGivenUp) {
      await store.markFailed(message, { attempts: 10, nextAttemptAt: null, error: "HTTP 500" });
    } else if (message.channel === "webhook") {
      await store.markFailed(message, { attempts: 3, nextAttemptAt: new Date(now.getTime() + HOUR), error: "HTTP 503" });
    } else {
      await store.markSent(message, now);
    }
  }
  return ids;
}
