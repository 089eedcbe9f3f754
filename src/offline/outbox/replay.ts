/**
 * Sends what the outbox holds, one item at a time, oldest first: each with a
 * fresh proof of work in its `Altcha` header (solved in this thread: a
 * service worker cannot start a Web Worker) sent no earlier than its
 * challenge's sendAfter, under the Idempotency-Key it was kept with. Shared by
 * the service worker (which does the sending where it can) and the page.
 *
 * One replay at a time: within a context a replay asked for while one runs
 * runs once more after it; across the pages and the worker, the Web Lock
 * "site-outbox" (where the browser has Web Locks) lets only one send.
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";
import { isChallenge, isSolution, proofHeader, sendDelay } from "../../forms/spam/proof";
import { afterTry, classify, isDue, OUTBOX_TAG, type OutboxItem } from "./policy";
import { allItems, updateItem } from "./store";

const CHALLENGE_PATH = "/api/v1/contact/challenge";
/** The longest a challenge may take to solve in the worker's own thread. */
const SOLVE_TIMEOUT_MS = 60_000;
/** The longest a send waits for its challenge's sendAfter. */
const MAX_SEND_DELAY_MS = 60_000;

/** How one try ended: no answer (status undefined), or the answer. */
interface Outcome {
  status?: number;
  retryAfter?: string | null;
  message?: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A solved challenge as the `Altcha` header, or an outcome that says why not. */
async function proof(): Promise<string | Outcome> {
  let response: Response;
  try {
    response = await fetch(CHALLENGE_PATH, { cache: "no-store", credentials: "same-origin" });
  } catch {
    return {};
  }
  // The challenge refused or unreadable is no fault of the item: it waits (503 stands for "try later").
  if (!response.ok) return { status: classify(response.status) === "retry" ? response.status : 503, retryAfter: response.headers.get("Retry-After") };
  const challenge: unknown = await response.json().catch(() => undefined);
  if (!isChallenge(challenge)) return { status: 503 };
  const receivedAt = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS }).catch(() => null);
  const found = solution ? { counter: solution.counter, derivedKey: solution.derivedKey } : undefined;
  if (!isSolution(found)) return { status: 503 };
  await sleep(Math.min(sendDelay({ challenge, receivedAt }, performance.now()), MAX_SEND_DELAY_MS));
  return proofHeader(challenge, found);
}

async function messageOf(response: Response): Promise<string | undefined> {
  const body: unknown = await response.json().catch(() => undefined);
  const message = typeof body === "object" && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === "string" ? message : undefined;
}

/** Sends one item (a proof first). */
export async function sendItem(item: OutboxItem): Promise<Outcome> {
  const header = await proof();
  if (typeof header !== "string") return header;
  let response: Response;
  try {
    response = await fetch(item.path, {
      method: "POST",
      body: item.body,
      headers: { "Content-Type": item.contentType, "Idempotency-Key": item.id, Altcha: header },
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    return {};
  }
  const refused = classify(response.status) === "refused";
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), message: refused ? await messageOf(response) : undefined };
}

/** Sends every due item in turn; stops at the first try that gets no answer (no network: the rest waits too). */
async function round(networkBack: boolean, changed: () => unknown): Promise<void> {
  const tried = new Set<string>();
  for (;;) {
    const now = Date.now();
    const item = (await allItems()).find((candidate) => !tried.has(candidate.id) && isDue(candidate, now, networkBack));
    if (!item) return;
    tried.add(item.id);
    const outcome = await sendItem(item);
    await updateItem(item.id, (current) => current && afterTry(current, Date.now(), outcome.status, outcome.retryAfter, outcome.message));
    await changed();
    if (outcome.status === undefined) return;
  }
}

async function locked(work: () => Promise<void>): Promise<void> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (!locks) return work();
  // Held elsewhere (another page, or the worker): that replay sends what is due.
  await locks.request(OUTBOX_TAG, { ifAvailable: true }, async (lock) => {
    if (lock) await work();
  });
}

let running: Promise<void> | undefined;
let again: boolean | undefined;

/**
 * Sends what is due (`networkBack`: the network has just come back, so items
 * that found none are due at once); `changed` is called after each item's
 * record changed. Resolves when this context's replay is over.
 */
export function replayOutbox(networkBack: boolean, changed: () => unknown): Promise<void> {
  if (running) {
    again = (again ?? false) || networkBack;
    return running;
  }
  running = (async () => {
    let back = networkBack;
    try {
      for (;;) {
        again = undefined;
        await locked(() => round(back, changed));
        if (again === undefined) return;
        back = again;
      }
    } finally {
      running = undefined;
      again = undefined;
    }
  })();
  return running;
}
