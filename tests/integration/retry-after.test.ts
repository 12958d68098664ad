import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botFields } from "#app/forms/bot-fields.ts";
import { forms } from "#app/forms/registry.ts";
import { manageRateLimits } from "#server/booking/manage-limits.ts";
import { loginLimits, MAX_CODE_TRIES } from "#server/admin/login.ts";
import { createUser, wrongAuthenticatorCode } from "#tests/support/admin-users.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { enhanced, type Fields, formTokenAged, postLead, solveAltcha } from "#tests/support/leads.ts";
import { freePort, type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * Every 429 the server sends says when to come back (Retry-After, in
 * seconds), for people and for clients that read it, as does the busy 503 of
 * the password checks (decision 0045). Each limit is walked past over real
 * HTTP, with JavaScript's posts and without: the lead forms' pipeline, the
 * newsletter, booking a call, a booking's manage link, a consultant's feed,
 * the inbox's sign-in, its code step (with a code or a passkey), the Account
 * page's current password, and the sign-in's busy answer.
 */

const HMAC_KEY = "retry-after-test-hmac-key-0123456789abcdef";
const PASSWORD = "a long enough passphrase";
const EMAIL = "agent@roimedia.co.za";

let server: RunningServer;
/** The site's public address: a host name (passkeys take no IP address), reached through the proxy's X-Forwarded-Host. */
let siteOrigin: string;
let addresses = 0;
const nextAddress = () => `198.51.100.${++addresses}`;

/** The answer refused for too many tries (or a busy moment), with the seconds to wait. */
function expectRetryAfter(answer: { status: number; headers: Headers }, what: string, status = 429): number {
  expect(answer.status, what).toBe(status);
  const seconds = answer.headers.get("retry-after");
  expect(seconds, `${what}: Retry-After`).toMatch(/^[1-9]\d*$/);
  return Number(seconds);
}

/** A post from a form without JavaScript, from `address`. */
async function plainPost(path: string, fields: Record<string, string>, address: string) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "x-forwarded-for": address },
    redirect: "manual",
  });
  await res.text();
  return { status: res.status, headers: res.headers, location: res.headers.get("location") };
}

/** Posts until a limit refuses, which must come by the post past `max`, the limit's own: the refusal. */
async function pastTheLimit<A extends { status: number }>(max: number, post: (i: number) => Promise<A>): Promise<A> {
  for (let i = 0; i < max; i++) {
    // A stricter limit met first (a post without JavaScript's, an account's) refuses sooner.
    const answer = await post(i);
    if (answer.status === 429) return answer;
  }
  return post(max);
}

beforeAll(async () => {
  const port = await freePort();
  siteOrigin = `http://localhost:${port}`;
  server = await startServer({
    PORT: String(port),
    SITE_URL: siteOrigin,
    TRUST_PROXY: "x-forwarded-for",
    ALTCHA_HMAC_KEY: HMAC_KEY,
    ALTCHA_COST: "20",
  });
  await createUser(server.dataDir, EMAIL, PASSWORD);
  expect((await new InboxBrowser(server.url, nextAddress()).signIn(EMAIL, PASSWORD)).signedIn).toBe(true);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe("Retry-After on every 429", () => {
  it("a lead form's limit, with JavaScript and without", async () => {
    const address = nextAddress();
    const { rateLimit } = forms.contact;
    const contact = (i: number): Fields => ({
      name: "Thandi Nkosi",
      email: `thandi-${i}@example.co.za`,
      company: "Nkosi",
      budget: "6.5k-12.4k",
    });
    const enhancedPost = async (i: number) =>
      postLead(server, "/contact", { ...contact(i), ...enhanced(await solveAltcha(server)) }, { "x-forwarded-for": address });
    expect(expectRetryAfter(await pastTheLimit(rateLimit.max, enhancedPost), "/contact with JavaScript")).toBeGreaterThan(
      (rateLimit.windowMinutes - 1) * 60,
    );
    const withoutJavaScript = await plainPost(
      "/contact",
      { ...(contact(99) as Record<string, string>), [botFields.honeypot]: "", [botFields.formToken]: formTokenAged(HMAC_KEY, 5000) },
      address,
    );
    expectRetryAfter(withoutJavaScript, "/contact without JavaScript");
  });

  it("the newsletter's limit", async () => {
    const address = nextAddress();
    const signUp = async (i: number) =>
      postLead(
        server,
        "/blog",
        { email: `reader-${i}@example.co.za`, ...enhanced(await solveAltcha(server)) },
        { "x-forwarded-for": address },
      );
    expectRetryAfter(await pastTheLimit(forms.newsletter.rateLimit.max, signUp), "/blog's newsletter");
  });

  it("booking a call, and a booking's manage link", async () => {
    const html = await (await fetch(`${server.url}/calendar`)).text();
    const slots = [...html.matchAll(/name="slot" value="([^"]+)"/g)].map((match) => match[1]!);
    expect(slots.length, "free slots").toBeGreaterThan(20);
    const book = (slot: string, i: number, address: string) =>
      plainPost(
        "/calendar",
        {
          slot,
          day: slot.slice(0, 10),
          name: "Thandi Nkosi",
          email: `booker-${i}@example.co.za`,
          company: "Nkosi Retail",
          phone: "",
          website: "",
          message: "",
          [botFields.honeypot]: "",
          [botFields.formToken]: formTokenAged(HMAC_KEY, 5000),
        },
        address,
      );
    const address = nextAddress();
    const refused = await pastTheLimit(forms.booking.rateLimit.max, (i) => book(slots[i * 3]!, i, address));
    expectRetryAfter(refused, "/calendar");

    // A booking moved as often as a day allows, each time from another address: the next move is refused.
    let manage = (await book(slots[20]!, 100, nextAddress())).location!.split("?")[0]!;
    const move = async (i: number) => {
      const moved = await plainPost(manage, { intent: "reschedule", sequence: String(i), slot: slots[i % 2 ? 20 : 21]! }, nextAddress());
      if (moved.location) manage = moved.location.split("?")[0]!;
      return moved;
    };
    expectRetryAfter(await pastTheLimit(manageRateLimits.perBooking.max, move), "a manage link without JavaScript");
    const withJavaScript = await postLead(
      server,
      manage,
      { intent: "cancel", sequence: String(manageRateLimits.perBooking.max) },
      { "x-forwarded-for": nextAddress() },
    );
    expectRetryAfter(withJavaScript, "a manage link with JavaScript");
  });

  it("a consultant's private feed", async () => {
    const address = nextAddress();
    const get = async () => {
      const res = await fetch(`${server.url}/calendar/feeds/${"x".repeat(43)}.ics`, { headers: { "x-forwarded-for": address } });
      await res.text();
      return res;
    };
    expectRetryAfter(await pastTheLimit(60, get), "/calendar/feeds/");
  });

  it("the inbox's sign-in, its code step, with a code and with a passkey, and the Account page", async () => {
    const stranger = new InboxBrowser(server.url, nextAddress());
    const password = await pastTheLimit(loginLimits.pair.max, (i) => stranger.password(EMAIL, `guess number ${i}`));
    expect(expectRetryAfter(password, "/admin/login")).toBeGreaterThan((loginLimits.pair.windowMinutes - 1) * 60);

    // Past the password from an address of its own: wrong codes until the sign-in is over, then the next is refused.
    const guesser = new InboxBrowser(server.url, nextAddress());
    const code = async () => {
      if (!guesser.cookies.has("roi_admin_pending")) expect((await guesser.password(EMAIL, PASSWORD)).status).toBe(303);
      const body = { token: guesser.cookies.get("roi_admin_login")!, code: wrongAuthenticatorCode(EMAIL), next: "/admin" };
      return guesser.request("/admin/login/code", { body });
    };
    expectRetryAfter(await pastTheLimit(loginLimits.pair.max, code), "/admin/login/code");

    // A passkey's answer counts on the same limits (posted by the page's script, at the site's own address).
    const viaProxy = { "x-forwarded-host": new URL(siteOrigin).host, origin: siteOrigin };
    const holder = new InboxBrowser(server.url, nextAddress());
    const passkey = async () => {
      if (!holder.cookies.has("roi_admin_pending")) expect((await holder.password(EMAIL, PASSWORD)).status).toBe(303);
      const body = { token: holder.cookies.get("roi_admin_login")!, intent: "verify", response: "{}", next: "/admin" };
      const answer = await holder.request("/admin/login/passkey", { body, headers: viaProxy });
      // The sign-in is over after its wrong tries: the script is sent back to the password.
      if (answer.status === 200) expect(JSON.parse(answer.text)).toEqual({ next: "/admin/login?start-again=1" });
      return answer;
    };
    expect(MAX_CODE_TRIES).toBeLessThanOrEqual(loginLimits.pair.max);
    const refusedPasskey = await pastTheLimit(loginLimits.pair.max, passkey);
    expectRetryAfter(refusedPasskey, "/admin/login/passkey");
    expect(JSON.parse(refusedPasskey.text)).toEqual({ error: expect.stringMatching(/^Too many sign-in attempts/) });

    const signedIn = new InboxBrowser(server.url, nextAddress());
    expect((await signedIn.signIn(EMAIL, PASSWORD)).signedIn).toBe(true);
    const guess = (i: number) =>
      signedIn.post("/admin/account", {
        intent: "password",
        current: `guess ${i}`,
        password: "a new long passphrase",
        repeat: "a new long passphrase",
      });
    expectRetryAfter(await pastTheLimit(loginLimits.pair.max, guess), "/admin/account");
  });

  it("the sign-in's busy answer, past the password checks under way at once", async () => {
    let busy: { status: number; headers: Headers } | undefined;
    for (let round = 0; round < 20 && !busy; round++) {
      const at = Array.from({ length: 8 }, () => new InboxBrowser(server.url, nextAddress()));
      const answers = await Promise.all(at.map((browser) => browser.password(`nobody-${round}@roimedia.co.za`, "not the password at all")));
      busy = answers.find((answer) => answer.status === 503);
    }
    expect(busy, "a sign-in told to try again in a moment").toBeDefined();
    expectRetryAfter(busy!, "/admin/login when busy", 503);
  });
});
