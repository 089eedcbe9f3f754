/**
 * A worker thread of the spam benchmark (scripts/bench/spam.mjs): solves the
 * proof-of-work challenges of `GET /api/v1/contact/challenge` as a bot would,
 * with altcha-lib and node:crypto's SHA-256, one at a time.
 *
 * Message in: { id, challenge }. Message out: { id, solution: { counter,
 * derivedKey } } or { id, error }.
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { parentPort } from "worker_threads";

parentPort.on("message", async ({ id, challenge }) => {
  try {
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
    if (!solution) parentPort.postMessage({ id, error: "no solution within 60 s" });
    else parentPort.postMessage({ id, solution: { counter: solution.counter, derivedKey: solution.derivedKey } });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err?.message ?? err) });
  }
});
