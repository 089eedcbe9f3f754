import type { components } from "../../src/contract/schema";
import { FORM_KEYS, FORMS, type FormKey } from "../../src/forms/registry";
import { newWebhookId } from "../store/outbox-rows";
import type { StoredLead, WebhookDelivery } from "../store/types";
import type { WebhookEndpoint } from "./endpoints";
import { signFileLink } from "./file-links";

/** The body of a lead.created event, as the contract declares it (x-webhooks). */
export type LeadCreatedEvent = components["schemas"]["LeadCreatedEvent"];
type Attribution = components["schemas"]["Attribution"];
type AttachmentType = components["schemas"]["WebhookAttachment"]["type"];

export interface PayloadSettings {
  /** The site's public address: the files' links start with it. */
  siteUrl: string;
  /** Signs the files' links. */
  fileLinkSecret: string;
  /** How long a file's link works. */
  fileLinkDays: number;
}

/** The form a stored mail type belongs to ("newsletter", which the newsletter form also sends, is news-letter's). */
export function formOfMailType(mailType: string): FormKey {
  const key = FORM_KEYS.find((name) => FORMS[name].mailType === mailType);
  if (key) return key;
  if (mailType === "newsletter") return "news-letter";
  throw new Error(`No form of the registry has the mail type ${mailType}`);
}

/** The lead.created event of a lead, at `now`. */
export function leadCreatedEvent(lead: StoredLead, settings: PayloadSettings, now: Date): LeadCreatedEvent {
  const { attribution, ...fields } = lead.payload;
  const expiresAt = new Date(now.getTime() + settings.fileLinkDays * 86_400_000);
  return {
    type: "lead.created",
    timestamp: now.toISOString(),
    data: {
      id: lead.id,
      form: formOfMailType(lead.mailType),
      mailType: lead.mailType,
      receivedAt: lead.createdAt.toISOString(),
      fields,
      ...(typeof attribution === "object" && attribution !== null ? { attribution: attribution as Attribution } : {}),
      attachments: lead.attachments.map((file) => ({
        field: file.field,
        name: file.originalName,
        type: file.contentType as AttachmentType,
        size: file.size,
        url: signFileLink(settings.siteUrl, settings.fileLinkSecret, file.storedName, expiresAt),
        urlExpiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000).toISOString(),
      })),
    },
  };
}

/** One delivery per endpoint that takes lead.created, all with one webhook id and the same payload bytes. */
export function leadCreatedDeliveries(lead: StoredLead, endpoints: WebhookEndpoint[], settings: PayloadSettings, now: Date): WebhookDelivery[] {
  const receivers = endpoints.filter((endpoint) => endpoint.events.includes("lead.created"));
  if (receivers.length === 0) return [];
  const payload = JSON.stringify(leadCreatedEvent(lead, settings, now));
  const webhookId = newWebhookId();
  return receivers.map((endpoint) => ({ endpoint: endpoint.url, webhookId, type: "lead.created", payload }));
}
