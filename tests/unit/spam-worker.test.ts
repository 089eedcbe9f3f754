/**
 * The Web Worker's solver (src/forms/spam/solve.worker.ts), run in Node
 * (crypto.subtle is Node's too) on challenges the server's own code issues
 * (server/spam/proof.ts), and its answer put in an `Altcha` header the
 * server's own check accepts.
 */
import { checkProof, issueChallenge, type ProofSettings } from "../../server/spam/proof";
import { proofHeader, type ProofSolution, type SubmissionChallenge } from "../../src/forms/spam/proof";

const SECRET = "a-test-secret-of-at-least-thirty-two-characters";
/** The server's settings, with little work: a test must be quick. */
const SETTINGS: ProofSettings = { minCounter: 100, maxCounter: 2_000, lifetimeMs: 3_600_000, minFillMs: 1_000 };

type Scope = { onmessage: ((event: { data: unknown }) => void) | null; postMessage: (message: unknown) => void };

/** Loads the worker's module with a stand-in for the worker's global scope; resolves to what it posts back for one message. */
async function runWorker(data: unknown): Promise<unknown> {
  let posted!: (message: unknown) => void;
  const answer = new Promise<unknown>((resolve) => (posted = resolve));
  const scope: Scope = { onmessage: null, postMessage: posted };
  const global = globalThis as unknown as { self?: Scope };
  const previous = global.self;
  global.self = scope;
  try {
    await jest.isolateModulesAsync(async () => {
      await import("../../src/forms/spam/solve.worker");
    });
  } finally {
    global.self = previous;
  }
  scope.onmessage!({ data });
  return answer;
}

describe("the worker that solves a challenge", () => {
  it("finds the counter of the server's challenge, and the server accepts the header made of it", async () => {
    const issued = new Date();
    const challenge = await issueChallenge(SECRET, SETTINGS, issued);
    const solution = (await runWorker({ challenge, timeoutMs: 10_000 })) as ProofSolution;
    expect(solution).toEqual({ counter: expect.any(Number), derivedKey: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(solution.counter).toBeGreaterThanOrEqual(SETTINGS.minCounter);
    expect(solution.counter).toBeLessThanOrEqual(SETTINGS.maxCounter);
    expect(solution.derivedKey.startsWith(challenge.parameters.keyPrefix)).toBe(true);

    const header = proofHeader(JSON.parse(JSON.stringify(challenge)) as SubmissionChallenge, solution);
    const sendAfter = new Date(challenge.parameters.data.sendAfter);
    expect(await checkProof(header, SECRET, sendAfter)).toEqual({ ok: true, challengeId: challenge.parameters.nonce, expiresAt: expect.any(Date) });
    expect(await checkProof(header, SECRET, new Date(sendAfter.getTime() - 1))).toEqual({ ok: false, reason: "sent_too_fast" });
    const last = solution.derivedKey.slice(-1);
    const forged = proofHeader(challenge, { ...solution, derivedKey: `${solution.derivedKey.slice(0, -1)}${last === "0" ? "1" : "0"}` });
    expect((await checkProof(forged, SECRET, sendAfter)).ok).toBe(false);
  });

  it("answers an error, not a solution, when it cannot solve", async () => {
    const challenge = await issueChallenge(SECRET, SETTINGS);
    const broken = { ...challenge, parameters: { ...challenge.parameters, keyPrefix: "not hex" } };
    expect(await runWorker({ challenge: broken, timeoutMs: 10_000 })).toEqual({ error: expect.any(String) });
  });
});
