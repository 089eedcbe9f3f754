/**
 * Bounds on what one client's uploads may take, beside the bound on uploads
 * received at once (UploadGate, ./uploads.ts):
 *
 * - watchBodyRate: a body that arrives slower than a minimum rate is cut, so
 *   that a client dripping bytes cannot hold an upload's place until the
 *   request deadline;
 * - UploadQuota: the bytes of files one client may store per window
 *   (UPLOAD_QUOTA_MB per UPLOAD_QUOTA_WINDOW_MS), counted in the store that
 *   every instance shares;
 * - FreeSpaceFloor: uploads are refused while the file system the files are
 *   received on has less free space than a floor, before it is full.
 */
import type { IncomingMessage } from "http";
import fs from "fs/promises";
import path from "path";
import type { SubmissionStore, UploadQuotaUsage } from "../store";
import { errorFields, logger } from "../log";

/** Answer (429) of an upload from a client that stored its quota of files for the window. */
export const UPLOAD_QUOTA_MESSAGE = "You have sent as many files as we can take for now. Please try again later.";
/** Answer (503) of an upload while the server's disk is nearly full. */
export const LOW_DISK_SPACE_MESSAGE = "Files cannot be received right now. Please try again later.";
/** Answer (408) of an upload whose body arrived too slowly. */
export const UPLOAD_TOO_SLOW_MESSAGE = "The upload was too slow and was stopped. Please try again on a faster connection.";
/** Seconds a client is told to wait (Retry-After) while the disk is nearly full: freeing space takes an operator. */
export const LOW_DISK_SPACE_RETRY_AFTER_SECONDS = 300;

/**
 * Watches how fast a request's body arrives (the bytes its connection read),
 * in consecutive windows of `windowMs`: when one gives less than
 * `minBytesPerSecond` on average, `onTooSlow` is called (once) and the watch
 * ends. The first window is the grace period (nothing is judged before it
 * ends). A window in which the server itself did not read (the request paused
 * by back-pressure: the disk slower than the client) or in which this
 * process did not run on time (a late tick) is not judged: it starts again.
 * Returns a function that stops the watch (call it when the body ended or the
 * response closed).
 */
export function watchBodyRate(req: IncomingMessage, minBytesPerSecond: number, windowMs: number, onTooSlow: () => void): () => void {
  if (minBytesPerSecond <= 0) return () => undefined;
  const socket = req.socket;
  const needed = (minBytesPerSecond * windowMs) / 1000;
  const tickMs = Math.max(20, Math.min(1_000, Math.floor(windowMs / 10)));
  let openedAt = performance.now();
  let lastTick = openedAt;
  let bytesAtOpen = socket.bytesRead;
  const restart = (now: number) => {
    openedAt = now;
    bytesAtOpen = socket.bytesRead;
  };
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - lastTick > 3 * tickMs;
    lastTick = now;
    if (late || req.isPaused()) {
      restart(now);
      return;
    }
    if (now - openedAt < windowMs) return;
    if (socket.bytesRead - bytesAtOpen < needed) {
      stop();
      onTooSlow();
      return;
    }
    restart(now);
  }, tickMs);
  timer.unref();
  const stop = () => clearInterval(timer);
  return stop;
}

/**
 * The upload quota: per client, the bytes of files stored in a fixed window
 * (the first stored file opens it; it ends `windowMs` later). A client at or
 * over `maxBytes` in its window is refused before its body is read; the
 * bytes are counted once a submission is stored, so the uploads a client
 * had under way when it reached the quota are kept: it is overshot by at
 * most MAX_UPLOADS_PER_CLIENT submissions' files on each instance. Counted in the store when it shares counts between instances
 * (PostgreSQL, and the SQLite file), else in this process's memory. A store
 * that fails is logged and lets the upload through: its own answer (503
 * when it cannot store the submission) follows.
 */
export class UploadQuota {
  private readonly memory = new Map<string, { bytes: number; resetAt: number }>();

  constructor(
    private readonly store: Pick<SubmissionStore, "uploadQuotaUsage" | "countUploadBytes">,
    readonly maxBytes: number,
    readonly windowMs: number,
    private readonly log: (message: string, err: unknown) => void = (message, err) => logger().error({ err: errorFields(err) }, message),
  ) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** Seconds until the client's window ends when it is at its quota; undefined when it may upload. */
  async refusal(key: string): Promise<number | undefined> {
    if (!this.enabled) return undefined;
    let usage: UploadQuotaUsage | undefined;
    try {
      usage = await this.usage(key);
    } catch (err) {
      this.log("Upload quota: the count could not be read; the upload is let through:", err);
      return undefined;
    }
    if (!usage || usage.bytes < this.maxBytes) return undefined;
    return Math.max(1, Math.ceil((usage.resetAt.getTime() - Date.now()) / 1000));
  }

  /** Adds a stored submission's bytes to the client's count. */
  async count(key: string, bytes: number): Promise<void> {
    if (!this.enabled || bytes <= 0) return;
    try {
      if (this.store.countUploadBytes) {
        await this.store.countUploadBytes(key, bytes, this.windowMs);
        return;
      }
      const now = Date.now();
      const held = this.memory.get(key);
      if (held && held.resetAt > now) held.bytes += bytes;
      else {
        this.forgetEnded(now);
        this.memory.set(key, { bytes, resetAt: now + this.windowMs });
      }
    } catch (err) {
      this.log("Upload quota: stored files could not be counted:", err);
    }
  }

  private async usage(key: string): Promise<UploadQuotaUsage | undefined> {
    if (this.store.uploadQuotaUsage) return this.store.uploadQuotaUsage(key, this.windowMs);
    const held = this.memory.get(key);
    return held && held.resetAt > Date.now() ? { bytes: held.bytes, resetAt: new Date(held.resetAt) } : undefined;
  }

  private forgetEnded(now: number): void {
    for (const [key, held] of this.memory) if (held.resetAt <= now) this.memory.delete(key);
  }
}

/** What the floor reads: the free space of a file system, as fs.statfs gives it. */
type StatFs = (dir: string) => Promise<{ bavail: number; bsize: number }>;

/**
 * The free-space floor: uploads are refused while the file system of `dir`
 * (DATA_DIR/tmp, where files arrive; on SQLite also where they are kept) has
 * less than `minFreeBytes` available to the server. fs.statfs is cheap, and
 * its answer is kept `cacheMs` (one call at a time). A folder that does not
 * exist yet is measured by its nearest existing parent. A failing statfs is
 * logged once and lets uploads through.
 */
export class FreeSpaceFloor {
  private checked: { at: number; below: boolean } | undefined;
  private pending: Promise<boolean> | undefined;
  private failureLogged = false;

  constructor(
    private readonly dir: string,
    readonly minFreeBytes: number,
    private readonly cacheMs = 2_000,
    private readonly statfs: StatFs = (dir) => fs.statfs(dir),
    private readonly log: (message: string, err: unknown) => void = (message, err) => logger().error({ err: errorFields(err) }, message),
  ) {}

  /** True while the free space is below the floor. */
  belowFloor(): Promise<boolean> {
    if (this.minFreeBytes <= 0) return Promise.resolve(false);
    const now = Date.now();
    if (this.checked && now - this.checked.at < this.cacheMs) return Promise.resolve(this.checked.below);
    this.pending ??= this.measure().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async measure(): Promise<boolean> {
    let below = false;
    try {
      const stats = await this.statNearest(this.dir);
      below = stats.bavail * stats.bsize < this.minFreeBytes;
    } catch (err) {
      if (!this.failureLogged) {
        this.failureLogged = true;
        this.log("Free space of the upload folder could not be read; uploads are not refused for it:", err);
      }
    }
    this.checked = { at: Date.now(), below };
    return below;
  }

  private async statNearest(dir: string): Promise<{ bavail: number; bsize: number }> {
    for (let current = path.resolve(dir); ; current = path.dirname(current)) {
      try {
        return await this.statfs(current);
      } catch (err) {
        const parent = path.dirname(current);
        if ((err as NodeJS.ErrnoException).code !== "ENOENT" || parent === current) throw err;
      }
    }
  }
}
