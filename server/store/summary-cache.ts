import type { OutboxChannel, OutboxSummary } from "./types";

/** How long a summary read from the store is given again, in ms. */
export const SUMMARY_CACHE_MS = 1_000;

interface Entry {
  /** The generation of this process's writes when the read started. */
  generation: number;
  /** When the read started (performance.now()). */
  startedAt: number;
  summary: Promise<OutboxSummary>;
}

/**
 * The outbox's summary per channel, read from the store at most once per
 * `ttlMs` however many callers ask (/api/health, readiness, metrics scrapes):
 * callers that arrive while a read is in flight share it, and the answer is
 * given again until it is `ttlMs` old.
 *
 * Writes of this process (`changed()`, called by the store after each change
 * of the outbox) make the next call read again, so a caller always sees what
 * this process did before it asked; what other processes did (other
 * instances, the CLIs) is seen within `ttlMs`. A failed read is not kept.
 */
export class OutboxSummaryCache {
  private readonly entries = new Map<OutboxChannel, Entry>();
  private generation = 0;
  /** Reads made from the store so far. */
  reads = 0;

  constructor(
    private readonly read: (channel: OutboxChannel) => Promise<OutboxSummary>,
    private readonly ttlMs: number = SUMMARY_CACHE_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(channel: OutboxChannel): Promise<OutboxSummary> {
    const entry = this.entries.get(channel);
    if (entry && entry.generation === this.generation && this.now() - entry.startedAt < this.ttlMs) return entry.summary;
    const started: Entry = { generation: this.generation, startedAt: this.now(), summary: Promise.resolve().then(() => this.read(channel)) };
    this.reads += 1;
    this.entries.set(channel, started);
    started.summary.catch(() => {
      if (this.entries.get(channel) === started) this.entries.delete(channel);
    });
    return started.summary;
  }

  /** The outbox changed in this process: the next call reads the store again. */
  changed(): void {
    this.generation += 1;
  }
}
