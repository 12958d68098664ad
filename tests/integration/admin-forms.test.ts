import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTE_MAX_LENGTH, valueMessage } from "#app/lib/inbox.ts";
import { notAllowed } from "#app/forms/rules.ts";
import { SIGN_IN_FORM_EXPIRED } from "#server/admin/guard.ts";
import { createUser } from "#tests/support/admin-users.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { enhanced, postLead, solveAltcha } from "#tests/support/leads.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * What each of the inbox's own forms answers a post it refuses, over HTTP as
 * a browser without JavaScript posts them: the message and the status, the
 * first field to fix named first.
 */

const ADMIN = "forms@roimedia.co.za";
const PASSWORD = "a long enough passphrase";

let server: RunningServer;
let admin: InboxBrowser;
let leadPath: string;
let adminId: number;
let addresses = 0;
const browser = () => new InboxBrowser(server.url, `192.0.2.${++addresses}`);

const decoded = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** Posts `body` to the signed-in page `path` and expects `status` and `message` back. */
async function refused(path: string, body: Record<string, string>, status: number, message: string) {
  const answer = await admin.post(path, body);
  const what = `${path} ${JSON.stringify(body).slice(0, 120)}`;
  expect(answer.status, what).toBe(status);
  expect(decoded(answer.text), what).toContain(message);
}

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "x-forwarded-for", ALTCHA_HMAC_KEY: randomBytes(32).toString("hex"), ALTCHA_COST: "20" });
  await createUser(server.dataDir, ADMIN, PASSWORD);
  const lead = await postLead(
    server,
    "/contact",
    { name: "Thandi Nkosi", email: "thandi@example.co.za", company: "Nkosi Logistics", ...enhanced(await solveAltcha(server)) },
    { "x-forwarded-for": "198.51.100.7" },
  );
  expect(lead.status).toBe(200);
  leadPath = `/admin/leads/${readSiteDb<{ id: number }>(server.dataDir, "SELECT id FROM leads")[0]!.id}`;
  adminId = readSiteDb<{ id: number }>(server.dataDir, "SELECT id FROM admin_users WHERE email = ?", ADMIN)[0]!.id;
  admin = browser();
  expect((await admin.signIn(ADMIN, PASSWORD)).signedIn).toBe(true);
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

describe("the sign-in", () => {
  it("refuses an expired form 403 keeping the address typed, before a character no address can hold", async () => {
    const visitor = browser();
    await visitor.request("/admin/login");
    const expired = await visitor.request("/admin/login", {
      body: { token: "x".repeat(43), email: "typed@roimedia.co.za", password: "p" },
    });
    expect(expired.status).toBe(403);
    expect(expired.text).toContain(SIGN_IN_FORM_EXPIRED);
    expect(expired.text).toContain('value="typed@roimedia.co.za"');
    const both = await visitor.request("/admin/login", { body: { token: "", email: "a\u0000@roimedia.co.za", password: "p" } });
    expect(both.status).toBe(403);
    const token = visitor.cookies.get("roi_admin_login")!;
    const nul = await visitor.request("/admin/login", { body: { token, email: "a\u0000@roimedia.co.za", password: "p" } });
    expect(nul.status).toBe(400);
    expect(nul.text).toContain(notAllowed("Email"));
    expect((await visitor.password(ADMIN, PASSWORD)).status, "the password step").toBe(303);
    const code = await visitor.request("/admin/login/code", { body: { token: "", code: "123456" } });
    expect(code.status).toBe(403);
    expect(code.text).toContain(SIGN_IN_FORM_EXPIRED);
  });
});

describe("a lead's forms", () => {
  it("name the first field to fix, with its message", async () => {
    await refused(leadPath, { intent: "status", status: "bogus", value: "abc" }, 400, "Choose one of the statuses.");
    await refused(leadPath, { intent: "status", status: "won", value: "abc" }, 400, valueMessage);
    await refused(leadPath, { intent: "note", note: " \n " }, 400, "Write the note first.");
    await refused(leadPath, { intent: "note", note: "Called\u0000" }, 400, notAllowed("Note"));
    await refused(leadPath, { intent: "note", note: "x".repeat(NOTE_MAX_LENGTH + 1) }, 400, `at most ${NOTE_MAX_LENGTH} characters`);
    await refused(leadPath, { intent: "cancel-call", sequence: "x" }, 400, "That form could not be read.");
    await refused(leadPath, { intent: "cancel-call", sequence: "1" }, 400, "This lead is not a booked call.");
    await refused(leadPath, { intent: "bogus" }, 400, "Unknown action.");
    await refused(leadPath, {}, 400, "Unknown action.");
  });

  it("save a status with a value in rand, and a note trimmed", async () => {
    expect((await admin.post(leadPath, { intent: "status", status: "won", value: "R12 500,50" })).status).toBe(303);
    expect((await admin.post(leadPath, { intent: "note", note: "  Called back  " })).status).toBe(303);
    const page = await admin.request(leadPath);
    expect(page.text).toContain("12500.50");
    expect(readSiteDb<{ body: string }>(server.dataDir, "SELECT body FROM lead_notes")[0]!.body).toBe("Called back");
  });
});

describe("forget a person", () => {
  it("asks for an address, then for the box ticked", async () => {
    await refused("/admin/forget", { intent: "find", email: "nobody" }, 400, "Enter the person's email address.");
    await refused("/admin/forget", { intent: "find", email: "a\u0000@example.co.za" }, 400, notAllowed("Email"));
    await refused("/admin/forget", { intent: "forget", email: "thandi@example.co.za" }, 400, "Tick the box to confirm");
    const found = await admin.post("/admin/forget", { intent: "find", email: " Thandi@Example.co.za " });
    expect(found.status).toBe(200);
    expect(found.text).toContain("Held about thandi@example.co.za");
  });
});

describe("the users page", () => {
  it("checks a new user's address, then role, then password", async () => {
    await refused("/admin/users", { intent: "add", email: "nobody", role: "boss" }, 400, "Enter the new user's email address.");
    await refused("/admin/users", { intent: "add", email: "new@roimedia.co.za", role: "boss" }, 400, "Choose a role.");
    await refused("/admin/users", { intent: "add", email: "new@roimedia.co.za", role: "reader", password: "short" }, 400, "at least 12");
    await refused("/admin/users", { intent: "add", email: ADMIN.toUpperCase(), role: "reader" }, 409, `${ADMIN} already has an account.`);
  });

  it("names the user of a change first: one that is no more is a 404, whatever the change", async () => {
    await refused("/admin/users", { intent: "role", user: "x", role: "admin" }, 404, "There is no such user any more.");
    await refused("/admin/users", { intent: "bogus", user: "0" }, 404, "There is no such user any more.");
    await refused("/admin/users", { intent: "bogus", user: String(adminId) }, 400, "Unknown action.");
    await refused("/admin/users", { intent: "role", user: String(adminId), role: "boss" }, 400, "Choose a role.");
    await refused("/admin/users", { intent: "remove", user: "999999" }, 404, "There is no such user any more.");
    await refused("/admin/users", { intent: "reset-second-factor", user: "999999" }, 404, "There is no such user any more.");
    await refused("/admin/users", { intent: "remove", user: String(adminId) }, 409, "You cannot remove yourself");
  });
});

describe("sessions and the account", () => {
  it("answer a session already ended 404", async () => {
    await refused("/admin/sessions", { intent: "end", session: "nope" }, 404, "That session has already ended.");
  });

  it("check the current password before the new one", async () => {
    await refused(
      "/admin/account",
      { intent: "password", current: "wrong", password: "x", repeat: "y" },
      401,
      "Your current password is not right.",
    );
    const differ = { intent: "password", current: PASSWORD, password: "a brand new passphrase", repeat: "another passphrase" };
    await refused("/admin/account", differ, 400, "The two new passwords differ.");
    await refused("/admin/account", { intent: "password", current: PASSWORD, password: "short", repeat: "short" }, 400, "at least 12");
  });
});
