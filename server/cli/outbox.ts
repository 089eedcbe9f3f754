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
import { runCommand } from "./run";

export async function outboxCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  const [command, id] = args;
  if (command !== "resend" && command !== "failed") {
    out("Usage: outbox resend [id] | outbox failed");
    return 2;
  }
  const store = createStore(loadConfig(env));
  try {
    if (command === "failed") {
      const failed = await store.listFailed();
      for (const message of failed) {
        out(`${message.id}  submission ${message.submissionId}  to ${message.recipient}  ${message.createdAt}  ${message.subject}  (${message.lastError ?? "no error"})`);
      }
      out(`${failed.length} failed notification(s)`);
      return 0;
    }
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
