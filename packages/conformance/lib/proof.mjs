/**
 * The proof of work the contract's form calls carry (contract 1.3.0, "Spam
 * defence"): a challenge from the challenge call (ALTCHA v2, SHA-256), solved
 * with altcha-lib (node:crypto's hash), sent back in the `Altcha` header
 * (`base64(JSON({ challenge, solution: { counter, derivedKey } }))`) of one
 * submission, no earlier than the challenge's `data.sendAfter`.
 *
 * The wait is counted on this machine's clock from when the challenge
 * arrived, for the server's `sendAfter - issuedAt`: the two clocks may
 * differ. A pool keeps a few challenges on their way, so the submissions of
 * a run wait for their challenges side by side, not one after the other.
 *
 * The search is altcha-lib's `solveChallenge`, as in the typed client
 * (packages/forms-api-client/src/proof.ts) and the site's worker
 * (src/forms/spam/solve.worker.ts). The rest stays here: this package runs as
 * plain JavaScript without a build, tests any server without the typed client
 * (a fault of the client's must not hide one of the server's), and reports
 * what is wrong with a challenge instead of only refusing it.
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/** What is wrong with a challenge for solving it ([] when nothing): the fields the solver and the wait need. */
export function challengeProblems(challenge) {
  if (!isObject(challenge) || !isObject(challenge.parameters)) return ["not an object with parameters"];
  const p = challenge.parameters;
  const problems = [];
  if (typeof challenge.signature !== "string") problems.push("no signature");
  if (!["SHA-256", "SHA-384", "SHA-512"].includes(p.algorithm)) problems.push(`algorithm ${JSON.stringify(p.algorithm)} is not SHA-256`);
  for (const name of ["nonce", "salt", "keyPrefix"]) if (typeof p[name] !== "string" || !/^(?:[0-9a-f]{2})+$/i.test(p[name])) problems.push(`${name} is not hex`);
  for (const name of ["cost", "keyLength"]) if (!Number.isInteger(p[name]) || p[name] < 1) problems.push(`${name} is not a positive integer`);
  const issuedAt = p.data?.issuedAt;
  const sendAfter = p.data?.sendAfter;
  if (!Number.isFinite(issuedAt) || !Number.isFinite(sendAfter)) problems.push("data.issuedAt and data.sendAfter are not both numbers");
  else if (sendAfter < issuedAt) problems.push(`data.sendAfter (${sendAfter}) is before data.issuedAt (${issuedAt})`);
  if (Number.isFinite(p.expiresAt) && Number.isFinite(sendAfter) && p.expiresAt * 1000 <= sendAfter) {
    problems.push(`it expires (expiresAt ${p.expiresAt} s) no later than it may be sent (data.sendAfter ${sendAfter} ms)`);
  }
  return problems;
}

/** The `Altcha` header's value for a challenge, exactly as received, and its solution. */
export function proofHeader(challenge, solution) {
  return Buffer.from(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }), "utf8").toString("base64");
}

/**
 * Solves a challenge received at `receivedAt` (this machine's clock): resolves
 * with { header, sendAfter, expiresAt } (this machine's clock, ms), or rejects
 * when it is not a challenge or no solution is found within timeoutMs.
 */
export async function solve(challenge, receivedAt, timeoutMs) {
  const problems = challengeProblems(challenge);
  if (problems.length > 0) throw new Error(`the challenge cannot be solved: ${problems.join("; ")}`);
  const started = Date.now();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: timeoutMs });
  if (!solution) throw new Error(`no solution of the challenge found within ${timeoutMs} ms (keyPrefix ${challenge.parameters.keyPrefix})`);
  const { issuedAt, sendAfter } = challenge.parameters.data;
  const lifetime = Number.isFinite(challenge.parameters.expiresAt) ? challenge.parameters.expiresAt * 1000 - issuedAt : Infinity;
  return { header: proofHeader(challenge, solution), sendAfter: receivedAt + (sendAfter - issuedAt), expiresAt: receivedAt + lifetime, solveMs: Date.now() - started };
}

/**
 * Resolves once Date.now() has reached `time`. Timers count on a clock of
 * their own, which can drift from Date.now(): the clock is read again each
 * time one fires.
 */
async function waitUntil(time) {
  for (let ms = time - Date.now(); ms > 0; ms = time - Date.now()) await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A pool of proofs: `fetchChallenge()` resolves with { challenge, receivedAt }
 * (it throws when the call fails); `next()` resolves with the `Altcha` header
 * of a fresh proof once it may be sent. `size` challenges are kept on their
 * way, each taken once; one that expired meanwhile is dropped.
 */
export function makeProofPool({ fetchChallenge, size, solveTimeoutMs }) {
  const queue = [];
  const stats = { challenges: 0, solveMs: 0 };
  const start = () => {
    const promise = (async () => {
      const { challenge, receivedAt } = await fetchChallenge();
      stats.challenges += 1;
      const proof = await solve(challenge, receivedAt, solveTimeoutMs);
      stats.solveMs += proof.solveMs;
      return proof;
    })();
    promise.catch(() => undefined); // taken (and its error thrown) by next()
    queue.push(promise);
  };
  const next = async () => {
    // A proof that expired while it waited in the pool is dropped; a server whose challenges expire before the
    // pool's turn comes round is reported, not waited for forever.
    for (let dropped = 0; ; dropped += 1) {
      while (queue.length < size) start();
      const proof = await queue.shift();
      start();
      if (proof.expiresAt <= Math.max(Date.now(), proof.sendAfter) + 1000) {
        if (dropped >= size) throw new Error(`${dropped + 1} challenges in a row expired before they could be sent`);
        continue;
      }
      await waitUntil(proof.sendAfter);
      return proof.header;
    }
  };
  return { next, stats };
}
