/**
 * Proofs of work as a client makes them (the contract's ProofOfWork header):
 * a challenge of GET /api/v1/contact/challenge, solved with altcha-lib.
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

/** The request header that carries the proof. */
export const PROOF_HEADER = "Altcha";

/** The header value of a challenge and a solution (base64 of their JSON). */
export function proofHeader(challenge: unknown, solution: { counter: number; derivedKey: string }): string {
  return Buffer.from(JSON.stringify({ challenge, solution }), "utf8").toString("base64");
}

/** Solves a challenge (as the server sent it); the Altcha header value. */
export async function solveProof(challenge: unknown): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  if (!solution) throw new Error("the challenge could not be solved");
  return proofHeader(challenge, { counter: solution.counter, derivedKey: solution.derivedKey });
}
