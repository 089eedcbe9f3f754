/**
 * The rules of the forms' outbox, with no browser part: what is kept for a
 * form sent without a network, what an answer to its replay means, and when
 * it may be tried again. Shared by the page and the service worker (compiled
 * under both the DOM and the WebWorker libraries), and by the unit tests.
 */

/** The IndexedDB database of the outbox, and its one object store. */
export const OUTBOX_DB = "site-outbox";
export const OUTBOX_STORE = "items";
/** The Background Sync tag, and the Web Lock held while items are sent. */
export const OUTBOX_TAG = "site-outbox";
/** Messages between the pages and the service worker. */
export { CHANGED_MESSAGE, REPLAY_MESSAGE } from "./messages";

/** A form send kept on the device until the server has it. */
export interface OutboxItem {
  /** The submission's Idempotency-Key, fixed at its first try (and the record's key). */
  id: string;
  /** The form (its key in src/shared/forms/registry.ts: the last part of its path). */
  form: string;
  /** The call, e.g. /api/v1/contact/contact_us. */
  path: string;
  /** Content-Type of `body`, with the multipart boundary. */
  contentType: string;
  /** The exact request body, files included (bytes: Blobs in IndexedDB fail on iOS Safari). Emptied once refused. */
  body: ArrayBuffer;
  /** What the visitor typed, readable, for the list of refused sends. */
  text: string;
  /** When it was kept (ms since 1970). */
  created: number;
  /** Sends tried so far. */
  attempts: number;
  /** Not tried again before this time (ms since 1970): Retry-After or the back-off. */
  notBefore: number;
  /** "waiting" to be sent, or "refused" by the server (shown to the visitor until dismissed). */
  state: "waiting" | "refused";
  /** How the last try ended: "network" (no answer) or the answer's status. */
  last?: "network" | number;
  /** The server's message when it refused the content. */
  message?: string;
}

export type Verdict = "sent" | "retry" | "refused";

/** Answers that say the content itself is wrong: sending it again changes nothing. */
const REFUSED = new Set([400, 413, 415, 422]);

/**
 * What an answer to a replay means: 201 the server has it (a replay of a
 * known key answers the first 201 again); 400, 413, 415 or 422 it will
 * never take this body; anything else (408, 409, 429, 503, other 5xx, a
 * captive portal's 200 page, a redirect) is tried again later.
 */
export function classify(status: number): Verdict {
  if (status === 201) return "sent";
  if (REFUSED.has(status)) return "refused";
  return "retry";
}

/** The longest any wait is honoured (a day). */
export const MAX_WAIT_MS = 24 * 60 * 60 * 1000;

/** A Retry-After header (delay-seconds or an HTTP-date) as a wait from `now` in ms; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const value = header.trim();
  if (value === "") return undefined;
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1000, MAX_WAIT_MS);
  // An HTTP-date names its day and month ("Wed, 21 Oct 2015 07:28:00 GMT"); a bare number is no date.
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.min(Math.max(0, date - now), MAX_WAIT_MS);
}

/** The wait after a failed try with no Retry-After: 30 s, doubled at each try, at most an hour (a lost network: 5 s doubled, at most 5 min). */
export function backoffMs(attempts: number, network: boolean): number {
  const first = network ? 5_000 : 30_000;
  const cap = network ? 5 * 60_000 : 60 * 60_000;
  return Math.min(cap, first * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

/**
 * Whether an item is due at `now`: a waiting item whose wait is over, or,
 * when the network has just come back (`networkBack`), one whose last try
 * found no network (a Retry-After from the server is always honoured).
 */
export function isDue(item: OutboxItem, now: number, networkBack = false): boolean {
  if (item.state !== "waiting") return false;
  return item.notBefore <= now || (networkBack && item.last === "network");
}

/** The item after a try that ended with `verdict` (status undefined: no answer). */
export function afterTry(item: OutboxItem, now: number, status: number | undefined, retryAfter?: string | null, message?: string): OutboxItem | undefined {
  if (status !== undefined && classify(status) === "sent") return undefined;
  const attempts = item.attempts + 1;
  if (status !== undefined && classify(status) === "refused") {
    return { ...item, attempts, state: "refused", last: status, body: new ArrayBuffer(0), message, notBefore: now };
  }
  const wait = retryAfterMs(retryAfter, now) ?? backoffMs(attempts, status === undefined);
  return { ...item, attempts, last: status ?? "network", notBefore: now + wait };
}

/** When the next waiting item falls due, or undefined when none waits. */
export function nextDue(items: readonly OutboxItem[]): number | undefined {
  const times = items.filter((item) => item.state === "waiting").map((item) => item.notBefore);
  return times.length > 0 ? Math.min(...times) : undefined;
}

/** The fields of a body that are none of what the visitor typed. */
const NOT_TYPED = new Set(["mailType", "attribution"]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function readable(value: unknown): string {
  if (Array.isArray(value)) return value.some(isObject) ? value.map((entry) => `\n  - ${readable(entry)}`).join("") : value.map(readable).join(", ");
  // A file: its name.
  if (isObject(value) && typeof value.name === "string" && typeof value.size === "number") return value.name;
  if (isObject(value)) return readableObject(value);
  return String(value);
}

function readableObject(value: Record<string, unknown>): string {
  return Object.entries(value)
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => `${k}: ${readable(v)}`)
    .join(", ");
}

/**
 * What the visitor typed, one "Label: value" line per field filled (files by
 * name, lists one entry a line), in the form's order: what the list of
 * refused sends shows and copies. `labels` are the form's field labels by
 * name; the spam trap and fields no visitor types are left out.
 */
export function readableCopy(body: Record<string, unknown>, labels: Record<string, string> = {}, skip: readonly string[] = []): string {
  return Object.entries(body)
    .filter(([name, value]) => !NOT_TYPED.has(name) && !skip.includes(name) && value !== undefined && value !== null && value !== "" && value !== false)
    .map(([name, value]) => `${labels[name] ?? name}: ${readable(value)}`)
    .join("\n");
}

/** The form of a call: the last part of its path. */
export function formOf(path: string): string {
  return path.split("/").filter(Boolean).pop() ?? path;
}
