import { type Challenge, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { CaptchaProvider } from "./types.ts";

/** A challenge is good for this long: enough to fill in the longest form. */
const CHALLENGE_LIFETIME_MS = 20 * 60 * 1000;
const ALGORITHM = "PBKDF2/SHA-256";

export interface AltchaOptions {
  signatureSecret: string;
  keySignatureSecret: string;
  /** PBKDF2 iterations per try; the number of tries is drawn between cost and twice cost. */
  cost: number;
  /** Records a solved challenge; false when it had been used before. */
  spend(id: string, expiresAt: Date): Promise<boolean>;
}

interface Payload {
  challenge: Challenge;
  solution: { counter: number; derivedKey: string; time?: number };
}

function decode(token: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as Partial<Payload>;
    if (!payload?.challenge?.parameters || typeof payload.challenge.signature !== "string" || !payload.solution) return null;
    return payload as Payload;
  } catch {
    return null;
  }
}

/**
 * ALTCHA: a proof of work the visitor's browser solves, issued and checked by
 * this server alone. Challenges are signed (HMAC) and carry a key signature, so
 * checking a solution costs one HMAC; each solution is accepted once.
 */
export function altchaProvider(options: AltchaOptions): CaptchaProvider & { challenge(): Promise<Challenge> } {
  return {
    method: "altcha",
    challenge: () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: options.cost,
        counter: randomInt(options.cost, options.cost * 2),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
        hmacSignatureSecret: options.signatureSecret,
        hmacKeySignatureSecret: options.keySignatureSecret,
      }),
    async verify(token) {
      const payload = decode(token);
      const expiresAt = payload?.challenge.parameters.expiresAt;
      if (!payload || !expiresAt) return false;
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: options.signatureSecret,
          hmacKeySignatureSecret: options.keySignatureSecret,
        });
        if (!result.verified) return false;
      } catch {
        return false;
      }
      // The signature is unique to the challenge: a second post of the same solution is a replay.
      return options.spend(`altcha:${payload.challenge.signature}`, new Date(expiresAt * 1000));
    },
  };
}
