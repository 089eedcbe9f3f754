/**
 * The browser's proof of work for the forms (openapi.yaml, "Spam defence"):
 * a challenge fetched and solved in a Web Worker once the visitor starts on a
 * form, then spent on one send, in its `Altcha` header, no earlier than the
 * challenge's sendAfter on the visitor's clock.
 *
 * Nothing here may hold a visitor back: a challenge that cannot be fetched or
 * solved within SOLVE_TIMEOUT_MS (offline, an older server, a worker that
 * fails or is too slow) leaves the send without the header, which the server
 * keeps for review.
 *
 * Loaded with the API client (src/contract/client.ts), never on a page's first
 * load; the worker's own code is another chunk still (start-worker.ts).
 */
import type { Middleware } from "openapi-fetch";
import { EXPIRY_MARGIN_MS, isChallenge, isFresh, isSolution, proofHeader, sendDelay, type ProofSolution, type SubmissionChallenge, type TimedChallenge } from "./proof";

/** The calls whose POST carries the proof: every form of the contract. */
export const FORM_CALLS = "/api/v1/contact/";

/** The longest a challenge may take to arrive and be solved before a send goes without it. */
export const SOLVE_TIMEOUT_MS = 10_000;
/** The longest a send waits for its challenge's sendAfter (a server asking for more is not followed further). */
export const MAX_SEND_DELAY_MS = 10_000;
/** A challenge that could not be had is asked for again on a focus no sooner than this. */
export const RETRY_AFTER_MS = 30_000;

/** What the proof of work takes from its surroundings (the browser's, or a test's). */
export interface ProofDependencies {
  /** A monotonic clock, in ms. */
  now: () => number;
  /** Resolves after `ms` (at once, and clears its timer, when `signal` aborts). */
  wait: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The body of `GET /api/v1/contact/challenge` (throws on a failure). */
  fetchChallenge: (signal: AbortSignal) => Promise<unknown>;
  /** Solves the challenge; undefined when it cannot (or when `signal` aborts). */
  solve: (challenge: SubmissionChallenge, signal: AbortSignal) => Promise<ProofSolution | undefined>;
}

export interface ProofTimings {
  solveTimeoutMs: number;
  maxSendDelayMs: number;
  expiryMarginMs: number;
  retryAfterMs: number;
}

const DEFAULT_TIMINGS: ProofTimings = {
  solveTimeoutMs: SOLVE_TIMEOUT_MS,
  maxSendDelayMs: MAX_SEND_DELAY_MS,
  expiryMarginMs: EXPIRY_MARGIN_MS,
  retryAfterMs: RETRY_AFTER_MS,
};

interface Solved {
  timed: TimedChallenge;
  solution: ProofSolution;
}

/** One challenge, from its request to its solution. */
interface Attempt {
  /** Resolves (never rejects) to the solved challenge, or undefined. */
  done: Promise<Solved | undefined>;
  settled: boolean;
  settledAt: number;
  /** It had no solution within solveTimeoutMs. */
  timedOut: boolean;
  solved?: Solved;
}

/**
 * The challenges of one page: at most one prepared ahead, each spent on one
 * send (`take`), the next prepared once a send is over.
 */
export class ProofOfWork {
  private pending: Attempt | undefined;
  private readonly timings: ProofTimings;

  constructor(
    private readonly deps: ProofDependencies,
    timings: Partial<ProofTimings> = {},
  ) {
    this.timings = { ...DEFAULT_TIMINGS, ...timings };
  }

  /**
   * Starts fetching and solving a challenge unless one is on its way or
   * solved and fresh (a form's focus calls this at each focus). A challenge
   * that could not be had is asked for again after retryAfterMs.
   */
  prepare(): void {
    const attempt = this.pending;
    if (attempt && !attempt.settled) return;
    const now = this.deps.now();
    if (attempt?.solved && isFresh(attempt.solved.timed, now, this.timings.expiryMarginMs)) return;
    if (attempt && !attempt.solved && now - attempt.settledAt < this.timings.retryAfterMs) return;
    this.pending = this.start();
  }

  /**
   * The `Altcha` header of one send, or undefined to send without it. Takes
   * the prepared challenge (waiting for its solution), or fetches and solves
   * one now when there is none, or it expires within expiryMarginMs, or it
   * failed early (not for lack of time); then waits until its sendAfter.
   * A challenge is never given twice.
   */
  async take(): Promise<string | undefined> {
    try {
      const attempt = this.pending;
      this.pending = undefined;
      let solved = attempt ? await attempt.done : undefined;
      // No solution within the time allowed: the visitor has waited enough.
      if (attempt?.timedOut) return undefined;
      if (!solved || !isFresh(solved.timed, this.deps.now(), this.timings.expiryMarginMs)) {
        solved = await this.start().done;
        if (!solved || !isFresh(solved.timed, this.deps.now(), 0)) return undefined;
      }
      const delay = Math.min(sendDelay(solved.timed, this.deps.now()), this.timings.maxSendDelayMs);
      if (delay > 0) await this.deps.wait(delay);
      return proofHeader(solved.timed.challenge, solved.solution);
    } catch {
      return undefined;
    }
  }

  private start(): Attempt {
    const { deps } = this;
    const work = new AbortController();
    const timer = new AbortController();
    const attempt: Attempt = { done: Promise.resolve(undefined), settled: false, settledAt: 0, timedOut: false };
    const solving = (async (): Promise<Solved | undefined> => {
      const challenge = await deps.fetchChallenge(work.signal);
      if (!isChallenge(challenge)) return undefined;
      const timed = { challenge, receivedAt: deps.now() };
      const solution = await deps.solve(challenge, work.signal);
      return isSolution(solution) ? { timed, solution } : undefined;
    })().catch(() => undefined);
    const timeout = deps.wait(this.timings.solveTimeoutMs, timer.signal).then(() => "timeout" as const);
    attempt.done = Promise.race([solving, timeout]).then((result) => {
      attempt.settled = true;
      attempt.settledAt = deps.now();
      if (result === "timeout") {
        attempt.timedOut = true;
        work.abort();
        return undefined;
      }
      timer.abort();
      attempt.solved = result;
      return result;
    });
    return attempt;
  }
}

/** A timer that resolves after `ms`, or at once when `signal` aborts. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done);
  });
}

/**
 * Solves a challenge in a Web Worker of the site's own bundle
 * (solve.worker.ts), ended once it answers, fails or `signal` aborts.
 */
export async function solveInWorker(challenge: SubmissionChallenge, signal: AbortSignal, timeoutMs: number = SOLVE_TIMEOUT_MS): Promise<ProofSolution | undefined> {
  const { startSolver } = await import(/* webpackChunkName: "spam-proof" */ "./start-worker");
  if (signal.aborted) return undefined;
  const worker = startSolver();
  return new Promise((resolve) => {
    const finish = (solution: ProofSolution | undefined) => {
      worker.terminate();
      signal.removeEventListener("abort", abort);
      resolve(solution);
    };
    const abort = () => finish(undefined);
    signal.addEventListener("abort", abort);
    worker.onmessage = (event: MessageEvent<unknown>) => finish(isSolution(event.data) ? event.data : undefined);
    worker.onerror = () => finish(undefined);
    worker.onmessageerror = () => finish(undefined);
    worker.postMessage({ challenge, timeoutMs });
  });
}

/** The proof of work of the site's forms: the browser's clock and timers, a worker to solve. */
export function browserProofOfWork(fetchChallenge: ProofDependencies["fetchChallenge"]): ProofOfWork {
  return new ProofOfWork({
    now: () => performance.now(),
    wait,
    fetchChallenge,
    solve: (challenge, signal) => solveInWorker(challenge, signal),
  });
}

function isFormPost(request: Request): boolean {
  return request.method === "POST" && new URL(request.url).pathname.startsWith(FORM_CALLS);
}

/**
 * The API client's middleware: every POST to a form call carries a proof (or
 * goes without one, see `take`), and once it is answered or fails the next
 * challenge is prepared.
 */
export function proofMiddleware(proof: ProofOfWork): Middleware {
  return {
    async onRequest({ request }) {
      if (!isFormPost(request)) return undefined;
      const header = await proof.take();
      if (header) request.headers.set("Altcha", header);
      return request;
    },
    onResponse({ request }) {
      if (isFormPost(request)) proof.prepare();
      return undefined;
    },
    onError({ request }) {
      if (isFormPost(request)) proof.prepare();
      return undefined;
    },
  };
}
