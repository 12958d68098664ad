import { createHmac, timingSafeEqual } from "node:crypto";
import { type Challenge, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { CaptchaProvider } from "#server/captcha/types.ts";

/** Enough to fill in the longest form. */
const CHALLENGE_LIFETIME_MS = 20 * 60 * 1000;
const ALGORITHM = "PBKDF2/SHA-256";

export interface AltchaOptions {
  signatureSecret: string;
  keySignatureSecret: string;
  cost: number;
  spend(id: string, expiresAt: Date): Promise<boolean>;
}

export interface Payload {
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

/** The canonical JSON altcha-lib's signatures cover. */
function sortedKeys(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .flatMap((key) => {
        const inner = (value as Record<string, unknown>)[key];
        return inner === undefined ? [] : [[key, sortedKeys(inner)]];
      }),
  );
}

const hmacHex = (secret: string, data: string | Buffer) => createHmac("sha256", secret).update(data).digest("hex");
function sameText(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}
const validCounter = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 0xffffffff;

/** altcha-lib's verifySolution with node:crypto's HMAC: its Web Crypto one was a large share of a lead's CPU; tests/unit/altcha-verify.test.ts holds the two to the same answers. */
export function verifyIssuedSolution(
  payload: Payload,
  options: Pick<AltchaOptions, "signatureSecret" | "keySignatureSecret">,
): boolean | undefined {
  const { parameters, signature } = payload.challenge;
  if (!parameters.keySignature) return undefined;
  if (parameters.expiresAt && parameters.expiresAt < Date.now() / 1000) return false;
  if (!signature) return false;
  if (!sameText(signature, hmacHex(options.signatureSecret, JSON.stringify(sortedKeys(parameters))))) return false;
  const { derivedKey, counter } = payload.solution;
  if (typeof derivedKey !== "string" || !/^(?:[0-9a-f]{2})+$/.test(derivedKey) || !validCounter(counter)) return false;
  return sameText(parameters.keySignature, hmacHex(options.keySignatureSecret, Buffer.from(derivedKey, "hex")));
}

/** Challenges carry a key signature, so checking a solution costs one HMAC; each is accepted once. */
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
        const verified =
          verifyIssuedSolution(payload, options) ??
          (
            await verifySolution({
              challenge: payload.challenge,
              solution: payload.solution,
              deriveKey,
              hmacSignatureSecret: options.signatureSecret,
              hmacKeySignatureSecret: options.keySignatureSecret,
            })
          ).verified;
        if (!verified) return false;
      } catch {
        return false;
      }
      // A second post of the same solution is a replay.
      return options.spend(`altcha:${payload.challenge.signature}`, new Date(expiresAt * 1000));
    },
  };
}
