/**
 * Receiving the API's webhooks (the contract's x-webhooks: lead.created),
 * signed as the Standard Webhooks specification says. `verifyWebhook` checks
 * the signature over the exact bytes received with the endpoint's `whsec_`
 * secret and the timestamp's age (5 minutes), then gives the payload typed by
 * the contract:
 *
 *   const event = verifyWebhook(process.env.WEBHOOK_SECRET, rawBody, req.headers);
 *   if (event.type === "lead.created") saveLead(event.data);   // de-duplicate on req.headers["webhook-id"]
 */
import { Webhook } from "standardwebhooks";
import type { components } from "./schema.js";

/**
 * A delivery whose signature or timestamp does not hold (or an event this
 * version does not know): its body must not be trusted. (The package's own
 * class: standardwebhooks' types need Node's, which a browser project lacks.)
 */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/** The body of a lead.created event: the lead's id, form, fields, attribution and signed links to its files. */
export type LeadCreatedEvent = components["schemas"]["LeadCreatedEvent"];
/** A file of a lead, as its event links it. */
export type WebhookAttachment = components["schemas"]["WebhookAttachment"];
/** Every event the API sends. */
export type WebhookEvent = LeadCreatedEvent;

/** The three headers a delivery carries (any header object that has them: Node's, a Headers' entries...). */
export type WebhookHeaders = Record<string, string | string[] | undefined> | Headers;

function plainHeaders(headers: WebhookHeaders): Record<string, string> {
  const get = (name: string): string => {
    if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? "";
    const value = (headers as Record<string, string | string[] | undefined>)[name];
    return Array.isArray(value) ? value.join(" ") : (value ?? "");
  };
  return { "webhook-id": get("webhook-id"), "webhook-timestamp": get("webhook-timestamp"), "webhook-signature": get("webhook-signature") };
}

/**
 * The event, once its signature (over `rawBody`, the bytes as received:
 * never a re-serialised object) and its timestamp are verified; throws
 * WebhookVerificationError otherwise, and then the body must not be trusted.
 */
export function verifyWebhook(secret: string, rawBody: string | Uint8Array, headers: WebhookHeaders): WebhookEvent {
  const body = typeof rawBody === "string" ? rawBody : new TextDecoder().decode(rawBody);
  let event: WebhookEvent;
  try {
    event = new Webhook(secret).verify(body, plainHeaders(headers)) as WebhookEvent;
  } catch (err) {
    throw new WebhookVerificationError(err instanceof Error ? err.message : String(err));
  }
  if (typeof event !== "object" || event === null || event.type !== "lead.created") {
    throw new WebhookVerificationError("Unknown event type");
  }
  return event;
}
