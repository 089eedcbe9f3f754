/**
 * The outbox of this deployment's DATA_DIR, by hand:
 *
 *   npm run outbox:failed                 list the notifications given up on
 *   npm run outbox:resend                 put every failed notification back to pending
 *   npm run outbox:resend -- <id>         only one (an outbox id or a submission id)
 *
 * Run with the deployment's environment (DATA_DIR); a running server sends the
 * re-queued notifications at its next round.
 */
import { loadConfig } from "../config";
import { createStore } from "../store";
import { readArgs, readRequest, subcommand, type CommandText } from "./args";
import { runCommand } from "./run";

export const OUTBOX_TEXT: CommandText = {
  usage: "Usage: outbox:failed\n       outbox:resend [<outbox id or submission id>]",
  help: [
    "outbox:failed   lists the notifications and webhook deliveries given up on (a permanent refusal)",
    "outbox:resend   puts every failed one back to pending, due now; with an id, only that row or that submission's rows",
    "A running server delivers them at its next round. Exit code 1 when no failed row has the id.",
  ].join("\n"),
};

type Request = { command: "failed" } | { command: "resend"; id?: string };

function parseOutboxArgs(args: string[]): Request {
  const [command, rest] = subcommand(args, ["failed", "resend"] as const);
  if (command === "failed") {
    readArgs(rest, {});
    return { command };
  }
  return { command, id: readArgs(rest, {}, [0, 1]).positionals[0] };
}

export async function outboxCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  err: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<number> {
  const parsed = readRequest(args, OUTBOX_TEXT, { out, err }, parseOutboxArgs);
  if ("exit" in parsed) return parsed.exit;
  const { request } = parsed;
  const store = createStore(loadConfig(env));
  try {
    if (request.command === "failed") {
      const failed = await store.listFailed();
      for (const message of failed) {
        out(`${message.id}  submission ${message.submissionId}  to ${message.recipient}  ${message.createdAt}  ${message.subject}  (${message.lastError ?? "no error"})`);
      }
      out(`${failed.length} failed notification(s)`);
      return 0;
    }
    const { id } = request;
    const count = await store.resendFailed(new Date(), id);
    if (id !== undefined && count === 0) {
      out(`No failed notification with id ${id}`);
      return 1;
    }
    out(`${count} notification(s) queued again`);
    return 0;
  } finally {
    await store.close();
  }
}

if (require.main === module) runCommand(outboxCli);
