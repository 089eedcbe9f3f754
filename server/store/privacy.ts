/**
 * Personal data kept by the API (submissions, CVs, notifications): private to
 * the server's user, cleaned of leftovers, kept no longer than the retention
 * period, and deleted on a person's request.
 *
 * DATA_DIR holds site.db (with -wal/-shm), uploads/ (the files of submissions),
 * tmp/ (files being received) and outbox/ (.eml files when there is no SMTP).
 */
import fs from "fs";
import path from "path";
import type { EraseMode, EraseReport, PurgeResult, RemovedSubmission, SubmissionStore } from "./index";
import { TEMP_SUFFIX } from "../api/uploads";
import { logger } from "../log";
import type { UpkeepJob } from "../upkeep";

/** Folders under DATA_DIR and DATA_DIR itself: the server's user only. */
export const PRIVATE_DIR_MODE = 0o700;
/** site.db, uploads, .eml files: the server's user only. */
export const PRIVATE_FILE_MODE = 0o600;
/** Files created by this process get no group or other permission (like `umask 077`). */
export const PRIVATE_UMASK = 0o077;

/** A file in uploads/ or tmp/ younger than this is left alone by the clean-up: a request (here or in another process on the same DATA_DIR) may still be storing it. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PrivacyLog {
  info(message: string): void;
  warn(message: string): void;
}

/** Lines of the process's log, tagged `component: privacy`. */
function defaultLog(): PrivacyLog & { error(message: string): void } {
  const log = logger().child({ component: "privacy" });
  return { info: (message) => log.info(message), warn: (message) => log.warn(message), error: (message) => log.error(message) };
}

/** The file-system calls of the walk that makes DATA_DIR private (a test gives its own to make files vanish mid-walk). */
export interface ModeWalkFs {
  lstatSync(target: string): fs.Stats;
  chmodSync(target: string, mode: number): void;
  readdirSync(dir: string, options: { withFileTypes: true }): fs.Dirent[];
}

/**
 * Makes DATA_DIR private before anything is written there: every file this
 * process creates from now on is private (umask 077), DATA_DIR and its folders
 * are created 0700, and the modes of what earlier releases left readable (the
 * database, uploads, .eml files) are corrected. Returns how many modes changed.
 * A file or folder that vanishes during the walk (a running server renames
 * its temporary files, removes a sent .eml.part) is skipped.
 */
export function makeDataDirPrivate(dataDir: string, walkFs: ModeWalkFs = fs): number {
  process.umask(PRIVATE_UMASK);
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  return fixModes(dataDir, walkFs);
}

/** ENOENT: the file was removed or renamed by another process since it was listed. */
function vanished(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === "ENOENT";
}

/** Sets folders to 0700 and files to 0600 under `dir` (itself included); symbolic links, and what vanishes meanwhile, are left alone. */
function fixModes(dir: string, walkFs: ModeWalkFs): number {
  let changed = 0;
  const fix = (target: string, mode: number): boolean => {
    let stat: fs.Stats;
    try {
      stat = walkFs.lstatSync(target);
    } catch (err) {
      if (vanished(err)) return false;
      throw err;
    }
    if ((stat.mode & 0o777) === mode) return true;
    try {
      walkFs.chmodSync(target, mode);
      changed++;
    } catch (err) {
      if (vanished(err)) return false;
      // Not ours to change (another owner): say so, but serve.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "EPERM" && code !== "EACCES") throw err;
      logger().warn({ path: target, code }, `Cannot make ${target} private (${code}): give it to the server's user, mode ${mode.toString(8)}`);
    }
    return true;
  };
  if (!fix(dir, PRIVATE_DIR_MODE)) return changed;
  let entries: fs.Dirent[];
  try {
    entries = walkFs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if (vanished(err)) return changed;
    throw err;
  }
  for (const entry of entries) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) changed += fixModes(target, walkFs);
    else if (entry.isFile()) fix(target, PRIVATE_FILE_MODE);
  }
  return changed;
}

export interface OrphanCleanup {
  /** Files in uploads/ that no attachment row names. */
  orphanUploads: number;
  /** Files left in tmp/ by requests that never finished (a crash, a full disk). */
  tempFiles: number;
}

function removeOlderThan(dir: string, before: number, keep: (name: string) => boolean): number {
  let removed = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw err;
  }
  for (const entry of entries) {
    if (!entry.isFile() || keep(entry.name)) continue;
    const target = path.join(dir, entry.name);
    try {
      if (fs.statSync(target).mtimeMs >= before) continue;
      fs.rmSync(target, { force: true });
      removed++;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }
  return removed;
}

/**
 * Removes the files no submission points to: uploads/ files without an
 * attachment row and tmp/ files of unfinished requests, older than
 * ORPHAN_GRACE_MS (a younger one may belong to a request being stored).
 */
export async function cleanOrphans(dataDir: string, store: SubmissionStore, now: Date = new Date(), graceMs = ORPHAN_GRACE_MS): Promise<OrphanCleanup> {
  const before = now.getTime() - graceMs;
  const referenced = await store.storedFileNames();
  return {
    orphanUploads: removeOlderThan(path.join(dataDir, "uploads"), before, (name) => referenced.has(name)),
    tempFiles: removeOlderThan(path.join(dataDir, "tmp"), before, (name) => !name.endsWith(TEMP_SUFFIX)),
  };
}

/** Removes the files of deleted submissions: their uploads and their .eml notifications. */
export function removeSubmissionFiles(dataDir: string, removed: RemovedSubmission[]): number {
  let files = 0;
  for (const submission of removed) {
    const targets = [
      ...submission.storedNames.map((name) => path.join(dataDir, "uploads", path.basename(name))),
      ...submission.outboxIds.map((id) => path.join(dataDir, "outbox", `${path.basename(id)}.eml`)),
    ];
    for (const target of targets) {
      if (fs.existsSync(target)) {
        fs.rmSync(target, { force: true });
        files++;
      }
    }
  }
  return files;
}

export interface PurgeReport extends PurgeResult {
  /** Files removed from disk (uploads and .eml files). */
  files: number;
  /** Whether the store's files still hold the removed rows' bytes (absent when nothing was removed and no erasure was asked for). */
  erase?: EraseReport;
}

export interface DeletionReport {
  removed: RemovedSubmission[];
  /** Files removed from disk (uploads and .eml files). */
  files: number;
  /** Whether the store's files still hold the removed rows' bytes. */
  erase: EraseReport;
}

/**
 * Deletes the submissions older than `retentionDays` (none when 0), with their
 * files and notifications, once their deliveries have ended (every
 * notification and webhook sent, or given up as failed). A submission with a
 * delivery still pending or being retried is kept (and counted) whatever its
 * age: a lead is never lost. When some were removed (or `erase` says so), what
 * the store's files keep of them is erased.
 */
export async function purgeExpired(
  dataDir: string,
  store: SubmissionStore,
  retentionDays: number,
  now: Date = new Date(),
  erase: "when-removed" | "always" | "never" = "when-removed",
  mode: EraseMode = "rewrite",
): Promise<PurgeReport> {
  if (retentionDays <= 0) return { removed: [], keptUndelivered: 0, files: 0 };
  const result = await store.purgeSubmissions(new Date(now.getTime() - retentionDays * DAY_MS));
  const files = removeSubmissionFiles(dataDir, result.removed);
  if (erase === "never" || (result.removed.length === 0 && erase === "when-removed")) return { ...result, files };
  return { ...result, files, erase: await store.eraseDeleted(mode) };
}

/**
 * Deletes everything kept about one person (every submission with this e-mail
 * address), files included, then erases what the store's files keep of the
 * rows (always: a second run finishes an erasure the first could not).
 */
export async function deletePersonData(dataDir: string, store: SubmissionStore, email: string): Promise<DeletionReport> {
  const removed = await store.deleteSubmissionsByEmail(email);
  const files = removeSubmissionFiles(dataDir, removed);
  return { removed, files, erase: await store.eraseDeleted() };
}

/** One round of upkeep: the orphan clean-up and the retention purge, logged. */
export async function privacyUpkeep(
  dataDir: string,
  store: SubmissionStore,
  retentionDays: number,
  log: PrivacyLog = defaultLog(),
  now: Date = new Date(),
): Promise<void> {
  const orphans = await cleanOrphans(dataDir, store, now);
  if (orphans.orphanUploads + orphans.tempFiles > 0) {
    log.info(`Clean-up: removed ${orphans.orphanUploads} orphaned upload(s) and ${orphans.tempFiles} unfinished temporary file(s)`);
  }
  const purge = await purgeExpired(dataDir, store, retentionDays, now, "when-removed", "routine");
  if (purge.removed.length > 0) {
    log.info(`Retention: removed ${purge.removed.length} submission(s) older than ${retentionDays} days, with ${purge.files} file(s)`);
  }
  if (purge.erase && !purge.erase.complete) {
    log.warn(`Retention: the store's files may still hold the removed submissions: ${purge.erase.reason ?? "not erased"}; run npm run privacy:purge to finish`);
  }
  if (purge.keptUndelivered > 0) {
    log.warn(`Retention: kept ${purge.keptUndelivered} submission(s) older than ${retentionDays} days: their notification is not delivered yet`);
  }
}

/** privacyUpkeep as a job of the server's upkeep (../upkeep.ts): daily. */
export function privacyUpkeepJob(
  dataDir: string,
  store: SubmissionStore,
  retentionDays: number,
  log: PrivacyLog & { error(message: string): void } = defaultLog(),
): UpkeepJob {
  return { name: "Privacy upkeep", intervalMs: DAY_MS, log, run: (now) => privacyUpkeep(dataDir, store, retentionDays, log, now) };
}
