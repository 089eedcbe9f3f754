/**
 * The Web Worker that solves a proof-of-work challenge (ALTCHA v2, SHA-256
 * through crypto.subtle): it tries each counter in turn until the derived key
 * starts with the challenge's keyPrefix, off the page's main thread.
 *
 * Message in: { challenge, timeoutMs }. Message out: { counter, derivedKey },
 * or { error } when it cannot (then the form sends without a proof).
 *
 * Only the solver and the browser's key derivation are imported: not
 * altcha-lib/workers/sha, which is Node's (node:crypto).
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";
import type { SubmissionChallenge } from "./proof";

interface SolveRequest {
  challenge: SubmissionChallenge;
  timeoutMs: number;
}

/** The worker's global scope, as much of it as is used (the project's types are the page's: lib DOM). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SolveRequest>) => void) | null;
  postMessage: (message: unknown) => void;
};

scope.onmessage = (event) => {
  const { challenge, timeoutMs } = event.data;
  solveChallenge({ challenge, deriveKey, timeout: timeoutMs })
    .then((solution) => scope.postMessage(solution ? { counter: solution.counter, derivedKey: solution.derivedKey } : { error: "no solution in time" }))
    .catch((error: unknown) => scope.postMessage({ error: String(error) }));
};
