/**
 * The leads the spam defence quarantined, by hand (run with the deployment's
 * environment: DATA_DIR or DATABASE_URL):
 *
 *   npm run leads:spam                    list the quarantined submissions, newest first
 *   npm run leads:spam -- --limit 500     more of them (default 100)
 *   npm run leads:release -- <id>         deliver one as a real lead: its notification and webhooks are queued, once
 *
 * A running server sends a released lead's notification at its next round.
 */
import { loadConfig } from "../config";
import { createStore } from "../store";
import { Webhooks } from "../webhooks";
import { readArgs, readRequest, subcommand, UsageError, type CommandText } from "./args";
import { runCommand } from "./run";

export const LEADS_TEXT: CommandText = {
  usage: "Usage: leads:spam [--limit N]\n       leads:release <submission id>",
  help: [
    "leads:spam      lists the submissions the spam defence quarantined, newest first (--limit: how many, default 100)",
    "leads:release   delivers one as a real lead: its notification and webhooks are queued, once",
    "A running server sends a released lead's notification at its next round. Exit code 1 when the submission was not released (unknown, not quarantined, released already).",
  ].join("\n"),
};

type Request = { command: "spam"; limit: number } | { command: "release"; id: string };

function parseLeadsArgs(args: string[]): Request {
  const [command, rest] = subcommand(args, ["spam", "release"] as const);
  if (command === "release") return { command, id: readArgs(rest, {}, [1, 1]).positionals[0] };
  const { limit = "100" } = readArgs(rest, { limit: { type: "string" } }).values;
  const value = Number(limit);
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`--limit must be a whole number from 1: "${limit}"`);
  return { command, limit: value };
}

export async function leadsCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  err: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<number> {
  const parsed = readRequest(args, LEADS_TEXT, { out, err }, parseLeadsArgs);
  if ("exit" in parsed) return parsed.exit;
  const { request } = parsed;
  const config = loadConfig(env);
  const store = createStore(config);
  try {
    await store.ready?.();
    if (request.command === "spam") {
      const { total, submissions } = await store.listQuarantined(request.limit);
      for (const s of submissions) {
        out(`${s.id}  ${s.mailType}  ${s.createdAt}  ${s.email ?? "(no e-mail)"}  ${s.reasons.join(", ")}`);
      }
      out(`${total} quarantined submission(s)${total > submissions.length ? `, the newest ${submissions.length} listed (--limit N for more)` : ""}`);
      return 0;
    }
    const { id } = request;
    const now = new Date();
    // Its lead.created event for each webhook endpoint, made now (fresh file links), queued with the notification.
    const lead = await store.leadOf(id);
    const deliveries = lead?.quarantined ? await new Webhooks(config, store).deliveriesFor(lead, now) : [];
    const result = await store.releaseSubmission(id, now, deliveries);
    const messages = {
      released: `Submission ${id} released: its notification is queued and will be sent as a lead`,
      "already-released": `Submission ${id} was released already: nothing more is sent`,
      "not-quarantined": `Submission ${id} is not quarantined: it was delivered as a lead`,
      unknown: `No submission with id ${id}`,
    } as const;
    out(messages[result]);
    return result === "released" ? 0 : 1;
  } finally {
    await store.close();
  }
}

if (require.main === module) runCommand(leadsCli);
