/**
 * Personal data of this deployment's DATA_DIR, by hand:
 *
 *   npm run privacy:delete -- person@example.com   delete everything kept about this e-mail address
 *                                                  (every submission with it, case-insensitive: rows,
 *                                                  uploaded files, notifications and their .eml files)
 *   npm run privacy:purge                          apply RETENTION_DAYS and SPAM_RETENTION_DAYS now, and remove orphaned files
 *
 * Both then erase what the store's files keep of deleted rows (SQLite: the
 * WAL emptied into site.db, whose freed space is zeroed; PostgreSQL: the
 * tables rewritten by VACUUM FULL), and exit 1 when that could not finish.
 *
 * Run with the deployment's environment (DATA_DIR, RETENTION_DAYS); a running
 * server may stay up.
 */
import { loadConfig } from "../config";
import { cleanOrphans, deletePersonData, makeDataDirPrivate, purgeExpired, removeSubmissionFiles } from "../store/privacy";
import { createStore, type EraseReport } from "../store";
import { readArgs, readRequest, subcommand, UsageError, type CommandText } from "./args";
import { runCommand } from "./run";

export const PRIVACY_TEXT: CommandText = {
  usage: "Usage: privacy:delete <e-mail address>\n       privacy:purge",
  help: [
    "privacy:delete   deletes everything kept about this e-mail address (every submission with it, case-insensitive: rows, uploaded files,",
    "                 notifications and their .eml files), like: npm run privacy:delete -- person@example.com",
    "privacy:purge    applies RETENTION_DAYS and SPAM_RETENTION_DAYS now, and removes orphaned files",
    "Both then erase what the store's files keep of deleted rows; exit code 1 when that could not finish (run the command again).",
  ].join("\n"),
};

type Request = { command: "delete"; email: string } | { command: "purge" };

function parsePrivacyArgs(args: string[]): Request {
  const [command, rest] = subcommand(args, ["delete", "purge"] as const);
  if (command === "purge") {
    readArgs(rest, {});
    return { command };
  }
  const [email] = readArgs(rest, {}, [1, 1]).positionals;
  if (!email.includes("@")) throw new UsageError(`Give one e-mail address, like: npm run privacy:delete -- person@example.com ("${email}" is none)`);
  return { command, email };
}

/** Says whether the store's files still hold deleted rows; 1 (to run the command again) when they may. */
function reportErasure(erase: EraseReport, out: (line: string) => void): number {
  if (erase.complete) {
    out("The store's files no longer hold deleted submissions (backups still do until they expire: docs/operations.md, Privacy).");
    return 0;
  }
  out(`Not finished: the store's files may still hold deleted submissions: ${erase.reason ?? "not erased"}. Run this command again when the server is less busy.`);
  return 1;
}

export async function privacyCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  err: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<number> {
  const parsed = readRequest(args, PRIVACY_TEXT, { out, err }, parsePrivacyArgs);
  if ("exit" in parsed) return parsed.exit;
  const { request } = parsed;
  const config = loadConfig(env);
  try {
    makeDataDirPrivate(config.dataDir);
  } catch (err) {
    // The deletion does not depend on the modes: say what failed, and delete.
    out(`Warning: could not make ${config.dataDir} private: ${err instanceof Error ? err.message : String(err)}`);
  }
  const store = createStore(config);
  try {
    if (request.command === "delete") {
      const { email } = request;
      const { removed, files, erase } = await deletePersonData(config.dataDir, store, email);
      for (const submission of removed) {
        out(
          `Deleted submission ${submission.id} (${submission.mailType}, received ${submission.createdAt}): ` +
            `${submission.storedNames.length} uploaded file(s), ${submission.outboxIds.length} notification(s)`,
        );
      }
      out(
        removed.length === 0
          ? `Nothing is kept about ${email}: no submission has this e-mail address.`
          : `Deleted ${removed.length} submission(s) of ${email} and ${files} file(s) from ${config.dataDir}.`,
      );
      return reportErasure(erase, out);
    }
    const orphans = await cleanOrphans(config.dataDir, store);
    out(`Removed ${orphans.orphanUploads} orphaned upload(s) and ${orphans.tempFiles} unfinished temporary file(s).`);
    if (config.spamRetentionDays > 0) {
      const quarantined = await store.purgeQuarantined(new Date(Date.now() - config.spamRetentionDays * 86_400_000));
      const files = removeSubmissionFiles(config.dataDir, quarantined);
      out(`Removed ${quarantined.length} quarantined submission(s) older than ${config.spamRetentionDays} days and ${files} file(s).`);
    }
    if (config.retentionDays === 0) {
      out("RETENTION_DAYS is 0: submissions are kept forever, none purged.");
    } else {
      // Erased once below, with the quarantined submissions removed above.
      const purge = await purgeExpired(config.dataDir, store, config.retentionDays, new Date(), "never");
      out(`Removed ${purge.removed.length} submission(s) older than ${config.retentionDays} days and ${purge.files} file(s).`);
      if (purge.keptUndelivered > 0) {
        out(`Kept ${purge.keptUndelivered} older submission(s) whose notification is not delivered yet.`);
      }
    }
    // Always: a run finishes what an earlier deletion or purge could not erase.
    return reportErasure(await store.eraseDeleted(), out);
  } finally {
    await store.close();
  }
}

if (require.main === module) runCommand(privacyCli);
