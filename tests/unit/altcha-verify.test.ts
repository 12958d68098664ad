import { type Challenge, createChallenge, solveChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { describe, expect, it } from "vitest";
import { type Payload, verifyIssuedSolution } from "#server/captcha/altcha.ts";
import { siteSecrets } from "#server/captcha/keys.ts";

const secrets = siteSecrets("a".repeat(40));
const options = { signatureSecret: secrets.altchaSignature, keySignatureSecret: secrets.altchaKeySignature };
const COST = 10;

/** A challenge as the server issues it, and the widget's answer to it. */
async function solved(expiresAt = new Date(Date.now() + 60_000), keySignatureSecret: string | undefined = options.keySignatureSecret) {
  const challenge = await createChallenge({
    algorithm: "PBKDF2/SHA-256",
    cost: COST,
    counter: COST + 3,
    deriveKey,
    expiresAt,
    hmacSignatureSecret: options.signatureSecret,
    ...(keySignatureSecret ? { hmacKeySignatureSecret: keySignatureSecret } : {}),
  });
  const solution = await solveChallenge({ challenge, deriveKey, counterStart: COST + 3 });
  return { challenge, solution: solution! } as Payload;
}

/** What altcha-lib itself answers. */
async function library(payload: Payload): Promise<boolean> {
  return (
    await verifySolution({
      ...payload,
      deriveKey,
      hmacSignatureSecret: options.signatureSecret,
      hmacKeySignatureSecret: options.keySignatureSecret,
    })
  ).verified;
}

const withParameters = (payload: Payload, change: Partial<Challenge["parameters"]>): Payload => ({
  ...payload,
  challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, ...change } },
});

describe("ALTCHA verification with node:crypto answers as altcha-lib does", () => {
  it("for a good solution, and for each way a solution can be wrong", async () => {
    const good = await solved();
    const flipped = good.solution.derivedKey.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    const cases: Array<[string, Payload]> = [
      ["a good solution", good],
      ["an expired challenge", await solved(new Date(Date.now() - 1000))],
      ["a changed cost", withParameters(good, { cost: 1 })],
      ["a changed key signature", withParameters(good, { keySignature: "0".repeat(64) })],
      ["a forged signature", { ...good, challenge: { ...good.challenge, signature: "f".repeat(64) } }],
      ["another derived key", { ...good, solution: { ...good.solution, derivedKey: flipped } }],
      ["an upper-case derived key", { ...good, solution: { ...good.solution, derivedKey: good.solution.derivedKey.toUpperCase() } }],
      ["a derived key that is not hex", { ...good, solution: { ...good.solution, derivedKey: "zz" } }],
      ["a negative counter", { ...good, solution: { ...good.solution, counter: -1 } }],
      ["a signature of another site's key", await solved(undefined, "b".repeat(64))],
    ];
    for (const [label, payload] of cases) {
      const expected = await library(payload).catch(() => false);
      expect(verifyIssuedSolution(payload, options), label).toBe(expected);
    }
    expect(verifyIssuedSolution(good, options)).toBe(true);
  });

  it("leaves a challenge without a key signature to altcha-lib", async () => {
    expect(verifyIssuedSolution(await solved(undefined, ""), options)).toBeUndefined();
  });
});
