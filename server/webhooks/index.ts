import type { Config } from "../config";
import { sharedSecret } from "../store/shared-secret";
import type { StoredLead, SubmissionStore, WebhookDelivery } from "../store/types";
import { leadCreatedDeliveries } from "./payload";

export { checkFileLink } from "./file-links";

/** The name the file links' secret is kept under in the store. */
export const FILE_LINK_SECRET = "file-links";

/**
 * The webhooks of a deployment: the deliveries of each lead's lead.created
 * event (one per endpoint), made when the lead is accepted or released, and
 * the secret its file links are signed with (made once and kept in the store,
 * shared by every instance).
 */
export class Webhooks {
  /** The secret of the file links (asked for again after a failure). */
  readonly fileLinkSecret: () => Promise<string>;

  constructor(
    private readonly config: Pick<Config, "webhookEndpoints" | "siteUrl" | "fileLinkDays">,
    store: SubmissionStore,
  ) {
    this.fileLinkSecret = sharedSecret(store, FILE_LINK_SECRET);
  }

  /** The deliveries of a lead's lead.created at `now`: none without endpoints. */
  async deliveriesFor(lead: StoredLead, now: Date): Promise<WebhookDelivery[]> {
    if (this.config.webhookEndpoints.length === 0) return [];
    const settings = { siteUrl: this.config.siteUrl, fileLinkDays: this.config.fileLinkDays, fileLinkSecret: await this.fileLinkSecret() };
    return leadCreatedDeliveries(lead, this.config.webhookEndpoints, settings, now);
  }
}
