import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitMessage, rateLimitTitle } from "~/forms/messages";
import { forms } from "~/forms/registry";
import { loginLimits, SIGN_IN_BUSY, SIGN_INS_CHECKED_AT_ONCE } from "../../server/admin/login";
import { createUser } from "../support/admin-users";
import { readSiteDb } from "../support/database";
import { enhanced, postLead, solveAltcha, waitFor } from "../support/leads";
import { type RunningServer, startServer } from "../support/server";

/**
 * What strangers cannot do to the site (issue 29), over real HTTP against the
 * built server: slow the leads down by signing in, or walk past a limit by
 * taking a new IPv6 address from their own network for every try. Visitors'
 * addresses come in X-Forwarded-For, as from the proxy the site sits behind.
 */

const PASSWORD = "a long enough passphrase";
const STRANGERS = 50;
/** Lead posts (and /healthz) timed in each state: median of 7 against the median of 14. */
const SAMPLES = 7;
/** How much strangers signing in may add to a lead post's or /healthz's usual time. */
const BUDGET_MS = 50;

let server: RunningServer;
const captchaTokens: string[] = [];

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "x-forwarded-for", ALTCHA_HMAC_KEY: randomBytes(32).toString("hex"), ALTCHA_COST: "20" });
  await Promise.all(["agent@roimedia.co.za", "guessed@roimedia.co.za"].map((email) => createUser(server.dataDir, email, PASSWORD)));
  // Solved before anything is timed, so the clocks measure the server and not this process.
  for (let i = 0; i < 3 * SAMPLES + 1; i++) captchaTokens.push(await solveAltcha(server));
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
async function signIn(address: string, email: string, password: string): Promise<SignInAnswer> {
  const res = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, cookie: `roi_admin_login=${FORM_TOKEN}`, "x-forwarded-for": address },
    body: new URLSearchParams({ token: FORM_TOKEN, email, password, next: "/admin" }),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), text: await res.text() };
}

let strangerCount = 0;
/** A stranger of its own (an IPv4 address of its own) trying a wrong password at an account that does not exist. */
function strangerSignIn(): Promise<SignInAnswer> {
  strangerCount++;
  const address = `203.0.${Math.floor(strangerCount / 250)}.${(strangerCount % 250) + 1}`;
  return signIn(address, `stranger-${strangerCount}@example.com`, "not the password at all");
}

/** Fifty strangers signing in at once; `pending()` tells how many are not answered yet. */
function storm() {
  let answered = 0;
  const answers = Promise.all(Array.from({ length: STRANGERS }, () => strangerSignIn().finally(() => answered++)));
  return { answers, pending: () => STRANGERS - answered };
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

/** A lead post's and /healthz's times (ms), taken one after the other `SAMPLES` times. */
async function sample(): Promise<{ lead: number[]; healthz: number[] }> {
  const times = { lead: [] as number[], healthz: [] as number[] };
  for (let i = 0; i < SAMPLES; i++) {
    times.lead.push(await timedLead());
    times.healthz.push(await timedHealthz());
  }
  return times;
}

describe("strangers signing in", () => {
  // On a loaded machine the hashes take longer, as they run only when the CPU is free.
  it(
    `leave a lead post and /healthz their usual time while their passwords are checked (${STRANGERS} at once)`,
    { timeout: 90_000 },
    async () => {
      await timedLead(); // the first post warms the server's code paths
      const before = await sample();
      const { answers, pending } = storm();
      // Once the server has taken the storm in and answered whom it cannot check now, the sign-ins
      // it checks take seconds of hashing: the leads and /healthz come in meanwhile. (Fifty requests
      // of any kind arriving in the very instant of a lead delay it alike: 50 sign-ins, 50 sign-in
      // pages and 50 404s each added 0.1-0.6 s on the loaded test machine.)
      await waitFor(() => pending() <= SIGN_INS_CHECKED_AT_ONCE, "the strangers not being checked to be answered");
      const stormy = await sample();
      expect(pending(), "sign-ins still being checked after the last lead").toBeGreaterThan(0);
      // Each stranger has an answer: a wrong password, or to try again in a moment; never an error.
      expect((await answers).filter((answer) => answer.status !== 401 && answer.status !== 503)).toEqual([]);
      // Quiet times before and after, so a machine busier for a moment weighs on both sides alike.
      const after = await sample();
      const usual = { lead: [...before.lead, ...after.lead], healthz: [...before.healthz, ...after.healthz] };
      expect(median(stormy.lead), `lead posts (ms): usual ${usual.lead}, stormy ${stormy.lead}`).toBeLessThanOrEqual(
        median(usual.lead) + BUDGET_MS,
      );
      expect(median(stormy.healthz), `/healthz (ms): usual ${usual.healthz}, stormy ${stormy.healthz}`).toBeLessThanOrEqual(
        median(usual.healthz) + BUDGET_MS,
      );
    },
  );

  it("are asked to try again in a moment past what the server checks at once; the user then signs in", { timeout: 90_000 }, async () => {
    const { answers } = storm();
    const refused = (await answers).filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.retryAfter).toMatch(/^\d+$/);
      expect(answer.text).toContain(SIGN_IN_BUSY);
    }
    const user = await signIn("198.51.100.200", "agent@roimedia.co.za", PASSWORD);
    expect(user.status).toBe(303);
  });
});

describe("an IPv6 visitor is counted by its /64", () => {
  const ours = (n: number) => `2001:db8:29:1:${n.toString(16)}::${n.toString(16)}`;

  it(`refuses 50 password guesses from one /64 after the limit, each from an address of its own`, async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 50; i++) statuses.push((await signIn(ours(i), "guessed@roimedia.co.za", `guess number ${i}`)).status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(loginLimits.pair.max);
    expect(statuses.slice(loginLimits.pair.max)).toEqual(new Array(50 - loginLimits.pair.max).fill(429));
    // The same network however its addresses are spelled, and a neighbour's network not at all.
    expect((await signIn("2001:0DB8:0029:0001:0000:0000:0000:00FF", "guessed@roimedia.co.za", PASSWORD)).status).toBe(429);
    expect((await signIn("2001:db8:29:2::1", "guessed@roimedia.co.za", PASSWORD)).status).toBe(303);
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
