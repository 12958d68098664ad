import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prerenderedPaths } from "#app/config/public-routes.ts";
import { loginLimits, loginRateLimitMessage, triesOnceAccountLimited } from "#server/admin/login.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { enhanced, postLead, solveAltcha } from "#tests/support/leads.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";
import { createUser, signInOverHttp } from "#tests/support/admin-users.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";

/**
 * The lead inbox's security, over real HTTP against the built server: what a
 * visitor without a session, another site, a password guesser or a stolen
 * cookie can and cannot do.
 */

const PASSWORD = "a long enough passphrase";
let server: RunningServer;
let leadId: number;

let addressCounter = 0;

/** A browser of its own address, signing in with PASSWORD unless told otherwise. */
class Browser extends InboxBrowser {
  constructor() {
    super(server.url, `203.0.113.${++addressCounter}`);
  }

  override password(email: string, password = PASSWORD) {
    return super.password(email, password);
  }

  override signIn(email: string, password = PASSWORD) {
    return super.signIn(email, password);
  }
}

const statusOf = (id: number) => readSiteDb<{ status: string }>(server.dataDir, "SELECT status FROM leads WHERE id = ?", id)[0]?.status;
const sessionCount = () => readSiteDb<{ n: number }>(server.dataDir, "SELECT count(*) AS n FROM admin_sessions")[0]!.n;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "x-forwarded-for", ALTCHA_HMAC_KEY: randomBytes(32).toString("hex"), ALTCHA_COST: "20" });
  await Promise.all(
    ["agent@roimedia.co.za", "guessed@roimedia.co.za", "idle@roimedia.co.za", "csrf@roimedia.co.za", "out@roimedia.co.za"].map((email) =>
      createUser(server.dataDir, email, PASSWORD),
    ),
  );
  const email = `inbox-security-${Date.now()}@example.co.za`;
  const answer = await postLead(
    server,
    "/contact",
    { name: "Thandi Nkosi", email, company: "Nkosi Logistics", budget: "6.5k-12.4k", ...enhanced(await solveAltcha(server)) },
    { "x-forwarded-for": "198.51.100.7" },
  );
  expect(answer.status).toBe(200);
  leadId = readSiteDb<{ id: number }>(server.dataDir, "SELECT id FROM leads WHERE email = ?", email)[0]!.id;
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

describe("without a session", () => {
  const pages = [
    "/admin",
    "/admin.data",
    "/admin/leads/1",
    "/admin/export.csv",
    "/admin/report.csv",
    "/admin/newsletter/export.csv",
    "/admin/conversions/google-ads-leads.csv",
    "/admin/forget",
    "/admin/audit",
    "/admin/users",
    "/admin/sessions",
    "/admin/account",
    "/admin/logout",
  ];

  it.each(pages)("GET %s redirects to the sign-in page and shows nothing", async (pathname) => {
    const answer = await new Browser().request(pathname);
    if (pathname.endsWith(".data")) {
      // React Router's data request answers the redirect inside its own format.
      expect(answer.text).toContain("/admin/login");
    } else {
      expect(answer.status).toBe(303);
      expect(answer.location).toMatch(/^\/admin\/login/);
    }
    expect(answer.text).not.toContain("Nkosi");
  });

  it("every action redirects to the sign-in page and changes nothing", async () => {
    const posts: Array<[string, Record<string, string>]> = [
      [`/admin/leads/${leadId}`, { intent: "status", status: "spam" }],
      [`/admin/leads/${leadId}`, { intent: "note", note: "planted" }],
      [`/admin/leads/${leadId}`, { intent: "resend" }],
      ["/admin/forget", { intent: "forget", email: "x@example.co.za", confirm: "yes" }],
      ["/admin/users", { intent: "add", email: "planted@example.co.za", role: "admin" }],
      ["/admin/sessions", { intent: "others" }],
      ["/admin/account", { intent: "recovery-codes" }],
      ["/admin/logout", {}],
    ];
    for (const [pathname, body] of posts) {
      const answer = await new Browser().request(pathname, { body });
      expect(answer.status, pathname).toBe(303);
      expect(answer.location, pathname).toBe("/admin/login");
    }
    expect(statusOf(leadId)).toBe("new");
    expect(readSiteDb(server.dataDir, "SELECT * FROM lead_notes")).toEqual([]);
    expect(readSiteDb(server.dataDir, "SELECT * FROM admin_users WHERE email = 'planted@example.co.za'")).toEqual([]);
  });

  it("the sign-in page is private: no-store, noindex, and neither in the sitemap nor allowed by robots.txt", async () => {
    const page = await new Browser().request("/admin/login");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.text).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("<loc>");
    expect(sitemap).not.toContain("/admin");
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toMatch(/^Disallow: \/admin$/m);
    expect(prerenderedPaths().some((p) => p.startsWith("/admin"))).toBe(false);
  });
});

describe("signing in", () => {
  it("gives a new session id at every sign-in; a planted or earlier id is worth nothing", async () => {
    const browser = new Browser();
    browser.cookies.set("roi_admin", "planted-by-someone-else");
    const first = await browser.signIn("agent@roimedia.co.za");
    expect(first.signedIn).toBe(true);
    const firstId = browser.session!;
    expect(firstId).toMatch(/^[\w-]{43}$/);
    const setCookie = first.headers.getSetCookie().find((line) => line.startsWith("roi_admin="))!;
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    // The database holds a hash of the id, never the id.
    expect(readSiteDb(server.dataDir, "SELECT id FROM admin_sessions WHERE id = ?", firstId)).toEqual([]);

    // A sign-in form loaded before (another tab), posted while this session is live: a new id, and the earlier one is gone.
    const session = browser.session!;
    const again = await signInOverHttp(
      async (pathname, body) => {
        if (body) return browser.request(pathname, { body });
        if (pathname !== "/admin/login") return browser.request(pathname);
        browser.cookies.delete("roi_admin");
        const form = await browser.request(pathname);
        browser.cookies.set("roi_admin", session);
        return form;
      },
      "agent@roimedia.co.za",
      PASSWORD,
    );
    expect(again.signedIn).toBe(true);
    expect(browser.session).toBeTruthy();
    expect(browser.session).not.toBe(firstId);
    const replay = new Browser();
    replay.cookies.set("roi_admin", firstId);
    expect((await replay.request("/admin")).location).toMatch(/^\/admin\/login/);
    expect((await browser.request("/admin")).status).toBe(200);
  });

  it("answers a wrong password and an unknown email alike", async () => {
    const wrong = await new Browser().password("agent@roimedia.co.za", "not the password at all");
    const unknown = await new Browser().password("nobody@roimedia.co.za", "not the password at all");
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.text).toContain("Invalid email or password");
    }
  });

  it("limits a stranger guessing, never the account's user at another address; a success clears the user's count", async () => {
    const stranger = new Browser();
    // Guesses past every limit: the address's own at this account, and the account's.
    for (let i = 0; i < loginLimits.account.max + 1; i++) {
      expect((await stranger.password("guessed@roimedia.co.za", `guess number ${i}`)).status).toBe(i < loginLimits.pair.max ? 401 : 429);
    }
    const user = new Browser();
    for (let i = 0; i < triesOnceAccountLimited - 1; i++)
      expect((await user.password("guessed@roimedia.co.za", "a typo in the passphrase")).status).toBe(401);
    const signedIn = await user.signIn("guessed@roimedia.co.za");
    expect(signedIn.signedIn).toBe(true);
    expect(user.session).toBeTruthy();

    const blocked = await stranger.password("guessed@roimedia.co.za");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after")), "when to come back, in seconds").toBeGreaterThan(
      (loginLimits.pair.windowMinutes - 1) * 60,
    );
    // Both windows the stranger's first guess opened are still whole.
    expect(blocked.text).toContain(loginRateLimitMessage(loginLimits.pair.windowMinutes));
    expect(stranger.session).toBeUndefined();

    // The success cleared the user's typo: while the account is still being guessed, the same tries again.
    user.cookies.delete("roi_admin");
    for (let i = 0; i < triesOnceAccountLimited - 1; i++)
      expect((await user.password("guessed@roimedia.co.za", "a typo in the passphrase")).status).toBe(401);
    expect((await user.signIn("guessed@roimedia.co.za")).signedIn).toBe(true);
  });

  it("limits an address trying many accounts, whichever account it tries next", async () => {
    const browser = new Browser();
    for (let i = 0; i < loginLimits.address.max; i++) {
      expect((await browser.password(`nobody-${i}@roimedia.co.za`, "whatever it is")).status).toBe(401);
    }
    const blocked = await browser.password("agent@roimedia.co.za");
    expect(blocked.status).toBe(429);
    expect(browser.session).toBeUndefined();
  });

  it("refuses a sign-in form from another site and one without its token", async () => {
    const browser = new Browser();
    await browser.request("/admin/login");
    const crossSite = await browser.request("/admin/login", {
      body: { token: browser.cookies.get("roi_admin_login")!, email: "agent@roimedia.co.za", password: PASSWORD },
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const noToken = await browser.request("/admin/login", { body: { email: "agent@roimedia.co.za", password: PASSWORD } });
    expect(noToken.status).toBe(403);
    expect(browser.session).toBeUndefined();
  });
});

describe("with a session", () => {
  it("refuses a cross-site post and a post without the session's token", async () => {
    const browser = new Browser();
    await browser.signIn("csrf@roimedia.co.za");
    const csrf = await browser.csrf();
    const change = { intent: "status", status: "spam", csrf };
    const fromElsewhere = await browser.request(`/admin/leads/${leadId}`, { body: change, headers: { origin: "https://evil.example" } });
    expect(fromElsewhere.status).toBe(403);
    const noOrigin = await browser.request(`/admin/leads/${leadId}`, {
      body: change,
      headers: { origin: "", "sec-fetch-site": "cross-site" },
    });
    expect(noOrigin.status).toBe(403);
    const withoutToken = await browser.request(`/admin/leads/${leadId}`, { body: { intent: "status", status: "spam" } });
    expect(withoutToken.status).toBe(403);
    const otherToken = await browser.request(`/admin/leads/${leadId}`, { body: { ...change, csrf: "x".repeat(43) } });
    expect(otherToken.status).toBe(403);
    expect(statusOf(leadId)).toBe("new");

    const sameSite = await browser.request(`/admin/leads/${leadId}`, { body: { ...change, status: "contacted" } });
    expect(sameSite.status).toBe(303);
    expect(statusOf(leadId)).toBe("contacted");
  });

  it("sign-out ends the session on the server, not only in the browser", async () => {
    const browser = new Browser();
    await browser.signIn("out@roimedia.co.za");
    const stolen = browser.session!;
    const before = sessionCount();
    const out = await browser.request("/admin/logout", { body: { csrf: await browser.csrf() } });
    expect(out.status).toBe(303);
    expect(out.location).toBe("/admin/login?signed-out=1");
    expect(browser.session).toBeUndefined();
    expect(sessionCount()).toBe(before - 1);
    const replay = new Browser();
    replay.cookies.set("roi_admin", stolen);
    expect((await replay.request("/admin")).location).toMatch(/^\/admin\/login/);
  });

  it("refuses a session idle for longer than ADMIN_SESSION_IDLE_MINUTES, and keeps a used one alive", async () => {
    const browser = new Browser();
    await browser.signIn("idle@roimedia.co.za");
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const setLastSeen = (iso: string) => {
      const db = new DatabaseSync(path.join(server.dataDir, "site.db"), { timeout: 5000 });
      db.prepare(
        "UPDATE admin_sessions SET last_seen_at = ? WHERE user_id = (SELECT id FROM admin_users WHERE email = 'idle@roimedia.co.za')",
      ).run(iso);
      db.close();
    };
    // 59 minutes idle (the default is 60): still signed in, and the request counts as activity.
    setLastSeen(ago(59));
    expect((await browser.request("/admin")).status).toBe(200);
    const seen = readSiteDb<{ last_seen_at: string }>(
      server.dataDir,
      "SELECT last_seen_at FROM admin_sessions s JOIN admin_users u ON u.id = s.user_id WHERE u.email = 'idle@roimedia.co.za'",
    )[0]!;
    expect(Date.now() - new Date(seen.last_seen_at).getTime()).toBeLessThan(60_000);

    setLastSeen(ago(61));
    const expired = await browser.request("/admin/audit");
    expect(expired.status).toBe(303);
    expect(expired.location).toBe("/admin/login?next=%2Fadmin%2Faudit&expired=1");
    expect(browser.session).toBeUndefined();
    const login = await browser.request(expired.location!);
    expect(login.text).toContain("You were signed out after 60 minutes without activity.");
  });
});

describe("the public pages' JavaScript", () => {
  it("no prerendered page loads, preloads or lists a module of the inbox", async () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as {
      assets: { routes: Record<string, { module: string; imports?: string[] }> };
    };
    const chunksOf = (ids: string[]) =>
      new Set(ids.flatMap((id) => [build.assets.routes[id]!.module, ...(build.assets.routes[id]!.imports ?? [])]));
    const ids = Object.keys(build.assets.routes);
    const adminIds = ids.filter((id) => id.startsWith("routes/admin/"));
    expect(adminIds.length).toBeGreaterThanOrEqual(8);
    const publicChunks = chunksOf(ids.filter((id) => !adminIds.includes(id)));
    const adminOnly = [...chunksOf(adminIds)].filter((chunk) => !publicChunks.has(chunk));
    expect(adminOnly.length).toBeGreaterThan(0);

    for (const route of prerenderedPaths()) {
      const html = readFileSync(path.join(root, "build/client", route === "/" ? "" : route, "index.html"), "utf8");
      const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
      expect(scripts.length, route).toBeGreaterThan(0);
      expect(
        scripts.filter((s) => adminOnly.includes(s)),
        route,
      ).toEqual([]);
      expect(html, route).not.toContain("routes/admin/");
    }
    expect(existsSync(path.join(root, "build/client/admin"))).toBe(false);
  });
});
