import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { createHmac } from "crypto";
import type { components } from "../../src/contract/schema";

/**
 * Proof of work (ALTCHA v2, SHA-256, deterministic mode): the server picks a
 * counter, derives its key and signs the challenge with the key's prefix; the
 * visitor's browser finds the counter by trying each in turn (in a Web Worker,
 * once the visitor starts on a form), and sends the challenge with its
 * solution in the `Altcha` header of one submission. Verifying costs one
 * HMAC (the key is signed too), however hard the challenge.
 *
 * The challenge also carries, signed, when it was issued and the earliest
 * time to send what it proves (`data.sendAfter`: the time trap).
 */

export type SubmissionChallenge = components["schemas"]["SubmissionChallenge"];

export interface ProofSettings {
  /** Counters are drawn in this range: the mean of the two is the work a browser does (SHA-256 digests). */
  minCounter: number;
  maxCounter: number;
  /** How long a challenge may be used, in ms. */
  lifetimeMs: number;
  /** The earliest a submission may be sent after its challenge was issued, in ms (faster is no person). */
  minFillMs: number;
}

/** Why a proof is not accepted (recorded with the quarantined submission). */
export type ProofFailure = "proof_missing" | "proof_malformed" | "proof_invalid" | "proof_expired" | "sent_too_fast";

export interface AcceptedProof {
  ok: true;
  /** The challenge's nonce: a solved challenge is accepted once, until it expires. */
  challengeId: string;
  expiresAt: Date;
}

export type ProofVerdict = AcceptedProof | { ok: false; reason: ProofFailure };

const ALGORITHM = "SHA-256";

/** The second secret, for the derived keys: derived from the one the deployment sets or the store keeps. */
function keySecret(secret: string): string {
  return createHmac("sha256", secret).update("altcha-key-signature").digest("hex");
}

/** A new challenge, issued `now`. */
export async function issueChallenge(secret: string, settings: ProofSettings, now: Date = new Date()): Promise<SubmissionChallenge> {
  const issuedAt = now.getTime();
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(settings.minCounter, settings.maxCounter),
    deriveKey,
    expiresAt: Math.floor((issuedAt + settings.lifetimeMs) / 1000),
    data: { issuedAt, sendAfter: issuedAt + settings.minFillMs },
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: keySecret(secret),
  });
  return challenge as SubmissionChallenge;
}

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

function parsePayload(header: string): Payload | undefined {
  try {
    const value = JSON.parse(Buffer.from(header, "base64").toString("utf8")) as Partial<Payload>;
    const { challenge, solution } = value;
    if (typeof challenge !== "object" || challenge === null || typeof challenge.parameters !== "object" || challenge.parameters === null) return undefined;
    if (typeof solution !== "object" || solution === null) return undefined;
    return { challenge, solution };
  } catch {
    return undefined;
  }
}

/**
 * Checks the `Altcha` header of a submission received `now`. Given several
 * secrets (the current one, then during a rotation the previous one), a
 * challenge signed with any of them is accepted: each is tried in turn while
 * the challenge's signature does not match it.
 */
export async function checkProof(header: string | undefined, secrets: string | readonly string[], now: Date = new Date()): Promise<ProofVerdict> {
  if (header === undefined || header === "") return { ok: false, reason: "proof_missing" };
  const payload = parsePayload(header);
  if (!payload) return { ok: false, reason: "proof_malformed" };
  let result;
  for (const secret of typeof secrets === "string" ? [secrets] : secrets) {
    try {
      result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySecret(secret),
      });
    } catch {
      return { ok: false, reason: "proof_malformed" };
    }
    if (!result.invalidSignature) break;
  }
  if (!result) return { ok: false, reason: "proof_invalid" };
  if (result.expired) return { ok: false, reason: "proof_expired" };
  if (!result.verified) return { ok: false, reason: "proof_invalid" };
  const { parameters } = payload.challenge;
  const sendAfter = Number(parameters.data?.sendAfter);
  if (!Number.isFinite(sendAfter) || now.getTime() < sendAfter) return { ok: false, reason: "sent_too_fast" };
  const expiresAt = new Date((parameters.expiresAt ?? 0) * 1000);
  return { ok: true, challengeId: parameters.nonce, expiresAt };
}
