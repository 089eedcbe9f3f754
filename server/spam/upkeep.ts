import fs from "fs/promises";
import nodemailer from "nodemailer";
import path from "path";
import type { Config } from "../config";
import { logger } from "../log";
import { removeSubmissionFiles } from "../store/privacy";
import type { QuarantinedSubmission, SubmissionStore } from "../store/types";
import type { UpkeepJob } from "../upkeep";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Quarantined submissions the digest lists (the newest); it counts them all. */
export const DIGEST_LISTED = 20;
/** How many of the newest the digest reads to count those of the last day. */
const DIGEST_SCAN = 1_000;

export type SpamUpkeepConfig = Pick<
  Config,
  "dataDir" | "smtpUrl" | "smtpTimeoutMs" | "mailFrom" | "spamRetentionDays" | "spamDigestTo" | "spamDigestHourUtc"
>;

export interface SpamUpkeepLog {
  info(message: string): void;
  error(message: string): void;
}

export interface SpamUpkeepReport {
  /** Quarantined submissions deleted (past SPAM_RETENTION_DAYS). */
  purged: number;
  /** Used challenges forgotten (expired). */
  prunedChallenges: number;
  /** The day whose digest this process sent, if it sent one. */
  digestSent?: string;
  /** Why the store's files may still hold the deleted submissions (their erasure did not finish), if so. */
  notErased?: string;
}

/** The digest's text: how many were held, and the newest with what to do. */
export function digestText(recent: number, total: number, listed: QuarantinedSubmission[]): { subject: string; text: string } {
  const subject = `Spam quarantine: ${recent} submission(s) held in the last 24 hours`;
  const lines = [
    `${recent} submission(s) were held back as spam in the last 24 hours; ${total} are in quarantine in all.`,
    "They were answered like every other submission, but nobody was notified of them.",
    "",
    `The newest ${listed.length}:`,
    "",
    ...listed.map((s) => `- ${s.createdAt}  ${s.mailType}  ${s.email ?? "(no e-mail)"}  reasons: ${s.reasons.join(", ")}  id ${s.id}`),
    "",
    "A real enquiry among them? Deliver it as a lead (notification, once):",
    "  npm run leads:release -- <id>",
    "Every quarantined submission: npm run leads:spam",
  ];
  return { subject, text: lines.join("\n") };
}

/** Sends the digest over SMTP, or writes it to DATA_DIR/outbox/ as an .eml file without SMTP_URL. */
async function sendDigest(config: SpamUpkeepConfig, day: string, subject: string, text: string): Promise<void> {
  const mail = { from: config.mailFrom, to: config.spamDigestTo, subject, text };
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: config.smtpTimeoutMs,
      greetingTimeout: config.smtpTimeoutMs,
      socketTimeout: config.smtpTimeoutMs,
    });
    try {
      const info = await transport.sendMail(mail);
      if ((info.accepted ?? []).length === 0) throw new Error("no recipient accepted the digest");
    } finally {
      transport.close();
    }
    return;
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const info = await transport.sendMail(mail);
  const dir = path.join(config.dataDir, "outbox");
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.writeFile(path.join(dir, `spam-digest-${day}.eml`), info.message as Buffer, { mode: 0o600 });
}

/**
 * One round of the spam defence's upkeep, at `now`: used challenges that
 * expired are forgotten; quarantined submissions older than
 * SPAM_RETENTION_DAYS are deleted with their files; and from
 * SPAM_DIGEST_HOUR_UTC on, one process (whichever takes the day in the store)
 * sends SPAM_DIGEST_TO the day's digest when something was held in the last
 * 24 hours. A digest that cannot be sent is given back, to be tried again at
 * the next round.
 */
export async function spamUpkeep(config: SpamUpkeepConfig, store: SubmissionStore, now: Date = new Date()): Promise<SpamUpkeepReport> {
  const report: SpamUpkeepReport = { purged: 0, prunedChallenges: await store.pruneUsedChallenges(now) };
  if (config.spamRetentionDays > 0) {
    const removed = await store.purgeQuarantined(new Date(now.getTime() - config.spamRetentionDays * DAY_MS));
    removeSubmissionFiles(config.dataDir, removed);
    report.purged = removed.length;
    if (removed.length > 0) {
      const erase = await store.eraseDeleted("routine");
      if (!erase.complete) report.notErased = erase.reason ?? "not erased";
    }
  }
  if (config.spamDigestTo && now.getUTCHours() >= config.spamDigestHourUtc) {
    const day = now.toISOString().slice(0, 10);
    if (await store.claimSpamDigest(day, now)) {
      try {
        const { total, submissions } = await store.listQuarantined(DIGEST_SCAN);
        const since = now.getTime() - DAY_MS;
        const recent = submissions.filter((s) => Date.parse(s.createdAt) >= since);
        if (recent.length > 0) {
          const { subject, text } = digestText(recent.length, total, recent.slice(0, DIGEST_LISTED));
          await sendDigest(config, day, subject, text);
          report.digestSent = day;
        }
      } catch (err) {
        await store.releaseSpamDigest(day).catch(() => undefined);
        throw err;
      }
    }
  }
  return report;
}

/** Lines of the process's log tagged with their component. */
function componentLog(component: string): SpamUpkeepLog {
  const log = logger().child({ component });
  return { info: (message) => log.info(message), error: (message) => log.error(message) };
}

/** spamUpkeep as a job of the server's upkeep (../upkeep.ts): hourly, what it did logged. */
export function spamUpkeepJob(config: SpamUpkeepConfig, store: SubmissionStore, log: SpamUpkeepLog = componentLog("spam")): UpkeepJob {
  return {
    name: "Spam upkeep",
    intervalMs: HOUR_MS,
    log,
    async run(now) {
      const report = await spamUpkeep(config, store, now);
      if (report.purged > 0) log.info(`Spam quarantine: deleted ${report.purged} submission(s) older than ${config.spamRetentionDays} days`);
      if (report.notErased) log.error(`Spam quarantine: the store's files may still hold the deleted submissions: ${report.notErased}; run npm run privacy:purge to finish`);
      if (report.digestSent) log.info(`Spam quarantine: digest of ${report.digestSent} sent`);
    },
  };
}
