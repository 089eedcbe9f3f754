import fs from "fs";
import { logger } from "../../log";
import { metrics } from "../../metrics";
import { Worker } from "worker_threads";

/**
 * Checkpoints of the SQLite WAL in a worker thread. A checkpoint copies the
 * WAL's pages into the database file and flushes both: run by SQLite at the
 * end of a commit (its automatic checkpoint), it holds the event loop for as
 * long as the disk takes. The store turns the automatic checkpoint off and
 * this worker, on a connection of its own, runs PASSIVE checkpoints (they
 * never block the store's writes) whenever the WAL has grown past a size.
 * Started the first time the WAL reaches that size, so a store that stays
 * small (tests, a quiet site) never starts a thread.
 */

/** Run in the worker (plain JavaScript: the worker evaluates it as it is, from the compiled server as from the sources). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("worker_threads");
const fs = require("fs");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 5000");
db.pragma("wal_autocheckpoint = 0");
let stopping = false;
function walBytes() {
  try { return fs.statSync(workerData.file + "-wal").size; } catch { return 0; }
}
function checkpoint() {
  try {
    const [result] = db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ type: "checkpoint", result });
  } catch (err) {
    parentPort.postMessage({ type: "error", message: String(err && err.message || err) });
  }
}
const timer = setInterval(() => {
  if (!stopping && walBytes() >= workerData.thresholdBytes) checkpoint();
}, workerData.intervalMs);
checkpoint();
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  stopping = true;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.postMessage({ type: "stopped" });
});
`;

/**
 * Run in a worker of its own for one TRUNCATE checkpoint (plain JavaScript, as
 * above). TRUNCATE copies every frame into the database file and empties the
 * WAL, so the frames of deleted rows are gone from it (PASSIVE, FULL and
 * RESTART leave old frames in the file until they are overwritten). It has to
 * wait for readers of the WAL and blocks the store's writes while it waits: a
 * short wait at a time, tried again until the deadline.
 */
const TRUNCATE_SOURCE = `
const { parentPort, workerData } = require("worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma("busy_timeout = " + workerData.busyTimeoutMs);
const deadline = Date.now() + workerData.deadlineMs;
let last = "";
function attempt() {
  try {
    const [result] = db.pragma("wal_checkpoint(TRUNCATE)");
    if (result.busy === 0 && result.log <= 0) return true;
    last = "readers or another checkpoint kept the WAL busy";
  } catch (err) {
    last = String(err && err.message || err);
  }
  return false;
}
function run() {
  if (attempt()) finish({ complete: true });
  else if (Date.now() >= deadline) finish({ complete: false, reason: last });
  else setTimeout(run, workerData.pauseMs);
}
function finish(report) {
  db.close();
  parentPort.postMessage(report);
}
run();
`;

/** What a TRUNCATE checkpoint did. */
export interface TruncateReport {
  /** True when the WAL was emptied. */
  complete: boolean;
  reason?: string;
}

/**
 * Checkpoints the WAL of `file` and empties it (wal_checkpoint(TRUNCATE)) on
 * a connection of its own, in a worker thread: waits on readers of the WAL
 * never hold the event loop, and each wait blocks the store's writes for at
 * most `busyTimeoutMs`. Tried again every `pauseMs` until `deadlineMs`; a
 * report says whether it succeeded.
 */
export function truncateWal(file: string, options: { deadlineMs?: number; busyTimeoutMs?: number; pauseMs?: number } = {}): Promise<TruncateReport> {
  return new Promise((resolve) => {
    const worker = new Worker(TRUNCATE_SOURCE, {
      eval: true,
      workerData: {
        file,
        driver: require.resolve("better-sqlite3"),
        deadlineMs: options.deadlineMs ?? 10_000,
        busyTimeoutMs: options.busyTimeoutMs ?? 200,
        pauseMs: options.pauseMs ?? 100,
      },
    });
    let settled = false;
    const settle = (report: TruncateReport) => {
      if (settled) return;
      settled = true;
      resolve(report);
    };
    worker.once("message", (report: TruncateReport) => settle(report));
    worker.once("error", (err) => settle({ complete: false, reason: err instanceof Error ? err.message : String(err) }));
    worker.once("exit", () => settle({ complete: false, reason: "the checkpoint worker stopped" }));
  });
}

export interface CheckpointerOptions {
  /** A checkpoint runs once the WAL holds this many bytes (SQLite's own default is 1,000 pages: about 4 MB). */
  thresholdBytes?: number;
  /** How often the worker looks at the WAL's size. */
  intervalMs?: number;
  /** Where a failed checkpoint is reported (the WAL then keeps growing until one succeeds). */
  log?: (message: string) => void;
}

export class Checkpointer {
  private worker?: Worker;
  private stopped = false;
  private checking = false;
  private writes = 0;
  /** Checkpoints run so far (for tests). */
  checkpoints = 0;
  private readonly thresholdBytes: number;
  private readonly intervalMs: number;
  private readonly log: (message: string) => void;

  constructor(
    private readonly file: string,
    options: CheckpointerOptions = {},
  ) {
    this.thresholdBytes = options.thresholdBytes ?? 4 * 1024 * 1024;
    this.intervalMs = options.intervalMs ?? 1000;
    this.log = options.log ?? ((message) => logger().child({ component: "store" }).error(message));
  }

  /** Whether the worker runs. */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /**
   * Called after writes: starts the worker once the WAL has reached the
   * threshold. Returns the look at the WAL's size when this call takes one
   * (it never rejects; callers need not wait for it).
   */
  noteWrite(): Promise<void> | undefined {
    if (this.worker || this.stopped || this.checking) return undefined;
    // A look at the WAL's size every 64 writes is plenty (a submission adds a few pages).
    if (++this.writes % 64 !== 1) return undefined;
    this.checking = true;
    return fs.promises
      .stat(`${this.file}-wal`)
      .then((stat) => {
        if (stat.size >= this.thresholdBytes && !this.worker && !this.stopped) this.start();
      })
      .catch(() => undefined)
      .finally(() => {
        this.checking = false;
      });
  }

  private start(): void {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file: this.file, driver: require.resolve("better-sqlite3"), thresholdBytes: this.thresholdBytes, intervalMs: this.intervalMs },
    });
    worker.on("message", (message: { type: string; message?: string }) => {
      if (message.type === "checkpoint") this.checkpoints += 1;
      else if (message.type === "error") {
        metrics.countStoreError();
        this.log(`Store error: SQLite checkpoint failed (retried; the WAL grows meanwhile): ${message.message}`);
      }
    });
    worker.on("error", (err) => {
      metrics.countStoreError();
      this.log(`Store error: SQLite checkpoint worker stopped: ${err instanceof Error ? err.message : String(err)}`);
      if (this.worker === worker) this.worker = undefined;
    });
    worker.unref();
    this.worker = worker;
  }

  /** Runs a last checkpoint and stops the worker. */
  async stop(): Promise<void> {
    this.stopped = true;
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    // Kept alive until it has answered (it is unref'd while it works in the background).
    worker.ref();
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      worker.on("message", (message: { type: string }) => {
        if (message.type === "stopped") done();
      });
      worker.once("exit", done);
      worker.once("error", done);
      worker.postMessage("stop");
    });
    await worker.terminate();
  }
}
