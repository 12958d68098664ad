import { createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { siteSecrets } from "#server/captcha/keys.ts";

/** Low: the server checks a solution with one HMAC whatever the cost; this only makes preparing thousands quick. */
const COST = 10;

/**
 * ALTCHA payloads as the widget would post them, each for its own challenge,
 * signed with the site key the servers were given (ALTCHA_HMAC_KEY): many
 * valid, unused solutions without asking a server for each.
 */
export async function altchaTokens(masterKey: string, count: number): Promise<string[]> {
  const secrets = siteSecrets(masterKey);
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const counter = COST + (i % COST);
    const challenge = await createChallenge({
      algorithm: "PBKDF2/SHA-256",
      cost: COST,
      counter,
      deriveKey,
      expiresAt: new Date(Date.now() + 60 * 60_000),
      hmacSignatureSecret: secrets.altchaSignature,
      hmacKeySignatureSecret: secrets.altchaKeySignature,
    });
    // Starting at the known counter, the solver's first try is the answer.
    const solution = await solveChallenge({ challenge, deriveKey, counterStart: counter });
    tokens.push(Buffer.from(JSON.stringify({ challenge, solution })).toString("base64"));
  }
  return tokens;
}
