/**
 * The pure half of the forms' proof of work (openapi.yaml: `GET
 * /api/v1/contact/challenge`, the `Altcha` header): what a challenge is, when
 * one may be sent and until when it may be used, measured on the visitor's
 * clock, and the header's encoding. No timer, no worker, no request here:
 * src/forms/spam/proof-of-work.ts does those.
 *
 * Times on the visitor's clock are milliseconds of a monotonic clock
 * (performance.now() in the browser). A challenge's own times are the
 * server's, whose clock may differ from the visitor's by any amount: only
 * their differences are used, counted from when the challenge arrived. The
 * challenge was issued before it arrived, so a time counted so is never
 * earlier than the server's.
 */
import type { components } from "../../contract/schema";

/** A challenge, as `GET /api/v1/contact/challenge` answers it. */
export type SubmissionChallenge = components["schemas"]["SubmissionChallenge"];

/** What the worker finds: the counter and the key derived from it (lowercase hex). */
export interface ProofSolution {
  counter: number;
  derivedKey: string;
}

/** A challenge and when it arrived, on the visitor's clock. */
export interface TimedChallenge {
  challenge: SubmissionChallenge;
  receivedAt: number;
}

/** A challenge that is used no more when it expires within this time (a slow send must still reach the server before it expires). */
export const EXPIRY_MARGIN_MS = 60_000;

const HEX = /^[0-9a-f]+$/;

function isHex(value: unknown, length?: number): value is string {
  return typeof value === "string" && HEX.test(value) && (length === undefined || value.length === length);
}

function isTime(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Is this answer a challenge the worker can solve and the server can check
 * (the contract's SubmissionChallenge, with sendAfter not before issuedAt)?
 * Anything else (an old server's page, a proxy's) is no challenge.
 */
export function isChallenge(value: unknown): value is SubmissionChallenge {
  if (typeof value !== "object" || value === null) return false;
  const { parameters, signature } = value as Partial<SubmissionChallenge>;
  if (typeof parameters !== "object" || parameters === null || !isHex(signature)) return false;
  const { algorithm, nonce, salt, cost, keyLength, keyPrefix, expiresAt, data } = parameters;
  return (
    algorithm === "SHA-256" &&
    isHex(nonce) &&
    isHex(salt) &&
    isHex(keyPrefix) &&
    Number.isInteger(cost) &&
    cost >= 1 &&
    Number.isInteger(keyLength) &&
    keyLength >= 1 &&
    keyPrefix.length <= keyLength * 2 &&
    isTime(expiresAt) &&
    typeof data === "object" &&
    data !== null &&
    isTime(data.issuedAt) &&
    isTime(data.sendAfter) &&
    data.sendAfter >= data.issuedAt &&
    expiresAt * 1000 > data.issuedAt
  );
}

/** Is this what the worker answers when it found the counter? */
export function isSolution(value: unknown): value is ProofSolution {
  if (typeof value !== "object" || value === null) return false;
  const { counter, derivedKey } = value as Partial<ProofSolution>;
  return Number.isSafeInteger(counter) && (counter as number) >= 0 && isHex(derivedKey) && derivedKey.length % 2 === 0;
}

/** The earliest time to send what the challenge proves, on the visitor's clock: when it arrived, plus the server's sendAfter - issuedAt. */
export function sendAfterLocal({ challenge, receivedAt }: TimedChallenge): number {
  const { issuedAt, sendAfter } = challenge.parameters.data;
  return receivedAt + Math.max(0, sendAfter - issuedAt);
}

/** How long to wait, from `now`, before sending what the challenge proves (0: send now). */
export function sendDelay(timed: TimedChallenge, now: number): number {
  return Math.max(0, sendAfterLocal(timed) - now);
}

/** When the challenge expires, on the visitor's clock: when it arrived, plus the server's expiresAt - issuedAt. */
export function expiresAtLocal({ challenge, receivedAt }: TimedChallenge): number {
  const { expiresAt, data } = challenge.parameters;
  return receivedAt + (expiresAt * 1000 - data.issuedAt);
}

/**
 * May the challenge still be used at `now`: it expires no earlier than
 * `margin` later (or half its lifetime, when that is shorter: a server that
 * gives short-lived challenges still has each used).
 */
export function isFresh(timed: TimedChallenge, now: number, margin: number = EXPIRY_MARGIN_MS): boolean {
  const expires = expiresAtLocal(timed);
  return expires - now >= Math.min(margin, (expires - timed.receivedAt) / 2);
}

/** Standard base64 of a text's UTF-8 bytes (btoa takes one byte per character). */
export function base64Utf8(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The value of the `Altcha` header: base64(JSON({ challenge, solution: { counter, derivedKey } })), the challenge as it was received. */
export function proofHeader(challenge: SubmissionChallenge, solution: ProofSolution): string {
  return base64Utf8(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }));
}
