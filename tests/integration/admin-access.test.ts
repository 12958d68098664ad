import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminRole, adminRoles, type InboxWork, roleAllows } from "#app/lib/inbox.ts";
import { CODE_FAILED, loginRateLimitMessage, MAX_CODE_TRIES } from "#server/admin/login.ts";
import { createUser, peekAuthenticatorCode, recoveryCode } from "#tests/support/admin-users.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { enhanced, postLead, solveAltcha } from "#tests/support/leads.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * Who may do what in the inbox (decision 0030), over real HTTP against
 * the built server as browsers without JavaScript: the second factor before
 * any session, each role's limits on every page and action, the users and
 * sessions pages, the password rules, and the audit log of it all.
 */

const PASSWORD = "a long enough passphrase";
const users = {
  admin: "boss@roimedia.co.za",
  editor: "editor@roimedia.co.za",
  reader: "reader@roimedia.co.za",
} as const satisfies Record<AdminRole, string>;

let server: RunningServer;
let leadId: number;
let addresses = 0;
const browser = () => new InboxBrowser(server.url, `192.0.2.${++addresses}`);
const audit = () =>
  readSiteDb<{ actor: string; action: string; detail: string }>(
    server.dataDir,
    "SELECT actor, action, detail FROM admin_audit_log ORDER BY id",
  );
/** Browsers signed in once per role, for the tests that only read or act as that role. */
const signedIn = new Map<AdminRole, InboxBrowser>();

async function asRole(role: AdminRole): Promise<InboxBrowser> {
  let found = signedIn.get(role);
  if (!found) {
    found = browser();
    expect((await found.signIn(users[role], PASSWORD)).signedIn, role).toBe(true);
    signedIn.set(role, found);
  }
  return found;
}

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "x-forwarded-for", ALTCHA_HMAC_KEY: randomBytes(32).toString("hex"), ALTCHA_COST: "20" });
  await Promise.all(
    [
      ...Object.entries(users).map(([role, email]) => [email, role] as const),
      ["second@roimedia.co.za", "reader"] as const,
      ["sessions@roimedia.co.za", "reader"] as const,
    ].map(([email, role]) => createUser(server.dataDir, email, PASSWORD, undefined, { role: role as AdminRole })),
  );
  const answer = await postLead(
    server,
    "/contact",
    {
      name: "Thandi Nkosi",
      email: "thandi@example.co.za",
      company: "Nkosi Logistics",
      budget: "6.5k-12.4k",
      ...enhanced(await solveAltcha(server)),
    },
    { "x-forwarded-for": "198.51.100.7" },
  );
  expect(answer.status).toBe(200);
  leadId = readSiteDb<{ id: number }>(server.dataDir, "SELECT id FROM leads")[0]!.id;
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

describe("the second factor", () => {
  it("starts a session only after a code from the app; wrong codes end the sign-in and are limited like passwords", async () => {
    const email = "second@roimedia.co.za";
    expect((await browser().signIn(email, PASSWORD)).signedIn).toBe(true); // the first sign-in sets the app up

    const stranger = browser();
    const right = await stranger.password(email, PASSWORD);
    expect(right.status).toBe(303);
    expect(right.location).toBe("/admin/login/code?next=%2Fadmin");
    expect(stranger.session).toBeUndefined();
    expect((await stranger.request("/admin")).location).toMatch(/^\/admin\/login/);
    const token = stranger.cookies.get("roi_admin_login")!;
    const code = (value: string) => stranger.request("/admin/login/code", { body: { token, code: value, next: "/admin" } });
    for (let i = 1; i < MAX_CODE_TRIES; i++) {
      const wrong = await code("000000");
      expect(wrong.status).toBe(401);
      expect(wrong.text).toContain(CODE_FAILED.split(".")[0]);
      expect(stranger.session).toBeUndefined();
    }
    // The last wrong code ends the sign-in: even the right code then needs the password again.
    expect((await code("000000")).location).toBe("/admin/login?start-again=1");
    expect((await code(peekAuthenticatorCode(email))).location).toBe("/admin/login?start-again=1");
    expect(stranger.session).toBeUndefined();

    // From this address the account's codes are now limited; the user, elsewhere, signs in.
    expect((await stranger.password(email, PASSWORD)).status).toBe(303);
    const limited = await code(peekAuthenticatorCode(email));
    expect(limited.status).toBe(429);
    expect(limited.text).toContain(loginRateLimitMessage(15));
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(stranger.session).toBeUndefined();
    expect((await browser().signIn(email, PASSWORD)).signedIn).toBe(true);

    const failures = audit().filter((entry) => entry.action === "sign-in-failed" && entry.actor === email);
    expect(failures).toHaveLength(MAX_CODE_TRIES);
    expect(failures[0]!.detail).toBe(`failed sign-in: wrong code from ${stranger.address}`);
  });

  it("takes a recovery code once, in place of the app's code", async () => {
    const email = users.editor;
    await asRole("editor");
    const first = browser();
    const saved = recoveryCode(email);
    expect((await first.signInWithRecoveryCode(email, PASSWORD, saved)).location).toBe("/admin");
    expect((await first.request("/admin")).status).toBe(200);

    const again = browser();
    expect((await again.signInWithRecoveryCode(email, PASSWORD, saved)).status).toBe(401);
    expect(again.session).toBeUndefined();
    expect(audit().map((entry) => entry.detail)).toContain(`signed in with a recovery code (9 left) from ${first.address}`);
  });
});

describe("roles", () => {
  /** Every page of the signed-in inbox and the least work it takes (the sign-out excepted). */
  const pages: Array<[string, InboxWork]> = [
    ["/admin", "read"],
    ["/admin/leads/:id", "read"],
    ["/admin/calls", "read"],
    ["/admin/report", "read"],
    ["/admin/newsletter", "read"],
    ["/admin/sessions", "read"],
    ["/admin/account", "read"],
    ["/admin/export.csv", "export"],
    ["/admin/report.csv", "export"],
    ["/admin/conversions/google-ads-clicks.csv", "export"],
    ["/admin/conversions/google-ads-leads.csv", "export"],
    ["/admin/conversions/google-ads-adjustments.csv", "export"],
    ["/admin/newsletter/export.csv", "export"],
    ["/admin/forget", "forget"],
    ["/admin/audit", "audit"],
    ["/admin/system", "system"],
    ["/admin/users", "manage-users"],
    ["/admin/articles", "write-articles"],
    ["/admin/articles/:id", "write-articles"],
    ["/admin/articles/:id/send", "write-articles"],
    ["/admin/pricing", "edit-site-content"],
    ["/admin/testimonials", "edit-site-content"],
    ["/admin/badges", "edit-site-content"],
    ["/admin/case-studies", "edit-site-content"],
    ["/admin/figures", "edit-site-content"],
    ["/admin/team", "edit-site-content"],
    ["/admin/contact", "edit-site-content"],
    ["/admin/service-pages", "edit-site-content"],
  ];
  /** A page's address with its :id filled: the lead made above, a new article's editor, or the first article's send page. */
  const address = (page: string) =>
    page.replace(":id", page.endsWith("/send") ? "1" : page.startsWith("/admin/articles/") ? "new" : String(leadId));

  it("the list above is every page of the signed-in inbox", async () => {
    const build = (await import(pathToFileURL(path.resolve(import.meta.dirname, "../../build/server/index.js")).href)) as {
      routes: Record<string, { path?: string; parentId?: string }>;
    };
    // Not pages: the sign-out, and the Account page's script's passkey posts (tested in tests/e2e/passkeys.test.ts).
    const notPages = ["routes/admin/logout", "routes/admin/account-passkey"];
    const signedInPages = Object.entries(build.routes)
      .filter(([id, route]) => route.parentId === "routes/admin/signed-in" && !notPages.includes(id))
      .map(([, route]) => `/${route.path}`);
    expect(signedInPages.sort()).toEqual(pages.map(([page]) => page).sort());
  });

  it.each(adminRoles.map((role) => role.key))("%s: every page answers as the role allows, and shows only what it allows", async (role) => {
    const user = await asRole(role);
    for (const [page, work] of pages) {
      const answer = await user.request(address(page));
      expect(answer.status, `${role} GET ${page}`).toBe(roleAllows(role, work) ? 200 : 403);
    }
    const inbox = (await user.request("/admin")).text;
    expect(inbox.includes('href="/admin/export.csv"'), "the export link").toBe(roleAllows(role, "export"));
    expect(inbox.includes('href="/admin/forget"'), "the forget link").toBe(roleAllows(role, "forget"));
    expect(inbox.includes('href="/admin/users"'), "the users link").toBe(roleAllows(role, "manage-users"));
    const lead = (await user.request(`/admin/leads/${leadId}`)).text;
    expect(lead.includes('name="intent" value="note"'), "the note form").toBe(roleAllows(role, "edit"));
  });

  it.each(adminRoles.map((role) => role.key))(
    "%s: every action answers as the role allows, and a refused one changes nothing",
    async (role) => {
      const user = await asRole(role);
      const lead = `/admin/leads/${leadId}`;
      const actions: Array<[string, Record<string, string>, InboxWork, number]> = [
        [lead, { intent: "note", note: `a note by the ${role}` }, "edit", 303],
        [lead, { intent: "status", status: "contacted", value: "" }, "edit", 303],
        [lead, { intent: "resend" }, "edit", 303],
        ["/admin/forget", { intent: "find", email: "nobody@example.co.za" }, "forget", 200],
        ["/admin/forget", { intent: "forget", email: "nobody@example.co.za", confirm: "yes" }, "forget", 303],
        ["/admin/users", { intent: "add", email: `added-by-${role}@roimedia.co.za`, role: "admin" }, "manage-users", 200],
      ];
      const csrf = await user.csrf();
      for (const [page, body, work, allowed] of actions) {
        const answer = await user.request(page, { body: { csrf, ...body } });
        expect(answer.status, `${role} POST ${page} ${body.intent}`).toBe(roleAllows(role, work) ? allowed : 403);
      }
      expect(readSiteDb(server.dataDir, "SELECT 1 FROM lead_notes WHERE body = ?", `a note by the ${role}`)).toHaveLength(
        roleAllows(role, "edit") ? 1 : 0,
      );
      expect(readSiteDb(server.dataDir, "SELECT 1 FROM admin_users WHERE email = ?", `added-by-${role}@roimedia.co.za`)).toHaveLength(
        roleAllows(role, "manage-users") ? 1 : 0,
      );
    },
  );
});

describe("users", () => {
  it("an admin adds a user with a password shown once, who chooses their own and sets up an app before anything else", async () => {
    const admin = await asRole("admin");
    const added = await admin.post("/admin/users", { intent: "add", email: "New.Person@roimedia.co.za", role: "editor" });
    expect(added.status).toBe(200);
    const given = /shown only now: <code[^>]*>([A-Za-z0-9]{16})<\/code>/.exec(added.text)?.[1];
    expect(given, "the password shown once").toBeDefined();
    expect((await admin.request("/admin/users")).text).not.toContain(given!);
    expect(
      readSiteDb(server.dataDir, "SELECT role, must_change_password AS must FROM admin_users WHERE email = 'new.person@roimedia.co.za'"),
    ).toEqual([{ role: "editor", must: 1 }]);

    const newcomer = browser();
    expect((await newcomer.signIn("new.person@roimedia.co.za", given!)).signedIn).toBe(true);
    // Every page but the account's sends to it until the password is their own.
    for (const page of ["/admin", `/admin/leads/${leadId}`, "/admin/sessions"])
      expect((await newcomer.request(page)).location).toBe("/admin/account");
    const weak = await newcomer.post("/admin/account", {
      intent: "password",
      current: given!,
      password: "aaaaaaaaaaaa",
      repeat: "aaaaaaaaaaaa",
    });
    expect(weak.status).toBe(400);
    const changed = await newcomer.post("/admin/account", {
      intent: "password",
      current: given!,
      password: "my own long passphrase",
      repeat: "my own long passphrase",
    });
    expect(changed.location).toBe("/admin/account?changed=1");
    expect((await newcomer.request("/admin")).status).toBe(200);
    expect((await browser().signIn("new.person@roimedia.co.za", given!)).signedIn).toBe(false);
  });

  it("an admin changes a role, resets an app and removes a user, but never themselves", async () => {
    const admin = await asRole("admin");
    await admin.post("/admin/users", { intent: "add", email: "temp@roimedia.co.za", role: "reader", password: "a passphrase of my own" });
    const temp = browser();
    expect((await temp.signIn("temp@roimedia.co.za", "a passphrase of my own")).signedIn).toBe(true);
    const id = (email: string) =>
      String(readSiteDb<{ id: number }>(server.dataDir, "SELECT id FROM admin_users WHERE email = ?", email)[0]!.id);

    expect((await admin.post("/admin/users", { intent: "role", user: id("temp@roimedia.co.za"), role: "editor" })).location).toBe(
      "/admin/users?done=role",
    );
    expect(readSiteDb(server.dataDir, "SELECT role FROM admin_users WHERE email = 'temp@roimedia.co.za'")).toEqual([{ role: "editor" }]);

    expect((await admin.post("/admin/users", { intent: "reset-second-factor", user: id("temp@roimedia.co.za") })).location).toBe(
      "/admin/users?done=reset",
    );
    expect((await temp.request("/admin")).location).toMatch(/^\/admin\/login/);
    expect(readSiteDb(server.dataDir, "SELECT totp_secret FROM admin_users WHERE email = 'temp@roimedia.co.za'")).toEqual([
      { totp_secret: null },
    ]);
    const again = browser();
    expect((await again.password("temp@roimedia.co.za", "a passphrase of my own")).location).toBe("/admin/login/enrol?next=%2Fadmin");

    const yourself = await admin.post("/admin/users", { intent: "remove", user: id(users.admin) });
    expect(yourself.status).toBe(409);
    expect(yourself.text).toContain("You cannot remove yourself");
    expect((await admin.post("/admin/users", { intent: "remove", user: id("temp@roimedia.co.za") })).location).toBe(
      "/admin/users?done=removed",
    );
    expect(readSiteDb(server.dataDir, "SELECT 1 FROM admin_users WHERE email = 'temp@roimedia.co.za'")).toEqual([]);

    const weak = await admin.post("/admin/users", {
      intent: "add",
      email: "weak@roimedia.co.za",
      role: "reader",
      password: "password1234",
    });
    expect(weak.status).toBe(400);
    expect(weak.text).toContain("one of the most common");
    const entries = audit()
      .filter((entry) => entry.actor === users.admin)
      .map((entry) => entry.detail);
    expect(entries).toEqual(
      expect.arrayContaining([
        "made temp@roimedia.co.za Editor",
        "reset the authenticator app of temp@roimedia.co.za",
        "removed the user temp@roimedia.co.za",
        "added the user temp@roimedia.co.za as Reader",
      ]),
    );
  });

  it("the command line refuses weak passwords: too common, repeated, or made of the email", async () => {
    for (const [password, reason] of [
      ["aaaaaaaaaaaa", /Choose another/],
      ["zqzqzqzqzqzqzq", /repeats a few characters/],
      ["abcdefghijklm", /runs through the keyboard/],
      ["qwerty123456", /one of the most common/],
      ["weakling@roimedia.co.za", /may not contain your email/],
      ["weakling forever and ever", /may not contain your email/],
    ] as const) {
      await expect(createUser(server.dataDir, "weakling@roimedia.co.za", password), password).rejects.toThrow(reason);
    }
    expect(readSiteDb(server.dataDir, "SELECT 1 FROM admin_users WHERE email = 'weakling@roimedia.co.za'")).toEqual([]);
  });
});

describe("sessions", () => {
  it("lists a user's sessions with where they signed in from, ends one, and signs out everywhere else", async () => {
    const email = "sessions@roimedia.co.za";
    const [phone, laptop, tablet] = [browser(), browser(), browser()];
    for (const each of [phone, laptop]) expect((await each.signIn(email, PASSWORD)).signedIn).toBe(true);
    // A third sign-in within the same half-minute: the app would show the same code, taken once.
    expect((await tablet.signInWithRecoveryCode(email, PASSWORD)).location).toBe("/admin");
    const page = (await laptop.request("/admin/sessions")).text;
    for (const each of [phone, laptop, tablet]) {
      expect(page).toContain(each.address);
      expect(page).toContain(each.userAgent);
    }
    const ids = readSiteDb<{ id: string; client_address: string }>(
      server.dataDir,
      "SELECT s.id, s.client_address FROM admin_sessions s JOIN admin_users u ON u.id = s.user_id WHERE u.email = ?",
      email,
    );
    const idOf = (each: InboxBrowser) => ids.find((row) => row.client_address === each.address)!.id;

    // A reader cannot end someone else's session.
    const reader = await asRole("reader");
    expect((await reader.post("/admin/sessions", { intent: "end", session: idOf(phone) })).status).toBe(404);
    expect((await phone.request("/admin")).status).toBe(200);

    expect((await laptop.post("/admin/sessions", { intent: "end", session: idOf(phone) })).location).toBe("/admin/sessions?ended=1");
    expect((await phone.request("/admin")).location).toMatch(/^\/admin\/login/);
    expect((await tablet.request("/admin")).status).toBe(200);
    expect((await laptop.post("/admin/sessions", { intent: "others" })).location).toBe("/admin/sessions?ended=1");
    expect((await tablet.request("/admin")).location).toMatch(/^\/admin\/login/);
    expect((await laptop.request("/admin")).status).toBe(200);

    // An admin sees everyone's sessions, and ends them.
    const admin = await asRole("admin");
    const all = (await admin.request("/admin/sessions")).text;
    expect(all).toContain(email);
    expect((await admin.post("/admin/sessions", { intent: "end", session: idOf(laptop) })).location).toBe("/admin/sessions?ended=1");
    expect((await laptop.request("/admin")).location).toMatch(/^\/admin\/login/);
    expect(audit().map((entry) => `${entry.actor}: ${entry.detail}`)).toEqual(
      expect.arrayContaining([
        `${email}: ended a session of ${email}`,
        `${email}: signed out everywhere else (1 sessions)`,
        `${users.admin}: ended a session of ${email}`,
      ]),
    );
  });
});

describe("the audit log", () => {
  it("records every view, search, export, forget look-up and failed sign-in, with a hash for a searched term", async () => {
    const admin = await asRole("admin");
    const before = audit().length;
    await admin.request(`/admin/leads/${leadId}`);
    await admin.request("/admin?q=Nkosi&status=new");
    await admin.request("/admin?q=Nkosi&status=new&older=x");
    await admin.request("/admin/export.csv?type=contact");
    await admin.request("/admin/report.csv");
    await admin.request("/admin/newsletter/export.csv");
    await admin.request("/admin/conversions/google-ads-clicks.csv");
    await admin.post("/admin/forget", { intent: "find", email: "Someone@Example.co.za" }, "/admin/forget");
    expect((await browser().password(users.admin, "not the password at all")).status).toBe(401);
    expect((await browser().password("nobody@roimedia.co.za", "not the password at all")).status).toBe(401);

    const entries = audit().slice(before);
    const hash = (text: string) => expect.stringMatching(new RegExp(text.replace(/[()]/g, "\\$&").replace("HASH", "[0-9a-f]{16}")));
    expect(entries).toEqual([
      { actor: users.admin, action: "view", detail: "viewed the lead (Contact)" },
      { actor: users.admin, action: "search", detail: hash("searched the leads: search hash HASH, status New") },
      { actor: users.admin, action: "export", detail: "exported the leads of: form Contact" },
      {
        actor: users.admin,
        action: "export",
        detail: expect.stringMatching(/^exported the lead report from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/),
      },
      { actor: users.admin, action: "export", detail: "exported the confirmed newsletter subscribers" },
      { actor: users.admin, action: "export", detail: "exported the Google Ads click conversions" },
      { actor: users.admin, action: "forget-lookup", detail: hash("looked up what is held for email hash HASH") },
      {
        actor: users.admin,
        action: "sign-in-failed",
        detail: hash("failed sign-in: wrong password for email hash HASH from 192.0.2.\\d+"),
      },
      {
        actor: "unknown account",
        action: "sign-in-failed",
        detail: hash("failed sign-in: wrong password for email hash HASH from 192.0.2.\\d+"),
      },
    ]);
    // The term and the looked-up address are personal data: the log keeps neither.
    expect(JSON.stringify(entries)).not.toMatch(/nkosi|someone|nobody@/i);
    const page = await admin.request("/admin/audit");
    expect(page.text).toContain("viewed the lead (Contact)");
  });
});
