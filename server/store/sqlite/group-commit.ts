import type Database from "better-sqlite3";
import fs from "fs";
import { logger } from "../../log";
import { metrics } from "../../metrics";

/**
 * Group commit for SQLite: the writes that arrive together (in one turn of
 * the event loop) share one transaction, and every transaction committed
 * before a flush of the write-ahead log shares that one flush, which runs in
 * libuv's thread pool, so a disk that takes milliseconds to flush never holds
 * up the event loop (pages, other requests) while it does.
 *
 * The database runs in WAL mode with `synchronous = NORMAL`: a commit writes
 * its frames to the WAL file without flushing it, and `GroupCommit` then
 * flushes that file (fdatasync) before it resolves. A commit is durable once
 * the WAL holding its commit frame is on the disk, so a write is acknowledged
 * only after the flush that followed its commit has completed: as durable as
 * `synchronous = FULL`, with one flush per group instead of one per write.
 * (SQLite itself flushes the WAL and the database before each checkpoint.)
 *
 * A flush that fails comes after the commit: the group's rows are in the
 * database already (every connection reads them, the outbox sends them, a
 * checkpoint copies them), and nothing here can take them back. So they are
 * kept, and acknowledged as kept: the flush is tried again (a new handle each
 * time) and the writes are acknowledged after the first that succeeds; when
 * none does, they are acknowledged all the same and the failure is logged.
 * Rejecting them would tell their callers that nothing was kept (503): a
 * retry would store the lead twice, and the caller would delete the files
 * the stored rows point to.
 */

/** Flushes one file, one flush at a time; a request made while one runs is served by the next, shared by all who wait. */
export class FileFlusher {
  private running?: Promise<void>;
  private queued?: Promise<void>;
  private handle?: Promise<fs.promises.FileHandle>;

  constructor(private readonly file: string) {}

  /** Resolves once everything written to the file before this call is on the disk. */
  flush(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.running) return this.start();
    // A flush already running may have started before the caller's write: wait for it, then flush again.
    this.queued = this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.start();
      });
    return this.queued;
  }

  private start(): Promise<void> {
    const run = (async () => {
      this.handle ??= fs.promises.open(this.file, "r");
      try {
        await (await this.handle).datasync();
      } catch (err) {
        // A handle that failed is opened again next time.
        const handle = this.handle;
        this.handle = undefined;
        void handle?.then((h) => h.close()).catch(() => undefined);
        throw err;
      }
    })();
    this.running = run;
    const clear = () => {
      if (this.running === run) this.running = undefined;
    };
    run.then(clear, clear);
    return run;
  }

  /** Waits for the flushes under way and closes the file. */
  async close(): Promise<void> {
    await Promise.allSettled([this.running, this.queued]);
    const handle = this.handle;
    this.handle = undefined;
    if (handle) await (await handle).close();
  }
}

/** What flushes the WAL (a FileFlusher; another in tests that need to hold a flush). */
export interface Flusher {
  flush(): Promise<void>;
  close(): Promise<void>;
}

interface Outcome<T, R> {
  results: Map<Waiting<T, R>, R>;
  errors: Map<Waiting<T, R>, unknown>;
}

interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(err: unknown): void;
}

export interface GroupCommitOptions {
  /** After a failed flush of a committed group, the waits before each new try. */
  flushRetryDelaysMs?: readonly number[];
  /** Where a failed flush is reported (no personal data: counts and the error). */
  log?: (message: string) => void;
}

const FLUSH_RETRY_DELAYS_MS = [50, 250, 1000];

export class GroupCommit<T, R> {
  private waiting: Waiting<T, R>[] = [];
  private scheduled = false;
  /** A group is being committed or flushed: the writes arriving meanwhile form the next group. */
  private busy = false;
  private readonly flusher: Flusher;
  private readonly flushRetryDelaysMs: readonly number[];
  private readonly log: (message: string) => void;
  private readonly batch: Database.Transaction<(items: Waiting<T, R>[]) => Outcome<T, R>>;
  private readonly batchOneByOne: Database.Transaction<(items: Waiting<T, R>[]) => Outcome<T, R>>;
  /** Groups committed so far, and the writes they held (for tests and the benchmark). */
  readonly stats = { groups: 0, writes: 0, largestGroup: 0 };

  /**
   * `write` runs inside the group's transaction, one item after the other.
   * When one throws, the group is rolled back and run again with each item in
   * a savepoint of its own: the item that throws is rolled back alone and its
   * caller gets the error; the others commit. (Savepoints are work on every
   * write, and a write that fails is rare: a reused Idempotency-Key.)
   */
  constructor(
    db: Database.Database,
    write: (item: T) => R,
    flusher: Flusher = new FileFlusher(`${db.name}-wal`),
    options: GroupCommitOptions = {},
  ) {
    this.flusher = flusher;
    this.flushRetryDelaysMs = options.flushRetryDelaysMs ?? FLUSH_RETRY_DELAYS_MS;
    this.log =
      options.log ??
      ((message) => {
        // A disk that fails its flushes is a store error: logged like the others, and counted (store_errors_total).
        metrics.countStoreError();
        logger().error({ component: "store", event: "store_error" }, `Store error: ${message}`);
      });
    this.batch = db.transaction((items: Waiting<T, R>[]) => {
      const results = new Map<Waiting<T, R>, R>();
      for (const waiting of items) results.set(waiting, write(waiting.item));
      return { results, errors: new Map<Waiting<T, R>, unknown>() };
    });
    const one = db.transaction(write);
    this.batchOneByOne = db.transaction((items: Waiting<T, R>[]) => {
      const results = new Map<Waiting<T, R>, R>();
      const errors = new Map<Waiting<T, R>, unknown>();
      for (const waiting of items) {
        try {
          results.set(waiting, one(waiting.item));
        } catch (err) {
          errors.set(waiting, err);
        }
      }
      return { results, errors };
    });
  }

  /** Commits `item` with the others of its group; resolves once the commit is on the disk. */
  write(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /**
   * One group at a time: the next is committed once the previous one's flush
   * has completed, so every write that arrives while the disk works joins
   * one group (the slower the disk, the larger the groups).
   */
  private schedule(): void {
    if (this.scheduled || this.busy) return;
    this.scheduled = true;
    setImmediate(() => void this.commitGroup());
  }

  /** Resolves once every commit made so far (by any statement on this database) is on the disk. */
  flush(): Promise<void> {
    return this.flusher.flush();
  }

  private async commitGroup(): Promise<void> {
    this.scheduled = false;
    const group = this.waiting;
    this.waiting = [];
    if (group.length === 0) return;
    this.busy = true;
    try {
      await this.commitAndFlush(group);
    } finally {
      this.busy = false;
      if (this.waiting.length > 0) this.schedule();
    }
  }

  private async commitAndFlush(group: Waiting<T, R>[]): Promise<void> {
    let outcome: Outcome<T, R>;
    try {
      try {
        outcome = this.batch.immediate(group);
      } catch {
        outcome = this.batchOneByOne.immediate(group);
      }
    } catch (err) {
      for (const waiting of group) waiting.reject(err);
      return;
    }
    this.stats.groups += 1;
    this.stats.writes += outcome.results.size;
    this.stats.largestGroup = Math.max(this.stats.largestGroup, outcome.results.size);
    for (const [waiting, err] of outcome.errors) waiting.reject(err);
    if (outcome.results.size === 0) return;
    // Committed: kept whatever the flush does (see the top of this file).
    await this.flushCommitted(outcome.results.size);
    for (const [waiting, result] of outcome.results) waiting.resolve(result);
  }

  /** Flushes the WAL after a commit, trying again after a failure; never rejects. */
  private async flushCommitted(writes: number): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.flusher.flush();
        if (attempt > 0) this.log(`SQLite WAL flushed at try ${attempt + 1}; the ${writes} write(s) committed before it are acknowledged`);
        return;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        if (attempt >= this.flushRetryDelaysMs.length) {
          this.log(
            `SQLite WAL flush failed ${attempt + 1} times (${reason}): ${writes} committed write(s) are kept and acknowledged, but may not survive a power loss; check the disk`,
          );
          return;
        }
        this.log(`SQLite WAL flush failed after a commit of ${writes} write(s) (${reason}); trying again`);
        await new Promise((resolve) => setTimeout(resolve, this.flushRetryDelaysMs[attempt]));
      }
    }
  }

  /** Commits what is waiting, waits for the flushes under way, and closes the WAL file. */
  async close(): Promise<void> {
    while (this.busy) await new Promise((resolve) => setImmediate(resolve));
    if (this.waiting.length > 0) await this.commitGroup();
    await this.flusher.close();
  }
}
