import type { components } from "../../src/contract/schema";
import { formOfMailType, type FormKey } from "../../src/shared/forms/registry";
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

/** The form of a lead, as the event names it (the contract's enum of form keys). */
function formOf(lead: StoredLead): FormKey {
  const form = formOfMailType(lead.mailType);
  if (form === undefined) throw new Error(`No form of the registry sends the mail type ${lead.mailType}`);
  return form;
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
      form: formOf(lead),
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
