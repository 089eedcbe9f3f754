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
import { runCommand } from "./run";

const USAGE = "Usage: leads spam [--limit N] | leads release <submission id>";

export async function leadsCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  const [command, ...rest] = args;
  let limit = 100;
  if (command === "spam") {
    if (rest.length > 0) {
      const value = Number(rest[1]);
      if (rest[0] !== "--limit" || rest.length !== 2 || !Number.isInteger(value) || value < 1) {
        out(USAGE);
        return 2;
      }
      limit = value;
    }
  } else if (command !== "release" || rest.length !== 1) {
    out(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  const store = createStore(config);
  try {
    await store.ready?.();
    if (command === "spam") {
      const { total, submissions } = await store.listQuarantined(limit);
      for (const s of submissions) {
        out(`${s.id}  ${s.mailType}  ${s.createdAt}  ${s.email ?? "(no e-mail)"}  ${s.reasons.join(", ")}`);
      }
      out(`${total} quarantined submission(s)${total > submissions.length ? `, the newest ${submissions.length} listed (--limit N for more)` : ""}`);
      return 0;
    }
    const [id] = rest;
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
