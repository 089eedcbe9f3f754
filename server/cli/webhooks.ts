/**
 * The webhook deliveries, by hand (run with the deployment's environment:
 * DATA_DIR or DATABASE_URL, and the endpoints of WEBHOOK_URL /
 * WEBHOOK_ENDPOINTS_FILE):
 *
 *   npm run webhooks:status                          each endpoint: configured or not, enabled or disabled, pending / sent / failed, oldest waiting, last error
 *   npm run webhooks:replay -- --since 2026-11-01     send again every delivered or failed event of the leads received since that day (UTC), same id and payload
 *   npm run webhooks:replay -- --since 2026-11-01 --endpoint <url>    to one endpoint only
 *   npm run webhooks:enable -- <url>                 let the deliveries to an endpoint that answered 410 Gone go on
 *
 * A running server delivers what was queued at its next round.
 */
import { loadConfig } from "../config";
import { createStore } from "../store";
import { readArgs, readRequest, subcommand, UsageError, type CommandText } from "./args";
import { runCommand } from "./run";

export const WEBHOOKS_TEXT: CommandText = {
  usage: "Usage: webhooks:status\n       webhooks:replay --since YYYY-MM-DD [--endpoint URL]\n       webhooks:enable <url>",
  help: [
    "webhooks:status   each endpoint: configured or not, enabled or disabled, pending / sent / failed, oldest waiting, last error",
    "webhooks:replay   sends again every delivered or failed event of the leads received since that day (UTC), same id and payload (--endpoint: to that one only)",
    "webhooks:enable   lets the deliveries to an endpoint that answered 410 Gone go on",
    "A running server delivers what was queued at its next round. Exit code 1 when the endpoint to enable was not disabled.",
  ].join("\n"),
};

type Request = { command: "status" } | { command: "replay"; since: Date; endpoint?: string } | { command: "enable"; url: string };

function parseWebhooksArgs(args: string[]): Request {
  const [command, rest] = subcommand(args, ["status", "replay", "enable"] as const);
  if (command === "status") {
    readArgs(rest, {});
    return { command };
  }
  if (command === "enable") return { command, url: readArgs(rest, {}, [1, 1]).positionals[0] };
  const { since, endpoint } = readArgs(rest, { since: { type: "string" }, endpoint: { type: "string" } }).values;
  const day = since !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(since) ? new Date(`${since}T00:00:00Z`) : undefined;
  if (!day || Number.isNaN(day.getTime())) throw new UsageError(`--since must be a date, YYYY-MM-DD: "${since ?? ""}"`);
  return { command, since: day, endpoint };
}

export async function webhooksCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  err: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<number> {
  const parsed = readRequest(args, WEBHOOKS_TEXT, { out, err }, parseWebhooksArgs);
  if ("exit" in parsed) return parsed.exit;
  const { request } = parsed;
  const config = loadConfig(env);
  const store = createStore(config);
  try {
    await store.ready?.();
    if (request.command === "status") {
      const statuses = await store.webhookStatus();
      const urls = [...new Set([...config.webhookEndpoints.map((e) => e.url), ...statuses.map((s) => s.url)])];
      if (urls.length === 0) out("No webhook endpoint is configured (WEBHOOK_URL and WEBHOOK_SECRET, or WEBHOOK_ENDPOINTS_FILE), and none has deliveries.");
      for (const url of urls) {
        const status = statuses.find((s) => s.url === url);
        const configured = config.webhookEndpoints.some((e) => e.url === url) ? "configured" : "NOT configured any more";
        const state = status?.disabledAt ? `DISABLED since ${status.disabledAt.toISOString()} (it answered 410 Gone; npm run webhooks:enable -- ${url})` : "enabled";
        out(`${url}  ${configured}, ${state}`);
        out(
          `  pending ${status?.pending ?? 0}, sent ${status?.sent ?? 0}, failed ${status?.failed ?? 0}` +
            (status?.oldestPendingSince ? `, oldest waiting since ${status.oldestPendingSince.toISOString()}` : "") +
            (status?.lastError ? `; last error: ${status.lastError}` : ""),
        );
      }
      return 0;
    }
    if (request.command === "enable") {
      const { url } = request;
      const enabled = await store.enableEndpoint(url);
      out(enabled ? `Deliveries to ${url} go on: its waiting events are sent at the next round` : `${url} was not disabled`);
      return enabled ? 0 : 1;
    }
    const { since, endpoint } = request;
    const count = await store.replayWebhooks(since, new Date(), endpoint);
    out(`${count} webhook delivery(ies) queued again${endpoint ? ` to ${endpoint}` : ""}, for the leads received since ${since.toISOString().slice(0, 10)}`);
    return 0;
  } finally {
    await store.close();
  }
}

if (require.main === module) runCommand(webhooksCli);
