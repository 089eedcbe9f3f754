import type { Config } from "../config";
import { sharedSecret } from "../store/shared-secret";
import type { Screening, SubmissionStore } from "../store/types";
import { checkProof, issueChallenge, type ProofSettings, type SubmissionChallenge } from "./proof";
import { HONEYPOT_FIELD, screenContent } from "./screen";

/** The request header that carries the solved challenge (the contract's ProofOfWork parameter). */
export const PROOF_HEADER = "altcha";

/** The name the challenges' secret is kept under in the store when SPAM_SECRET is not set. */
const SECRET_NAME = "altcha-hmac";

/**
 * The spam defence of the form calls: proof of work (ALTCHA) with a time
 * trap, a honeypot and content checks. It never refuses a submission: it
 * finds the reasons to quarantine one (`screen`), and the store keeps that
 * submission with its notification held (and records the challenge as used,
 * so a replayed one is caught in the same transaction).
 */
export class SpamDefence {
  private readonly storedSecret: () => Promise<string>;
  private readonly settings: ProofSettings;

  constructor(
    private readonly config: Config,
    store: SubmissionStore,
  ) {
    this.storedSecret = sharedSecret(store, SECRET_NAME);
    this.settings = {
      minCounter: Math.max(1, Math.floor(config.spamPowDifficulty / 5)),
      maxCounter: config.spamPowDifficulty,
      lifetimeMs: config.spamChallengeLifetimeMs,
      minFillMs: config.spamMinFillMs,
    };
  }

  get enabled(): boolean {
    return this.config.spamChecks;
  }

  /** SPAM_SECRET, or the one the store keeps for every instance (asked for again after a failure). */
  private secret(): Promise<string> {
    if (this.config.spamSecret) return Promise.resolve(this.config.spamSecret);
    return this.storedSecret();
  }

  /** The secrets a challenge may be signed with: the current one, then SPAM_SECRET_PREVIOUS during a rotation. */
  private async acceptedSecrets(): Promise<string[]> {
    const current = await this.secret();
    const previous = this.config.spamSecretPrevious;
    return previous && previous !== current ? [current, previous] : [current];
  }

  /** A challenge for one submission, issued now, signed with the current secret. Throws when the store cannot give the secret. */
  async challenge(now: Date = new Date()): Promise<SubmissionChallenge> {
    return issueChallenge(await this.secret(), this.settings, now);
  }

  /**
   * What the checks find in a submission received at `receivedAt`: its proof
   * (the Altcha header), its honeypot and its content. Undefined when the
   * checks are off. Throws when the store cannot give the secret.
   */
  async screen(proofHeader: string | undefined, body: Record<string, unknown>, receivedAt: Date): Promise<Screening | undefined> {
    if (!this.enabled) return undefined;
    const proof = await checkProof(proofHeader, await this.acceptedSecrets(), receivedAt);
    const reasons = screenContent(body);
    if (!proof.ok) reasons.unshift(proof.reason);
    return { reasons, challenge: proof.ok ? { id: proof.challengeId, expiresAt: proof.expiresAt } : undefined };
  }

  /** The body as it is stored and notified: without the honeypot field. */
  static withoutTrap(body: Record<string, unknown>): Record<string, unknown> {
    if (!(HONEYPOT_FIELD in body)) return body;
    const { [HONEYPOT_FIELD]: _trap, ...rest } = body;
    return rest;
  }
}
