import { SharedReads } from "./shared-reads";
import type { OutboxChannel, OutboxSummary } from "./types";

/**
 * What both stores answer monitoring with (/api/health, the metrics scrapes):
 * the outbox's summary per channel and the number of disabled webhook
 * endpoints, each read from the database at most once a second however many
 * ask (./shared-reads.ts). A store reads them its way (`readSummary`,
 * `countDisabledEndpoints`) and calls `monitoringChanged()` after each change
 * it makes to the outbox or the endpoints, so the next read sees it.
 */
export abstract class MonitoredStore {
  private readonly summaries = new SharedReads((channel: OutboxChannel) => this.readSummary(channel));
  private readonly disabledEndpoints = new SharedReads(() => this.countDisabledEndpoints());

  /** The outbox's summary of one channel, from the database. */
  protected abstract readSummary(channel: OutboxChannel): Promise<OutboxSummary>;
  /** The number of disabled webhook endpoints, from the database. */
  protected abstract countDisabledEndpoints(): Promise<number>;

  async outboxSummary(channel: OutboxChannel = "email"): Promise<OutboxSummary> {
    return this.summaries.get(channel);
  }

  /** Reads of the outbox's summary made from the database so far (the others were shared or given again). */
  get outboxSummaryReads(): number {
    return this.summaries.reads;
  }

  async disabledEndpointCount(): Promise<number> {
    return this.disabledEndpoints.get("all");
  }

  /** This process changed the outbox or the endpoints: the next monitoring read reads the database again. */
  protected monitoringChanged(): void {
    this.summaries.changed();
    this.disabledEndpoints.changed();
  }
}
