import type { Config } from "../config";
import type { StoredLead, SubmissionStore, WebhookDelivery } from "../store/types";
import { leadCreatedDeliveries } from "./payload";

export { FILE_LINK_PATH, checkFileLink } from "./file-links";

/** The name the file links' secret is kept under in the store. */
export const FILE_LINK_SECRET = "file-links";

/**
 * The webhooks of a deployment: the deliveries of each lead's lead.created
 * event (one per endpoint), made when the lead is accepted or released, and
 * the secret its file links are signed with (made once and kept in the store,
 * shared by every instance).
 */
export class Webhooks {
  private secretValue: Promise<string> | undefined;

  constructor(
    private readonly config: Pick<Config, "webhookEndpoints" | "siteUrl" | "fileLinkDays">,
    private readonly store: SubmissionStore,
  ) {}

  /** The secret of the file links (asked for again after a failure). */
  fileLinkSecret(): Promise<string> {
    if (!this.secretValue) {
      const asked = this.store.serverSecret(FILE_LINK_SECRET);
      asked.catch(() => {
        if (this.secretValue === asked) this.secretValue = undefined;
      });
      this.secretValue = asked;
    }
    return this.secretValue;
  }

  /** The deliveries of a lead's lead.created at `now`: none without endpoints. */
  async deliveriesFor(lead: StoredLead, now: Date): Promise<WebhookDelivery[]> {
    if (this.config.webhookEndpoints.length === 0) return [];
    const settings = { siteUrl: this.config.siteUrl, fileLinkDays: this.config.fileLinkDays, fileLinkSecret: await this.fileLinkSecret() };
    return leadCreatedDeliveries(lead, this.config.webhookEndpoints, settings, now);
  }
}
