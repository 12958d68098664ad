import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitMessage, rateLimitTitle } from "#app/forms/messages.ts";
import { forms } from "#app/forms/registry.ts";
import { loginLimits } from "#server/admin/login.ts";
import { PASSWORDS_BUSY } from "#server/admin/password.ts";
import { createUser } from "#tests/support/admin-users.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { enhanced, postLead, solveAltcha, waitFor } from "#tests/support/leads.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * What strangers cannot do to the site (decisions 0027 to 0030), over real HTTP against the
 * built server: slow the leads down by signing in, or walk past a limit by
 * taking a new IPv6 address from their own network for every try. Visitors'
 * addresses come in X-Forwarded-For, as from the proxy the site sits behind.
 */

const PASSWORD = "a long enough passphrase";
const STRANGERS = 50;
/** Storms of strangers signing in, each with lead posts and /healthz requests timed before and during it. */
const STORMS = 3;
/** Lead posts (each followed by a /healthz request) timed before each storm and during it. */
const SAMPLES = 7;
/** How much strangers signing in may add to a lead post's or /healthz's usual time. */
const BUDGET_MS = 50;

let server: RunningServer;
const captchaTokens: string[] = [];

beforeAll(async () => {
  // The site's own priority for the hashing thread (the tests run it at 0): what keeps a lead post quick during sign-ins.
  server = await startServer({
    TRUST_PROXY: "x-forwarded-for",
    ALTCHA_HMAC_KEY: randomBytes(32).toString("hex"),
    ALTCHA_COST: "20",
    ADMIN_PASSWORD_THREAD_NICE: "19",
  });
  await Promise.all(["agent@roimedia.co.za", "guessed@roimedia.co.za"].map((email) => createUser(server.dataDir, email, PASSWORD)));
  // Solved before anything is timed, so the clocks measure the server and not this process.
  for (let i = 0; i < (2 * STORMS + 1) * SAMPLES + 1; i++) captchaTokens.push(await solveAltcha(server));
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// A stranger needs no page first: the sign-in form's token is any token sent both as cookie and as field.
const FORM_TOKEN = "stranger".padEnd(43, "-");

interface SignInAnswer {
  status: number;
  retryAfter: string | null;
  text: string;
}

/** A sign-in posted as a browser without JavaScript posts it, from `address`. */
async function signIn(address: string, email: string, password: string, on = server): Promise<SignInAnswer> {
  const res = await fetch(`${on.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: on.url, cookie: `roi_admin_login=${FORM_TOKEN}`, "x-forwarded-for": address },
    body: new URLSearchParams({ token: FORM_TOKEN, email, password, next: "/admin" }),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), text: await res.text() };
}

let strangerCount = 0;
/** An address no stranger has used yet. */
function strangerAddress(): string {
  strangerCount++;
  return `10.29.${Math.floor(strangerCount / 250)}.${(strangerCount % 250) + 1}`;
}

/**
 * Fifty strangers at once, each from an address of its own, trying a wrong
 * password at an account that does not exist. One whose password was checked
 * tries again at once from another address (one told to try again in a moment
 * does not), so the server is checking passwords for as long as they go on.
 */
function strangersSigningIn() {
  /** The addresses whose sign-in has no answer yet. */
  const waiting = new Set<string>();
  const answers: SignInAnswer[] = [];
  const inFlight = new Set<Promise<void>>();
  let tryingAgain = true;
  const tryFrom = (address: string) => {
    waiting.add(address);
    const attempt = signIn(address, `stranger-${address}@example.com`, "not the password at all").then((answer) => {
      waiting.delete(address);
      answers.push(answer);
      if (tryingAgain && answer.status === 401) tryFrom(strangerAddress());
    });
    inFlight.add(attempt);
    void attempt.finally(() => inFlight.delete(attempt));
  };
  Array.from({ length: STRANGERS }, strangerAddress).forEach(tryFrom);
  return {
    /** Whether the server has taken in every sign-in still waiting for its answer: counted it against its address's limit, as it does before checking a password. */
    takenIn(): boolean {
      const addresses = [...waiting];
      if (addresses.length === 0) return true;
      const counted = readSiteDb<{ client_address: string }>(
        server.dataDir,
        `SELECT client_address FROM rate_limits WHERE client_address IN (${addresses.map(() => "?").join(",")})`,
        ...addresses,
      );
      return counted.length === addresses.length;
    },
    /** Stops the trying again, and resolves with every answer once all have come. */
    async lastAnswers(): Promise<SignInAnswer[]> {
      tryingAgain = false;
      while (inFlight.size > 0) await Promise.all(inFlight);
      return answers;
    },
  };
}

const contactLead = (email: string) => ({ name: "Thandi Nkosi", email, company: "Nkosi Logistics", budget: "6.5k-12.4k" });

let leadCount = 0;
/** A contact lead from a visitor of its own, timed from the post to the whole answer. */
async function timedLead(): Promise<number> {
  leadCount++;
  const started = performance.now();
  const answer = await postLead(
    server,
    "/contact",
    { ...contactLead(`lead-${leadCount}@example.co.za`), ...enhanced(captchaTokens.pop()!) },
    {
      "x-forwarded-for": `198.51.100.${leadCount}`,
    },
  );
  const ms = performance.now() - started;
  expect(answer.status).toBe(200);
  return ms;
}

async function timedHealthz(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${server.url}/healthz`);
  await res.text();
  expect(res.status).toBe(200);
  return performance.now() - started;
}

type Times = { lead: number[]; healthz: number[] };

/**
 * Times SAMPLES lead posts, each followed by a /healthz request, one after
 * another, each once `ready()`; adds them to `times` (ms).
 */
async function sample(times: Times, ready?: () => boolean): Promise<void> {
  for (let i = 0; i < SAMPLES; i++) {
    if (ready) await waitFor(ready, "the server to take in every stranger's sign-in");
    times.lead.push(await timedLead());
    times.healthz.push(await timedHealthz());
  }
}

describe("strangers signing in", () => {
  // On a loaded machine the hashes take longer, as they run only when the CPU is free.
  it(
    `leave lead posts and /healthz their usual time while their passwords are checked (${STRANGERS} at once)`,
    { timeout: 120_000 },
    async () => {
      await timedLead(); // the first post warms the server's code paths
      const usual: Times = { lead: [], healthz: [] };
      const stormy: Times = { lead: [], healthz: [] };
      // Quiet times before each storm and after the last, so a machine busier for a moment weighs on both sides alike.
      for (let storm = 0; storm < STORMS; storm++) {
        await sample(usual);
        const strangers = strangersSigningIn();
        // Each lead comes once the server has taken in every stranger's sign-in, so they are all ahead of
        // it, and it checks their passwords for as long as they keep trying. (Fifty requests of any kind
        // arriving in the very instant of a lead delay it alike: 50 sign-ins, 50 sign-in pages and 50 404s
        // each added 0.1-0.6 s on the loaded test machine.)
        await sample(stormy, () => strangers.takenIn());
        // Each stranger has an answer: a wrong password, or to try again in a moment; never an error.
        const answers = await strangers.lastAnswers();
        expect(answers.filter((answer) => answer.status !== 401 && answer.status !== 503)).toEqual([]);
      }
      await sample(usual);
      expect(median(stormy.lead), `lead posts (ms): usual ${usual.lead}, stormy ${stormy.lead}`).toBeLessThanOrEqual(
        median(usual.lead) + BUDGET_MS,
      );
      expect(median(stormy.healthz), `/healthz (ms): usual ${usual.healthz}, stormy ${stormy.healthz}`).toBeLessThanOrEqual(
        median(usual.healthz) + BUDGET_MS,
      );
    },
  );

  it("are asked to try again in a moment past what the server checks at once; the user then signs in", { timeout: 90_000 }, async () => {
    const refused = (await strangersSigningIn().lastAnswers()).filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.retryAfter).toMatch(/^\d+$/);
      expect(answer.text).toContain(PASSWORDS_BUSY);
    }
    const user = await signIn("198.51.100.200", "agent@roimedia.co.za", PASSWORD);
    expect(user.status).toBe(303);
  });
});

describe("an IPv6 visitor is counted by its /64", () => {
  const ours = (n: number) => `2001:db8:29:1:${n.toString(16)}::${n.toString(16)}`;
  // A server of its own, hashing at the tests' priority: the storms above leave the other one's
  // nice-19 thread with strangers' passwords to check, which a loaded machine gets through slowly.
  let v6: RunningServer;
  beforeAll(async () => {
    v6 = await startServer({ TRUST_PROXY: "x-forwarded-for" });
    await createUser(v6.dataDir, "guessed@roimedia.co.za", PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await v6?.stop();
  });

  it(`refuses 50 password guesses from one /64 after the limit, each from an address of its own`, async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 50; i++) statuses.push((await signIn(ours(i), "guessed@roimedia.co.za", `guess number ${i}`, v6)).status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(loginLimits.pair.max);
    expect(statuses.slice(loginLimits.pair.max)).toEqual(new Array(50 - loginLimits.pair.max).fill(429));
    // The same network however its addresses are spelled, and a neighbour's network not at all.
    expect((await signIn("2001:0DB8:0029:0001:0000:0000:0000:00FF", "guessed@roimedia.co.za", PASSWORD, v6)).status).toBe(429);
    expect((await signIn("2001:db8:29:2::1", "guessed@roimedia.co.za", PASSWORD, v6)).status).toBe(303);
  });

  it("refuses a form's posts from one /64 past its limit, and keeps each lead's whole address", async () => {
    const rule = forms.contact.rateLimit;
    const network = (n: number) => `2001:db8:29:3:${n}::1`;
    for (let i = 1; i <= rule.max; i++) {
      const answer = await postLead(
        server,
        "/contact",
        { ...contactLead(`v6-${i}@example.co.za`), ...enhanced(await solveAltcha(server)) },
        {
          "x-forwarded-for": network(i),
        },
      );
      expect(answer.status, `post ${i}`).toBe(200);
    }
    const over = await postLead(
      server,
      "/contact",
      { ...contactLead("v6-over@example.co.za"), ...enhanced(await solveAltcha(server)) },
      {
        "x-forwarded-for": "2001:db8:29:3:ffff:ffff:ffff:ffff",
      },
    );
    expect(over.status).toBe(429);
    expect(over.result).toMatchObject({ title: rateLimitTitle, message: rateLimitMessage(rule.windowMinutes), reason: "rate-limit" });
    const neighbour = await postLead(
      server,
      "/contact",
      { ...contactLead("v6-neighbour@example.co.za"), ...enhanced(await solveAltcha(server)) },
      {
        "x-forwarded-for": "2001:db8:29:4::1",
      },
    );
    expect(neighbour.status).toBe(200);
    const stored = readSiteDb<{ client_address: string }>(
      server.dataDir,
      "SELECT client_address FROM form_submissions WHERE email = ?",
      "v6-1@example.co.za",
    );
    expect(stored).toEqual([{ client_address: network(1) }]);
  });
});
