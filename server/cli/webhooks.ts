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
import { runCommand } from "./run";

const USAGE = "Usage: webhooks status | webhooks replay --since YYYY-MM-DD [--endpoint URL] | webhooks enable <url>";

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

export async function webhooksCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  const [command, ...rest] = args;
  if (command === "replay") {
    const since = option(rest, "--since");
    const known = new Set(["--since", "--endpoint"]);
    const flags = rest.filter((_arg, index) => index % 2 === 0);
    if (!since || !/^\d{4}-\d{2}-\d{2}$/.test(since) || Number.isNaN(Date.parse(`${since}T00:00:00Z`)) || rest.length % 2 !== 0 || flags.some((flag) => !known.has(flag))) {
      out(USAGE);
      return 2;
    }
  } else if (!(command === "status" && rest.length === 0) && !(command === "enable" && rest.length === 1)) {
    out(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  const store = createStore(config);
  try {
    await store.ready?.();
    if (command === "status") {
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
    if (command === "enable") {
      const [url] = rest;
      const enabled = await store.enableEndpoint(url);
      out(enabled ? `Deliveries to ${url} go on: its waiting events are sent at the next round` : `${url} was not disabled`);
      return enabled ? 0 : 1;
    }
    const since = new Date(`${option(rest, "--since")}T00:00:00Z`);
    const endpoint = option(rest, "--endpoint");
    const count = await store.replayWebhooks(since, new Date(), endpoint);
    out(`${count} webhook delivery(ies) queued again${endpoint ? ` to ${endpoint}` : ""}, for the leads received since ${since.toISOString().slice(0, 10)}`);
    return 0;
  } finally {
    await store.close();
  }
}

if (require.main === module) runCommand(webhooksCli);
