import { randomBytes, scryptSync } from "node:crypto";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { Secret, TOTP } from "otpauth";
import { beforeEach, describe, expect, it } from "vitest";
import { COMMAND_LINE, listAudit } from "#server/audit/audit.ts";
import { findHoldings, forgetPerson } from "#server/admin/forget.ts";
import {
  attemptLogin,
  attemptSecondFactor,
  confirmEnrolment,
  enrolmentOffer,
  loginLimits,
  triesOnceAccountLimited,
} from "#server/admin/login.ts";
import { PASSWORD_CHECKS_AT_ONCE } from "#server/admin/password.ts";
import { addNote, resendNotification, setStatus } from "#server/admin/lead-changes.ts";
import { type Cursor, decodeCursor, type InboxFilter, everyLead } from "#server/admin/filter.ts";
import { exportRows } from "#server/admin/lead-export.ts";
import { listLeads } from "#server/admin/lead-list.ts";
import type { Database } from "#server/db/schema.ts";
import { createSession, destroySession, findSession, findSignIn } from "#server/admin/sessions.ts";
import { changeRole, createUser, removeUser } from "#server/admin/users.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { LeadStore } from "#server/leads/store.ts";
import type { NewLead } from "#server/forms/lead.ts";
import type { RateLimits } from "#server/rate-limits.ts";
import { env, parseEnv } from "#server/env.ts";
import { databaseKinds, type TestDatabase, useSiteDatabase } from "#tests/support/database.ts";

/**
 * The inbox's data layer on SQLite and, when TEST_DATABASE_URL is set,
 * PostgreSQL: the triggers that fill `leads`, keyset paging through ties,
 * the changes and their audit entries, forgetting, sessions and the sign-in limit.
 */

const none: InboxFilter = everyLead;
const FORGET_KEY = Buffer.alloc(32, 7);
const browserAt = { clientAddress: "203.0.113.9", userAgent: "StoreTest/1.0" };
const origin = (at: Date) => ({ botCheck: "altcha" as const, clientAddress: "198.51.100.1", userAgent: "StoreTest/1.0", receivedAt: at });
const notice = (id: number) => ({ kind: "Contact", replyTo: null, subject: `Lead ${id}`, text: "text", html: "<p>html</p>" });

function contact(name: string, email: string, company = "Acme"): NewLead {
  return { table: "form_submissions", row: { form_type: "contact", name, email, company, website: "acme.co.za", message: "Hello" } };
}

describe.each(databaseKinds)("lead inbox data on %s", (kind) => {
  const site = useSiteDatabase(kind);
  let test: TestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let leads: LeadStore;
  let rateLimits: RateLimits;
  beforeEach(() => void ({ test, handle, db, leads, rateLimits } = site));

  it("mirrors every lead table into the inbox through the triggers: insert, update, delete", async () => {
    const at = new Date("2026-11-20T08:00:00.000Z");
    await leads.saveLead(contact("Thandi Nkosi", "Thandi@Example.co.za"), origin(at), notice);
    await leads.saveLead(
      {
        table: "form_submissions",
        row: { form_type: "AI Assessment Request", name: "Ann", email: "ann@example.co.za", company: "Ann AI" },
      },
      origin(at),
      notice,
    );
    await leads.saveLead(
      { table: "company_profile_leads", row: { name: "Bob", email: "bob@example.co.za", company: null, phone: "011 555 0101" } },
      origin(at),
      notice,
    );
    await db
      .insertInto("bookings")
      .values({
        name: "Cara",
        email: "cara@example.co.za",
        mailbox: "cara@example.co.za",
        company: "Cara Tours",
        phone: null,
        website: "caratours.co.za",
        message: null,
        slot_start: at,
        slot_end: at,
        status: "confirmed",
        sequence: 0,
        bot_check: "altcha",
        client_address: "198.51.100.2",
        user_agent: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const mirrored = await db
      .selectFrom("leads")
      .select(["form_type", "name", "email", "company", "website", "phone", "status"])
      .orderBy("id")
      .execute();
    expect(mirrored).toEqual([
      {
        form_type: "contact",
        name: "Thandi Nkosi",
        email: "Thandi@Example.co.za",
        company: "Acme",
        website: "acme.co.za",
        phone: null,
        status: "new",
      },
      { form_type: "ai-assessment", name: "Ann", email: "ann@example.co.za", company: "Ann AI", website: null, phone: null, status: "new" },
      {
        form_type: "company-profile",
        name: "Bob",
        email: "bob@example.co.za",
        company: null,
        website: null,
        phone: "011 555 0101",
        status: "new",
      },
      {
        form_type: "booking",
        name: "Cara",
        email: "cara@example.co.za",
        company: "Cara Tours",
        website: "caratours.co.za",
        phone: null,
        status: "new",
      },
    ]);
    expect((await listLeads(db, { ...none, q: "THANDI@example" })).leads.map((l) => l.name)).toEqual(["Thandi Nkosi"]);
    expect((await listLeads(db, { ...none, q: "caratours" })).leads.map((l) => l.name)).toEqual(["Cara"]);
    expect((await listLeads(db, { ...none, q: "100%_" })).leads).toEqual([]);

    await db.updateTable("company_profile_leads").set({ name: "Bob Botha" }).execute();
    await db.deleteFrom("bookings").execute();
    expect((await db.selectFrom("leads").select("name").orderBy("id").execute()).map((r) => r.name)).toEqual([
      "Thandi Nkosi",
      "Ann",
      "Bob Botha",
    ]);
  });

  it("pages newest first by (created_at, id), through ties, both ways, and filters by SAST day", async () => {
    // 23 leads in 5 instants: ties that a page boundary must cut through.
    const base = Date.parse("2026-11-01T21:30:00.000Z"); // 23:30 SAST on 1 November
    for (let i = 0; i < 23; i++) {
      await leads.saveLead(contact(`Lead ${i}`, `lead${i}@example.co.za`), origin(new Date(base + Math.floor(i / 5) * 3_600_000)), notice);
    }
    const seen: string[] = [];
    let older: Cursor | undefined;
    const pages: Array<{ older: string | null; newer: string | null }> = [];
    do {
      const page = await listLeads(db, none, { older }, 5);
      seen.push(...page.leads.map((l) => l.name));
      pages.push(page);
      older = decodeCursor(page.older);
    } while (older);
    expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => `Lead ${22 - i}`));
    expect(pages).toHaveLength(5);
    // From the third page back to the second with Newer.
    const back = await listLeads(db, none, { newer: decodeCursor(pages[2]!.newer) }, 5);
    expect(back.leads.map((l) => l.name)).toEqual(["Lead 17", "Lead 16", "Lead 15", "Lead 14", "Lead 13"]);

    // 23:30 SAST on 1 November is the first day; an hour later it is 2 November in Johannesburg.
    expect((await listLeads(db, { ...none, to: "2026-11-01" })).leads.map((l) => l.name)).toEqual([
      "Lead 4",
      "Lead 3",
      "Lead 2",
      "Lead 1",
      "Lead 0",
    ]);
    expect((await listLeads(db, { ...none, from: "2026-11-02" })).leads).toHaveLength(18);

    const exported: string[][] = [];
    for await (const row of exportRows(db, { ...none, from: "2026-11-02" })) exported.push(row);
    expect(exported.map((r) => r[5])).toEqual(Array.from({ length: 18 }, (_, i) => `Lead ${22 - i}`));
    expect(exported[0]![10]).toBe("Message: Hello");
  });

  it("changes a status, adds a note and queues the notification again, each with an audit entry", async () => {
    const { leadId } = await leads.saveLead(contact("Thandi Nkosi", "thandi@example.co.za"), origin(new Date()), notice);
    const user = await createUser(db, "agent@roimedia.co.za", "a long enough passphrase", { role: "editor" });
    const actor = { userId: user.id, name: user.email };
    const { id } = await db.selectFrom("leads").select("id").executeTakeFirstOrThrow();
    expect(await setStatus(db, actor, id, "qualified")).toBe(true);
    expect(await addNote(db, actor, id, "Wants a proposal")).toBe(true);
    expect(await resendNotification(db, actor, id)).toBe("queued");
    expect(await resendNotification(db, actor, 999_999)).toBe("no-lead");

    expect((await listLeads(db, { ...none, status: "qualified" })).leads.map((l) => l.name)).toEqual(["Thandi Nkosi"]);
    const messages = await db
      .selectFrom("outbox")
      .select(["status", "subject", "attempts"])
      .where("lead_id", "=", leadId)
      .orderBy("id")
      .execute();
    expect(messages).toEqual([
      { status: "queued", subject: `Lead ${leadId}`, attempts: 0 },
      { status: "queued", subject: `Lead ${leadId}`, attempts: 0 },
    ]);
    const audit = await listAudit(db, 10);
    expect(audit.map((e) => [e.actor, e.action, e.detail, e.leadId])).toEqual([
      ["agent@roimedia.co.za", "resend", expect.stringMatching(/^queued the notification again \(message \d+\)$/), id],
      ["agent@roimedia.co.za", "note", "added a note", id],
      ["agent@roimedia.co.za", "status", "New to Qualified", id],
    ]);
  });

  it("forgets one person everywhere and no one else, and logs only a hash of the address", async () => {
    const mailDir = path.join(test.settings.DATA_DIR, "mail");
    const mail = { dir: mailDir, host: "127.0.0.1" };
    const thandi = await leads.saveLead(contact("Thandi Nkosi", "thandi@example.co.za"), origin(new Date()), notice);
    await leads.saveLead(
      { table: "form_submissions", row: { form_type: "newsletter", name: "Newsletter Subscriber", email: "THANDI@example.co.za" } },
      origin(new Date()),
      notice,
    );
    const other = await leads.saveLead(contact("Pieter van Wyk", "pieter@example.co.za"), origin(new Date()), notice);
    const [thandiLead] = await db.selectFrom("leads").select("id").where("lead_id", "=", thandi.leadId).execute();
    await addNote(db, COMMAND_LINE, thandiLead!.id, "Private note about Thandi");
    // The .eml files the worker wrote for her message and for Pieter's (Message-ID host 127.0.0.1).
    mkdirSync(mailDir, { recursive: true });
    const file = (table: string, lead: number, message: number) =>
      `2026-11-23T10-00-00-000Z-lead-${table}-${lead}.outbox-${message}127.0.0.1.eml`;
    writeFileSync(path.join(mailDir, file("form_submissions", thandi.leadId, thandi.outboxId)), "Thandi");
    writeFileSync(path.join(mailDir, file("form_submissions", other.leadId, other.outboxId)), "Pieter");

    const held = await findHoldings(db, mail, " Thandi@Example.co.za ");
    expect(held).toMatchObject({ email: "thandi@example.co.za", messages: 2, notes: 1, mailFiles: 1 });
    expect(held.leads.map((l) => l.form)).toEqual(["Contact", "Newsletter"]);

    const key = Buffer.alloc(32, 7);
    const result = await forgetPerson(
      { db, mail, forgetKey: key, purgeDeleted: handle.purgeDeleted },
      COMMAND_LINE,
      "thandi@example.co.za",
    );
    expect(result).toMatchObject({ leads: 2, messages: 2, notes: 1, mailFiles: 1 });
    expect(await findHoldings(db, mail, "thandi@example.co.za")).toMatchObject({ leads: [], messages: 0, notes: 0, mailFiles: 0 });
    expect((await db.selectFrom("leads").select("name").execute()).map((r) => r.name)).toEqual(["Pieter van Wyk"]);
    expect(await db.selectFrom("lead_notes").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("outbox").select("lead_id").execute()).toEqual([{ lead_id: other.leadId }]);
    expect(readdirSync(mailDir)).toEqual([file("form_submissions", other.leadId, other.outboxId)]);
    const [entry] = await listAudit(db, 1);
    expect(entry!.detail).toBe(`forgot 5 records (2 leads, 2 messages, 1 notes) for email hash ${result.fingerprint}`);
    expect(JSON.stringify(await listAudit(db, 10))).not.toMatch(/thandi/i);
  });

  it("ends sessions when idle or signed out", async () => {
    const user = await createUser(db, "agent@roimedia.co.za", "a long enough passphrase", { role: "editor" });
    const start = new Date("2026-11-23T08:00:00.000Z");
    const token = await createSession(db, user.id, browserAt, start);
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    expect((await findSession(db, token, 30, at(29))).state).toBe("valid");
    // That request counted as activity: 29 minutes after it, still valid; 31 minutes after, gone.
    expect((await findSession(db, token, 30, at(58))).state).toBe("valid");
    expect((await findSession(db, token, 30, at(89))).state).toBe("expired");
    expect((await findSession(db, token, 30, at(90))).state).toBe("none");
    const second = await createSession(db, user.id, browserAt, start);
    await destroySession(db, second);
    expect((await findSession(db, second, 30, start)).state).toBe("none");
  });

  it("counts every request as activity: with a one-minute idle time, a user busy every 20 seconds stays signed in", async () => {
    const user = await createUser(db, "agent@roimedia.co.za", "a long enough passphrase", { role: "reader" });
    const start = new Date("2026-11-23T08:00:00.000Z");
    const token = await createSession(db, user.id, browserAt, start);
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    for (let seconds = 20; seconds <= 100; seconds += 20) {
      expect((await findSession(db, token, 1, at(seconds))).state, `a request ${seconds} s after signing in`).toBe("valid");
    }
    // A minute and more after the last request, it has ended.
    expect((await findSession(db, token, 1, at(100 + 61))).state).toBe("expired");
  });

  it("hashes passwords at the configured scrypt cost, and hashes an older one again at its next sign-in", async () => {
    // The tests' cost (vitest.config.ts); the site's own is OWASP's N = 2^17 (tests/unit/env.test.ts).
    const today = new RegExp(`^scrypt\\$${2 ** env().ADMIN_PASSWORD_COST}\\$8\\$1\\$`);
    const user = await createUser(db, "agent@roimedia.co.za", "a long enough passphrase", { role: "admin" });
    const storedHash = async () =>
      (await db.selectFrom("admin_users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow()).password_hash;
    expect(await storedHash()).toMatch(today);
    // A hash made at another cost, as the inbox stored them before.
    const salt = randomBytes(16);
    const key = scryptSync("a long enough passphrase", salt, 64, { N: 2 ** 12, r: 8, p: 1 });
    const older = ["scrypt", 2 ** 12, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
    await db.updateTable("admin_users").set({ password_hash: older }).where("id", "=", user.id).execute();

    const services = { db, rateLimits, settings: parseEnv({ ...test.settings }), forgetKey: FORGET_KEY };
    const client = { address: "203.0.113.5", rateLimitSubject: "203.0.113.5" };
    const signIn = () =>
      attemptLogin(services, { email: "agent@roimedia.co.za", password: "a long enough passphrase", client, previousPending: "" });
    expect(await signIn()).toMatchObject({ ok: true });
    const upgraded = await storedHash();
    expect(upgraded).toMatch(today);
    expect(upgraded).not.toContain(salt.toString("base64"));
    expect(await signIn()).toMatchObject({ ok: true });
    expect(await storedHash()).toBe(upgraded);
  });

  it("takes an authenticator app's code once, and each recovery code once", async () => {
    const user = await createUser(db, "agent@roimedia.co.za", "a long enough passphrase", { role: "admin" });
    const services = { db, rateLimits, settings: parseEnv({ ...test.settings }), forgetKey: FORGET_KEY, totpKey: Buffer.alloc(32, 9) };
    const client = { address: "203.0.113.6", rateLimitSubject: "203.0.113.6" };
    const now = new Date("2026-11-23T08:00:10.000Z");
    const password = async () => {
      const answer = await attemptLogin(
        services,
        { email: user.email, password: "a long enough passphrase", client, previousPending: "" },
        now,
      );
      if (!answer.ok) throw new Error(`the password was refused: ${answer.reason}`);
      return answer;
    };
    const step = (pending: string, code: string) => ({ pending, code, client, userAgent: "StoreTest/1.0", previousSession: "" }) as const;

    const first = await password();
    expect(first.secondStep).toBe("enrol");
    const offer = await enrolmentOffer(services, (await findSignIn(db, first.pending, now))!);
    const app = new TOTP({ secret: Secret.fromBase32(offer.secret.replace(/ /g, "")), algorithm: "SHA1", digits: 6, period: 30 });
    // What an authenticator app reads from the QR code: the issuer, the account and the secret, SHA-1, 6 digits, 30 seconds.
    const uri = new URL(offer.uri);
    expect(`${uri.protocol}//${uri.host}${decodeURIComponent(uri.pathname)}`).toBe("otpauth://totp/ROI Media:agent@roimedia.co.za");
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: "ROI Media",
      secret: app.secret.base32,
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
    const enrolled = await confirmEnrolment(services, step(first.pending, app.generate({ timestamp: now.getTime() })), now);
    expect(enrolled).toMatchObject({
      ok: true,
      recoveryCodes: expect.arrayContaining([expect.stringMatching(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/)]),
    });
    const codes = (enrolled as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    // Only hashes are kept.
    expect(JSON.stringify(await db.selectFrom("admin_recovery_codes").selectAll().execute())).not.toContain(codes[0]!.replace(/-/g, ""));

    // The code that set the app up does not sign in again; the next step's does, once.
    const second = await password();
    expect(second.secondStep).toBe("code");
    expect(await attemptSecondFactor(services, step(second.pending, app.generate({ timestamp: now.getTime() })), now)).toEqual({
      ok: false,
      reason: "invalid",
    });
    const next = app.generate({ timestamp: now.getTime() + 30_000 });
    expect(await attemptSecondFactor(services, step(second.pending, next), now)).toMatchObject({ ok: true });
    const third = await password();
    expect(await attemptSecondFactor(services, step(third.pending, next), now)).toEqual({ ok: false, reason: "invalid" });

    // A recovery code, typed in capitals and without its dashes, signs in once.
    expect(await attemptSecondFactor(services, step(third.pending, codes[3]!.replace(/-/g, "").toUpperCase()), now)).toMatchObject({
      ok: true,
    });
    const fourth = await password();
    expect(await attemptSecondFactor(services, step(fourth.pending, codes[3]!), now)).toEqual({ ok: false, reason: "invalid" });
    expect((await listAudit(db, 20)).map((entry) => entry.detail)).toEqual(
      expect.arrayContaining([
        "set up an authenticator app",
        "signed in with a recovery code (9 left) from 203.0.113.6",
        "failed sign-in: wrong code from 203.0.113.6",
      ]),
    );
  });

  it("never leaves the inbox without an admin, nor lets an admin remove themselves", async () => {
    const first = await createUser(db, "first@roimedia.co.za", "a long enough passphrase", { role: "admin" });
    const second = await createUser(db, "second@roimedia.co.za", "a long enough passphrase", { role: "editor" });
    const dialect = handle.dialect;
    expect(await changeRole(db, dialect, first.id, "reader")).toEqual({ ok: false, problem: "last-admin" });
    expect(await removeUser(db, dialect, first.id, second.id)).toEqual({ ok: false, problem: "last-admin" });
    expect(await removeUser(db, dialect, first.id, first.id)).toEqual({ ok: false, problem: "yourself" });
    expect(await changeRole(db, dialect, second.id, "admin")).toEqual({ ok: true, email: "second@roimedia.co.za" });
    // Two admins demoting each other at once: one of them stays an admin.
    const both = await Promise.all([changeRole(db, dialect, first.id, "reader"), changeRole(db, dialect, second.id, "reader")]);
    expect(both.filter((change) => change.ok)).toHaveLength(1);
    expect(await db.selectFrom("admin_users").select("email").where("role", "=", "admin").execute()).toHaveLength(1);
  });

  describe("sign-in limits", () => {
    const PASSWORD = "a long enough passphrase";
    const signIn = (email: string, clientAddress: string, password = "not the password at all") =>
      attemptLogin(
        { db, rateLimits, settings: parseEnv({ ...test.settings }), forgetKey: FORGET_KEY },
        { email, password, client: { address: clientAddress, rateLimitSubject: clientAddress }, previousPending: "" },
      );
    const invalid = { ok: false, reason: "invalid" };
    const limited = { ok: false, reason: "rate-limit", retryAfterMinutes: loginLimits.pair.windowMinutes };
    const counts = () => handle.db.selectFrom("rate_limits").select(["form_key", "client_address", "count"]).execute();

    it("a stranger guessing from many addresses limits each of them, never the account's user at a new address", async () => {
      await createUser(db, "agent@roimedia.co.za", PASSWORD, { role: "admin" });
      // One address guesses past its own limit and the account's.
      for (let i = 0; i <= loginLimits.account.max; i++) {
        expect(await signIn("agent@roimedia.co.za", "198.51.100.1")).toEqual(i < loginLimits.pair.max ? invalid : limited);
      }
      // Past the account's limit, each further address has a try or two, and then no more.
      for (const address of ["198.51.100.2", "198.51.100.3"]) {
        for (let i = 0; i < triesOnceAccountLimited; i++) expect(await signIn("agent@roimedia.co.za", address)).toEqual(invalid);
        expect(await signIn("agent@roimedia.co.za", address, PASSWORD)).toMatchObject(limited);
      }
      // The user, from an address that has not failed, signs in; and again, as the success counted nothing.
      for (let i = 0; i < 2; i++) expect(await signIn("agent@roimedia.co.za", "203.0.113.20", PASSWORD)).toMatchObject({ ok: true });
      expect((await counts()).filter((row) => row.client_address.includes("203.0.113.20") && row.count > 0)).toEqual([]);
      expect(await signIn("agent@roimedia.co.za", "198.51.100.1", PASSWORD)).toMatchObject(limited);
    });

    it("a success clears the address's failures at that account, so typos never add up to a lock-out", async () => {
      await createUser(db, "agent@roimedia.co.za", PASSWORD, { role: "admin" });
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < loginLimits.pair.max - 1; i++) expect(await signIn("Agent@roimedia.co.za", "203.0.113.30")).toEqual(invalid);
        expect(await signIn("agent@roimedia.co.za", "203.0.113.30", PASSWORD), `round ${round}`).toMatchObject({ ok: true });
        expect((await counts()).filter((row) => row.count > 0)).toEqual([]);
      }
    });

    it("counts guesses made in parallel before any password is checked", async () => {
      await createUser(db, "agent@roimedia.co.za", PASSWORD, { role: "admin" });
      for (let i = 0; i < loginLimits.pair.max - 1; i++) expect(await signIn("agent@roimedia.co.za", "198.51.100.60")).toEqual(invalid);
      // As many at once as are checked at once: one is the last the limit allows, the others are past it.
      const answers = await Promise.all(
        Array.from({ length: PASSWORD_CHECKS_AT_ONCE }, () => signIn("agent@roimedia.co.za", "198.51.100.60")),
      );
      expect(answers.filter((answer) => answer.ok === false && answer.reason === "invalid")).toHaveLength(1);
      expect(answers.filter((answer) => answer.ok === false && answer.reason === "rate-limit")).toHaveLength(PASSWORD_CHECKS_AT_ONCE - 1);
    });
  });
});
