/**
 * A mixed sequence of everything that changes outbox rows, through a real
 * store's own calls: submissions with one or two recipients and webhooks,
 * quarantined ones, claims, renewed and expired leases, sends, retries and
 * permanent failures, re-sends (one and all), releases from quarantine,
 * webhook replays, the overdue alert, deletion by e-mail address and both
 * purges. `check(step)` is called after each step, to compare what the store
 * says with a count of the rows themselves.
 */
import { randomUUID } from "crypto";
import type { NewSubmission, OutboxMessage, SubmissionStore, WebhookDelivery } from "../server/store";

const HOUR = 3_600_000;

function webhooksFor(i: number): WebhookDelivery[] {
  const webhookId = `msg_${randomUUID()}`;
  return ["https://crm.example.com/hooks", "https://erp.example.com/hooks"]
    .slice(0, 1 + (i % 2))
    .map((endpoint) => ({ endpoint, webhookId, type: "lead.created", payload: JSON.stringify({ i }) }));
}

function submission(i: number, spam: boolean): NewSubmission {
  const to = i % 3 === 0 ? "sales@example.com, service@example.com" : "sales@example.com";
  return {
    mailType: "contact",
    payload: { email: `lead${i % 7}@example.org`, firstName: "Ada" },
    files: [],
    notification: { from: "Website <no-reply@example.com>", to, subject: `Lead ${i}`, text: "Body\n", attachments: [] },
    screening: spam ? { reasons: ["proof_missing"] } : undefined,
    webhooks: webhooksFor(i),
  };
}

export async function runMixedTransitions(store: SubmissionStore, check: (step: string) => Promise<void>): Promise<void> {
  const start = Date.now();
  const at = (hours: number) => new Date(start + hours * HOUR);
  const lease = 60_000;
  const quarantined: string[] = [];
  for (let i = 0; i < 40; i++) {
    const saved = await store.saveSubmission(submission(i, i % 5 === 4));
    if (saved.quarantined) quarantined.push(saved.id);
  }
  await check("saved");

  let claimed: OutboxMessage[] = await store.claimPendingOutbox({ now: at(0), limit: 30, leaseMs: lease });
  await check("claimed");
  // Sent, failed to be retried, failed for good, renewed, left to expire.
  for (const [index, message] of claimed.entries()) {
    const claim = { id: message.id, claimToken: message.claimToken };
    if (index % 5 === 0) await store.markSent(claim, at(0));
    else if (index % 5 === 1) await store.markFailed(claim, { attempts: 1, nextAttemptAt: at(0.5), error: "451 try later" });
    else if (index % 5 === 2) await store.markFailed(claim, { attempts: 1, nextAttemptAt: null, error: "550 no such user" });
    else if (index % 5 === 3) await store.renewClaim(claim, at(0.01));
  }
  await check("first results");

  // The leases ran out: claimed again (rows being sent and rows due), then most are sent.
  claimed = await store.claimPendingOutbox({ now: at(1), limit: 1_000, leaseMs: lease });
  await check("claimed again");
  for (const [index, message] of claimed.entries()) {
    const claim = { id: message.id, claimToken: message.claimToken };
    if (index % 4 === 0) await store.markFailed(claim, { attempts: 2, nextAttemptAt: null, error: "550 no such user" });
    else if (index % 4 !== 1) await store.markSent(claim, at(1));
  }
  // A result with a claim that is not held changes nothing.
  if (claimed[0]) await store.markSent({ id: claimed[0].id, claimToken: randomUUID() }, at(1));
  await check("second results");

  const failed = await store.listFailed();
  if (failed[0]) await store.resendFailed(at(2), failed[0].id);
  await check("one re-sent");
  await store.takeOverdue(at(3));
  await check("overdue reported");

  for (const id of quarantined.slice(0, 4)) await store.releaseSubmission(id, at(3), webhooksFor(1));
  await check("released");

  await store.replayWebhooks(at(-1), at(3));
  await check("webhooks replayed");
  await store.replayWebhooks(at(-1), at(3), "https://erp.example.com/hooks");
  await check("one endpoint replayed");

  await store.resendFailed(at(4));
  await check("all re-sent");

  // Everything due is sent, some fail for good again.
  claimed = await store.claimPendingOutbox({ now: at(5), limit: 1_000, leaseMs: lease });
  for (const [index, message] of claimed.entries()) {
    const claim = { id: message.id, claimToken: message.claimToken };
    if (index % 6 === 0) await store.markFailed(claim, { attempts: 1, nextAttemptAt: null, error: "550 no such user" });
    else if (index % 6 !== 1) await store.markSent(claim, at(5));
  }
  await check("third results");

  await store.deleteSubmissionsByEmail("lead3@example.org");
  await check("deleted on request");
  await store.purgeQuarantined(at(24));
  await check("quarantine purged");
  await store.purgeSubmissions(at(24));
  await check("retention purge");

  for (let i = 40; i < 46; i++) await store.saveSubmission(submission(i, false));
  await check("saved after the purges");
}
