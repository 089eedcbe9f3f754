/**
 * The proof of work every form submission carries (contract 1.3.0, "Spam
 * defence"): a challenge from `GET /api/v1/contact/challenge` (ALTCHA v2,
 * SHA-256, signed by the server), solved here with altcha-lib, sent back in
 * the `Altcha` header of one POST, no earlier than the challenge's
 * `data.sendAfter`. A submission without a valid proof is still answered 201,
 * but held back from the company's inbox: this is what keeps it out of that
 * queue.
 *
 * The server's clock may differ from this machine's: the wait is counted on
 * this machine's clock, from when the challenge arrived, for as long as the
 * server's `sendAfter - issuedAt`.
 *
 * The search is altcha-lib's `solveChallenge`, the same solver the site's
 * worker (src/forms/spam/solve.worker.ts) and the conformance suite
 * (packages/conformance/lib/proof.mjs) run. What lies around it here (the
 * check of the answer, the header, the wait) is this package's public API,
 * compiled into its own dist/ and published on its own. The site does not
 * import it (its worker is bundled by the site's webpack and counts on the
 * visitor's monotonic clock, not on Date.now()), nor does the conformance
 * suite (plain JavaScript run without a build, testing servers independently
 * of this client).
 */
import { solveChallenge as solveAltcha } from "altcha-lib";
import type { Middleware } from "openapi-fetch";
// node:crypto in Node.js, Web Crypto elsewhere (package.json "imports").
import { deriveKey } from "#derive-key";
import type { components, paths } from "./schema.js";

/** A challenge as `GET /api/v1/contact/challenge` answers it. */
export type SubmissionChallenge = components["schemas"]["SubmissionChallenge"];

/** The call that issues challenges (a path of the contract). */
export const CHALLENGE_PATH = "/api/v1/contact/challenge" satisfies keyof paths;

type FormHeaders = NonNullable<NonNullable<paths["/api/v1/contact/contact_us"]["post"]>["parameters"]["header"]>;

/** The request header that carries the proof (a header parameter of every form call in the contract). */
export const PROOF_HEADER = "Altcha" satisfies keyof FormHeaders;

/** A solved challenge, ready to send. */
export interface Proof {
  /** The value of the `Altcha` header: `base64(JSON.stringify({ challenge, solution: { counter, derivedKey } }))`. */
  header: string;
  /**
   * The earliest time to send the submission, on this machine's clock (ms
   * since 1970, like `Date.now()`): when the challenge arrived plus the
   * server's `data.sendAfter - data.issuedAt`. Sent earlier, it is held back.
   */
  sendAfter: number;
  /** When the challenge expires, on this machine's clock (ms since 1970). */
  expiresAt: number;
}

export interface SolveOptions {
  /** When the challenge arrived, on this machine's clock (`Date.now()` then): the wait is counted from it. Now, by default. */
  receivedAt?: number;
  /** Stops the search (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
  /** Give up (reject) after this many ms of searching: 90,000 by default. */
  timeoutMs?: number;
}

/** A challenge could not be had or solved: `response` is the server's answer when it was one. */
export class ProofOfWorkError extends Error {
  readonly response?: Response;
  constructor(message: string, response?: Response) {
    super(message);
    this.name = "ProofOfWorkError";
    this.response = response;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether a parsed answer has the shape of a challenge (what the solver needs of it). */
function isChallenge(value: unknown): value is SubmissionChallenge {
  if (!isObject(value) || !isObject(value.parameters) || typeof value.signature !== "string") return false;
  const p = value.parameters;
  return (
    typeof p.algorithm === "string" &&
    typeof p.nonce === "string" &&
    typeof p.salt === "string" &&
    typeof p.keyPrefix === "string" &&
    Number.isInteger(p.cost) &&
    Number.isInteger(p.keyLength) &&
    (p.data === undefined || isObject(p.data))
  );
}

/** base64 of the UTF-8 bytes of a text (btoa alone takes Latin-1 only). */
function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException("This operation was aborted", "AbortError");

/**
 * Resolves at `time` on this machine's clock (`Date.now()`; at once if it has
 * passed); rejects when the signal aborts. Timers count on a clock of their
 * own, which can drift from `Date.now()` (a clock set by NTP meanwhile, timer
 * clamping): the clock is read again when the timer fires, and the wait goes
 * on until it says so.
 */
export function waitUntil(time: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const tick = () => {
      const ms = time - Date.now();
      if (ms > 0) {
        timer = setTimeout(tick, ms);
        return;
      }
      signal?.removeEventListener("abort", onAbort);
      resolve();
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    tick();
  });
}

/**
 * Solves a challenge (ALTCHA v2, SHA-256): finds the counter whose derived key
 * starts with `keyPrefix`. Resolves with the `Altcha` header's value and the
 * time from which it may be sent; it does not wait for that time (see
 * `waitUntil`). Pass the challenge exactly as it was received, and
 * `receivedAt` when it did not arrive just now. Rejects with a
 * ProofOfWorkError when the challenge is not one or no solution was found in
 * `timeoutMs`.
 */
export async function solveChallenge(challenge: SubmissionChallenge, options: SolveOptions = {}): Promise<Proof> {
  const receivedAt = options.receivedAt ?? Date.now();
  if (!isChallenge(challenge)) throw new ProofOfWorkError("not a challenge: expected { parameters: { algorithm, nonce, salt, cost, keyLength, keyPrefix, ... }, signature }");
  const { signal } = options;
  if (signal?.aborted) throw abortReason(signal);
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal?.addEventListener("abort", stop, { once: true });
  let solution;
  try {
    solution = await solveAltcha({ challenge, deriveKey, controller, timeout: options.timeoutMs ?? 90_000 });
  } catch (err) {
    throw new ProofOfWorkError(`the challenge could not be solved: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    signal?.removeEventListener("abort", stop);
  }
  if (signal?.aborted) throw abortReason(signal);
  if (!solution) throw new ProofOfWorkError(`no solution of the challenge found within ${options.timeoutMs ?? 90_000} ms`);
  const { issuedAt, sendAfter } = challenge.parameters.data ?? {};
  const wait = Number.isFinite(sendAfter) && Number.isFinite(issuedAt) ? Math.max(0, sendAfter - issuedAt) : 0;
  const lifetime = Number.isFinite(issuedAt) && Number.isFinite(challenge.parameters.expiresAt) ? challenge.parameters.expiresAt * 1000 - issuedAt : Infinity;
  return {
    header: base64(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } })),
    sendAfter: receivedAt + wait,
    expiresAt: receivedAt + lifetime,
  };
}

export interface FetchProofOptions {
  /** The fetch to call the API with (a proxy, a timeout...): the global fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with the challenge call (e.g. User-Agent). */
  headers?: HeadersInit;
  /** Stops the call, the search and the wait (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
  /** Resolve only once the proof may be sent (its `sendAfter`): true by default. */
  wait?: boolean;
  /** Give up after this many ms of searching: 90,000 by default. */
  timeoutMs?: number;
}

type ChallengeAnswer = { challenge: SubmissionChallenge; receivedAt: number } | { absent: Response } | { failed: Response };

/** GET the challenge call: the challenge, or the server's answer when it is not one (404: no such call). */
async function requestChallenge(
  baseUrl: string,
  fetchWith: (request: Request) => Promise<Response>,
  headers: HeadersInit | undefined,
  signal: AbortSignal | undefined,
): Promise<ChallengeAnswer> {
  const sent = new Headers(headers);
  sent.set("Accept", "application/json");
  const response = await fetchWith(new Request(`${baseUrl.replace(/\/+$/, "")}${CHALLENGE_PATH}`, { method: "GET", headers: sent, signal }));
  const receivedAt = Date.now();
  if (response.status === 404) {
    await response.body?.cancel().catch(() => undefined);
    return { absent: response };
  }
  if (!response.ok) return { failed: response };
  let challenge: unknown;
  try {
    challenge = await response.json();
  } catch {
    challenge = undefined;
  }
  if (!isChallenge(challenge)) throw new ProofOfWorkError(`${CHALLENGE_PATH} answered ${response.status} without a challenge in its body`, response);
  return { challenge, receivedAt };
}

/**
 * A proof for one submission to the API at `baseUrl` (the site's origin): a
 * fresh challenge fetched from it, solved, and (unless `wait: false`) waited
 * for until it may be sent. Put `proof.header` in the `Altcha` header of one
 * POST; get a new proof for each submission (a retry with the same
 * Idempotency-Key may take a new one). Resolves with undefined when the
 * server has no challenge call (404: a server older than contract 1.3.0):
 * then send without the header. Rejects with a ProofOfWorkError (its
 * `response` the server's answer) when the call fails otherwise.
 */
export async function fetchProof(baseUrl: string, options: FetchProofOptions = {}): Promise<Proof | undefined> {
  const { signal } = options;
  const answer = await requestChallenge(baseUrl, options.fetch ?? ((request) => fetch(request)), options.headers, signal);
  if ("absent" in answer) return undefined;
  if ("failed" in answer) throw new ProofOfWorkError(`${CHALLENGE_PATH} answered ${answer.failed.status}`, answer.failed);
  const proof = await solveChallenge(answer.challenge, { receivedAt: answer.receivedAt, signal, timeoutMs: options.timeoutMs });
  if (options.wait !== false) await waitUntil(proof.sendAfter, signal);
  return proof;
}

/** Headers of a submission not to send with its challenge call: its body's, its key's, its proof's. */
const NOT_FOR_CHALLENGE = ["content-type", "content-length", "content-encoding", "transfer-encoding", "idempotency-key", PROOF_HEADER.toLowerCase()];

export interface ProofOfWorkMiddlewareOptions {
  /** Passed as fetch's second argument to the challenge call (openapi-fetch's `requestInitExt`: an undici dispatcher...). */
  requestInitExt?: Record<string, unknown>;
  /** Give up after this many ms of searching: 90,000 by default. */
  timeoutMs?: number;
}

/**
 * The openapi-fetch middleware that gives every POST its proof (what
 * `createFormsClient` installs; `client.use(proofOfWorkMiddleware())` on a
 * client of your own): before the request goes, it fetches a challenge from
 * the same baseUrl with the client's fetch (with the request's headers but
 * those of its body, Idempotency-Key and Altcha), solves it, waits until it
 * may be sent and sets the `Altcha` header. A request that already has an
 * `Altcha` header is left as it is. When the server has no challenge call
 * (404), the request goes without the header; when the call fails otherwise
 * (a 503...), its answer is the request's answer and the request is not sent
 * (nothing is stored: send it again as after any 503).
 */
export function proofOfWorkMiddleware(settings: ProofOfWorkMiddlewareOptions = {}): Middleware {
  return {
    async onRequest({ request, options }) {
      if (request.method.toUpperCase() !== "POST" || request.headers.has(PROOF_HEADER)) return undefined;
      const headers = new Headers();
      request.headers.forEach((value, name) => {
        if (!NOT_FOR_CHALLENGE.includes(name.toLowerCase())) headers.set(name, value);
      });
      const fetchWith = (challengeRequest: Request) => (settings.requestInitExt ? options.fetch(challengeRequest, settings.requestInitExt) : options.fetch(challengeRequest));
      const answer = await requestChallenge(options.baseUrl, fetchWith, headers, request.signal);
      if ("absent" in answer) return undefined;
      if ("failed" in answer) return answer.failed;
      const proof = await solveChallenge(answer.challenge, { receivedAt: answer.receivedAt, signal: request.signal, timeoutMs: settings.timeoutMs });
      await waitUntil(proof.sendAfter, request.signal);
      request.headers.set(PROOF_HEADER, proof.header);
      return request;
    },
  };
}
