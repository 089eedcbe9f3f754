import fs from "fs";

/** The events a webhook endpoint may receive. */
export const WEBHOOK_EVENTS = ["lead.created"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** One receiver of the company's webhooks. */
export interface WebhookEndpoint {
  /** Where events are POSTed (https://, or http:// on a private network). Its identity: rows, status and 410 go by it. */
  url: string;
  /** The Standard Webhooks secret: `whsec_` and base64 of 24 to 64 random bytes. */
  secret: string;
  /**
   * During a rotation, the secrets the receiver may still verify with
   * (WEBHOOK_SECRET_PREVIOUS, or `previousSecrets` in the endpoints file):
   * each delivery then carries one signature per secret, the current one
   * first. Absent or empty: one signature.
   */
  previousSecrets?: string[];
  /** The events it receives. */
  events: WebhookEvent[];
}

const SECRET = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

function checkUrl(raw: unknown, where: string): string {
  if (typeof raw !== "string" || raw.trim() === "") throw new Error(`${where}: url is required`);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`${where}: url must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`${where}: url must be an http(s) URL, got "${raw}"`);
  if (url.username || url.password) throw new Error(`${where}: url must not carry credentials (the payload is signed with the secret)`);
  return url.toString();
}

function checkSecret(raw: unknown, where: string): string {
  if (typeof raw !== "string" || !SECRET.test(raw.trim())) {
    throw new Error(`${where}: secret must be a Standard Webhooks secret, "whsec_" and base64 (e.g. whsec_$(openssl rand -base64 32))`);
  }
  const bytes = Buffer.from(raw.trim().slice("whsec_".length), "base64").length;
  if (bytes < 24 || bytes > 64) throw new Error(`${where}: secret must hold 24 to 64 bytes (it holds ${bytes})`);
  return raw.trim();
}

/**
 * The previous secrets of an endpoint, each checked like its secret; the
 * current secret and repeats left out (signing twice with one secret adds
 * nothing).
 */
function checkPrevious(raw: readonly unknown[], current: string, where: string): string[] {
  const previous = raw.map((secret) => checkSecret(secret, where));
  return [...new Set(previous)].filter((secret) => secret !== current);
}

/** `previousSecrets` only when there are some: an endpoint without a rotation under way looks as it always did. */
function withPrevious(endpoint: WebhookEndpoint, previous: string[]): WebhookEndpoint {
  return previous.length > 0 ? { ...endpoint, previousSecrets: previous } : endpoint;
}

function checkEvents(raw: unknown, where: string): WebhookEvent[] {
  if (raw === undefined) return [...WEBHOOK_EVENTS];
  if (!Array.isArray(raw) || raw.length === 0 || raw.some((event) => !(WEBHOOK_EVENTS as readonly unknown[]).includes(event))) {
    throw new Error(`${where}: events must be a non-empty list of ${WEBHOOK_EVENTS.join(", ")}`);
  }
  return [...new Set(raw as WebhookEvent[])];
}

/**
 * The webhook endpoints of the environment: WEBHOOK_URL with WEBHOOK_SECRET
 * (one endpoint, every event) and, during a rotation, WEBHOOK_SECRET_PREVIOUS
 * (one secret or several, comma-separated); and/or WEBHOOK_ENDPOINTS_FILE, a
 * JSON list of `{ "url", "secret", "previousSecrets", "events" }`. None: no
 * webhooks. A malformed setting stops the start with a message that says
 * which.
 */
export function webhookEndpointsFrom(env: NodeJS.ProcessEnv): WebhookEndpoint[] {
  const endpoints: WebhookEndpoint[] = [];
  const url = env.WEBHOOK_URL?.trim();
  const secret = env.WEBHOOK_SECRET?.trim();
  const previous = (env.WEBHOOK_SECRET_PREVIOUS ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
  if (previous.length > 0 && !secret) throw new Error("WEBHOOK_SECRET_PREVIOUS is set without WEBHOOK_SECRET: it only adds signatures to those of the current secret");
  if (url || secret) {
    if (!url || !secret) throw new Error("WEBHOOK_URL and WEBHOOK_SECRET go together: set both, or neither");
    const current = checkSecret(secret, "WEBHOOK_SECRET");
    const endpoint = { url: checkUrl(url, "WEBHOOK_URL"), secret: current, events: [...WEBHOOK_EVENTS] };
    endpoints.push(withPrevious(endpoint, checkPrevious(previous, current, "WEBHOOK_SECRET_PREVIOUS")));
  }
  const file = env.WEBHOOK_ENDPOINTS_FILE?.trim();
  if (file) {
    let list: unknown;
    try {
      list = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (err) {
      throw new Error(`WEBHOOK_ENDPOINTS_FILE (${file}) cannot be read as JSON: ${(err as Error).message}`);
    }
    if (!Array.isArray(list)) throw new Error(`WEBHOOK_ENDPOINTS_FILE (${file}) must hold a JSON list of { "url", "secret", "previousSecrets", "events" }`);
    list.forEach((entry: unknown, index) => {
      const where = `WEBHOOK_ENDPOINTS_FILE entry ${index + 1}`;
      if (typeof entry !== "object" || entry === null) throw new Error(`${where}: must be an object { "url", "secret", "events" }`);
      const { url: entryUrl, secret: entrySecret, previousSecrets, events } = entry as Record<string, unknown>;
      const current = checkSecret(entrySecret, where);
      if (previousSecrets !== undefined && !Array.isArray(previousSecrets)) throw new Error(`${where}: previousSecrets must be a list of Standard Webhooks secrets`);
      const previousList: unknown[] = Array.isArray(previousSecrets) ? previousSecrets : [];
      const endpoint = { url: checkUrl(entryUrl, where), secret: current, events: checkEvents(events, where) };
      endpoints.push(withPrevious(endpoint, checkPrevious(previousList, current, `${where} previousSecrets`)));
    });
  }
  const seen = new Set<string>();
  for (const endpoint of endpoints) {
    if (seen.has(endpoint.url)) throw new Error(`The webhook endpoint ${endpoint.url} is configured twice`);
    seen.add(endpoint.url);
  }
  return endpoints;
}
