/** Ended upload-quota windows are deleted at most this often. */
export const QUOTA_CLEANUP_INTERVAL_MS = 60_000;

/**
 * When a store deletes the ended upload-quota windows of other clients: now
 * and then (at most once per `intervalMs`), never on every upload.
 */
export class QuotaCleanup {
  private cleanedAt = 0;

  constructor(private readonly intervalMs = QUOTA_CLEANUP_INTERVAL_MS) {}

  /** True when a clean-up is due at `now` (it is then counted as done). */
  due(now: number = Date.now()): boolean {
    if (now - this.cleanedAt < this.intervalMs) return false;
    this.cleanedAt = now;
    return true;
  }
}
