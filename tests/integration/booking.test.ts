import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { botFields } from "#app/forms/bot-fields.ts";
import { botCheckFailed, formExpired, rateLimitMessage, rateLimitTitle } from "#app/forms/messages.ts";
import { manageRateLimits } from "#server/booking/manage-limits.ts";
import { noscriptRateLimit } from "#server/forms/bot-check.ts";
import { signManageToken } from "#server/booking/token.ts";
import { calendarPart, parseInvitation } from "#tests/support/booking-ical.ts";
import { createTestDatabase, databaseKinds, readSiteDb, type TestDatabase } from "#tests/support/database.ts";
import { decodeMime, enhanced, formTokenAged, postLead, solveAltcha, waitFor } from "#tests/support/leads.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";
import { bookingForm, bookingMessages, callsHeldMessage } from "#app/forms/booking.ts";
import { createUser } from "#tests/support/admin-users.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";

const HMAC_KEY = "booking-test-hmac-key-0123456789abcdef";
const AGENT_USER = "agent@roimedia.co.za";
const PASSWORD = "a long enough passphrase";
const TOKEN_SECRET = "booking-test-token-secret-0123456789abcdef";
const AGENCY = "info@roimedia.co.za";

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it is given. */
async function startSmtp(): Promise<{ port: number; messages: Received[]; close(): Promise<void> }> {
  const messages: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function slotsOf(html: string): string[] {
  return [...html.matchAll(/name="slot" value="([^"]+)"/g)].map((m) => m[1]!);
}

let client = 0;
/** Each simulated visitor comes from its own address (the server trusts X-Forwarded-For here). */
const nextAddress = () => `198.51.100.${(client++ % 250) + 1}`;

let visitors = 0;
/** A booking's fields; each visitor has an address of their own unless said (an address holds one call). */
function bookingFields(slot: string, who = "Thandi Nkosi", email = `visitor-${++visitors}@example.co.za`): Record<string, string> {
  return {
    slot,
    day: slot.slice(0, 10),
    name: who,
    email,
    company: "Nkosi Retail",
    phone: "+27 82 555 0101",
    website: "nkosi.co.za",
    message: "Google Ads spend and ROAS",
    [botFields.honeypot]: "",
    // A page rendered 5 seconds ago, as a visitor without JavaScript posts it.
    [botFields.formToken]: formTokenAged(HMAC_KEY, 5000),
  };
}

/** A booking post as the page with JavaScript sends it: the captcha's answer instead of the form token. */
function withCaptcha(fields: Record<string, string>, token: string): Record<string, string> {
  const { [botFields.formToken]: _formToken, ...rest } = fields;
  return { ...rest, ...(enhanced(token) as Record<string, string>) };
}

/** "Please wait N minutes before trying again." for any N. */
const waitMessage = new RegExp(
  rateLimitMessage(12345)
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace("12345", "\\d+"),
);

const manageOf = (location: string | null) => location!.split("?")[0]!;
const bookingIdOf = (manage: string) => Number(manage.split("/").at(-1)!.split(".")[0]);

/** Posts as a browser without JavaScript: a plain form post, the redirect not followed. */
async function post(server: RunningServer, path: string, fields: Record<string, string>, address = nextAddress()) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "X-Forwarded-For": address },
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), retryAfter: res.headers.get("retry-after"), html: await res.text() };
}

describe.each(databaseKinds)("Book a Call on %s", (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let database: TestDatabase;
  let server: RunningServer;

  /** Counts rows through the database the server uses. */
  async function count(sql: string): Promise<number> {
    if (kind === "sqlite") return Number(Object.values(readSiteDb(server.dataDir, sql)[0]!)[0]);
    const db = new pg.Client(database.settings.DATABASE_URL);
    await db.connect();
    try {
      return Number(Object.values((await db.query(sql)).rows[0])[0]);
    } finally {
      await db.end();
    }
  }

  async function freeSlots(): Promise<string[]> {
    return slotsOf(await (await fetch(`${server.url}/calendar`)).text());
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    database = await createTestDatabase(kind);
    server = await startServer({
      DATA_DIR: database.settings.DATA_DIR,
      ...(database.settings.DATABASE_URL ? { DATABASE_URL: database.settings.DATABASE_URL } : {}),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      ALTCHA_HMAC_KEY: HMAC_KEY,
      // A cheap proof of work: the tests solve challenges as the widget would.
      ALTCHA_COST: "20",
      BOOKING_TOKEN_SECRET: TOKEN_SECRET,
      TRUST_PROXY: "x-forwarded-for",
      OUTBOX_POLL_MS: "100",
      TZ: "America/New_York",
    });
  });

  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    await smtp?.close();
  });

  afterEach(() => {
    smtp.messages.length = 0;
  });

  it("lists free 15-minute slots in SAST hours, though the server runs in New York", async () => {
    const slots = await freeSlots();
    expect(slots.length).toBeGreaterThan(36);
    for (const slot of slots) {
      const sast = new Date(new Date(slot).getTime() + 2 * 3600_000);
      const minutes = sast.getUTCHours() * 60 + sast.getUTCMinutes();
      expect(minutes, slot).toBeGreaterThanOrEqual(9 * 60);
      expect(minutes, slot).toBeLessThanOrEqual(17 * 60 + 45);
      expect(minutes % 15, slot).toBe(0);
      expect([0, 6], slot).not.toContain(sast.getUTCDay());
    }
  });

  it("gives one of 20 visitors racing for a slot the booking, and the others a clear message", async () => {
    const slot = (await freeSlots())[40]!;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(server, "/calendar", bookingFields(slot, `Visitor ${i}`))));
    const booked = answers.filter((a) => a.status === 302);
    expect(booked).toHaveLength(1);
    expect(booked[0]!.location).toMatch(/^\/calendar\/manage\/\d+\.\d+\.[\w-]+\?booked=1$/);
    const refused = answers.filter((a) => a.status !== 302);
    expect(refused.map((a) => a.status)).toEqual(Array(19).fill(409));
    for (const answer of refused) expect(answer.html).toContain(bookingMessages.slotTaken);

    expect(await count("select count(*) from bookings")).toBe(1);
    expect(await count("select count(*) from booking_claims")).toBe(1);
    expect(await freeSlots()).not.toContain(slot);
    await waitFor(() => smtp.messages.length >= 2 || undefined, "the booking's two messages");
  });

  it("sends the visitor and the agency an invitation that parses back at the booked time in SAST", async () => {
    const slot = (await freeSlots())[60]!;
    const answer = await post(server, "/calendar", bookingFields(slot, "Thandi Nkosi", "thandi@example.co.za"));
    expect(answer.status).toBe(302);
    await waitFor(() => smtp.messages.length >= 2 || undefined, "both messages");

    const toVisitor = smtp.messages.find((m) => m.to.includes("thandi@example.co.za"))!;
    const toAgency = smtp.messages.find((m) => m.to.includes(AGENCY))!;
    expect(toVisitor).toBeDefined();
    expect(toAgency).toBeDefined();
    expect(decodeMime(toAgency.raw)).toContain("Nkosi Retail");
    expect(decodeMime(toAgency.raw)).toContain("Google Ads spend and ROAS");
    // The visitor's mail carries the link to cancel or move the call.
    expect(decodeMime(toVisitor.raw)).toContain(`${server.url}${answer.location!.replace("?booked=1", "")}`);

    for (const message of [toVisitor, toAgency]) {
      const invite = parseInvitation(calendarPart(message.raw));
      expect(invite.method).toBe("REQUEST");
      expect(invite.start.toISOString()).toBe(new Date(slot).toISOString());
      expect(invite.end.getTime() - invite.start.getTime()).toBe(15 * 60_000);
      expect(invite.startZone).toBe("Africa/Johannesburg");
      expect(invite.endZone).toBe("Africa/Johannesburg");
      expect(invite.organizer.toLowerCase()).toBe(`mailto:${AGENCY}`);
      expect(invite.attendees).toEqual(["mailto:thandi@example.co.za"]);
    }
  });

  it("frees a cancelled slot so it can be booked again, and sends both sides a cancellation", async () => {
    const slot = (await freeSlots())[80]!;
    const first = await post(server, "/calendar", bookingFields(slot));
    expect(first.status).toBe(302);
    const manage = first.location!.split("?")[0]!;
    await waitFor(() => smtp.messages.length >= 2 || undefined, "the booking's messages");
    smtp.messages.length = 0;

    const page = await (await fetch(`${server.url}${manage}`)).text();
    expect(page).toContain("noindex");
    const cancel = await post(server, manage, { intent: "cancel", sequence: "0" });
    expect(cancel.status).toBe(302);
    expect(await (await fetch(`${server.url}${manage}`)).text()).toContain("Your call is cancelled");
    expect(await freeSlots()).toContain(slot);

    await waitFor(() => smtp.messages.length >= 2 || undefined, "the cancellations");
    for (const message of smtp.messages) {
      const invite = parseInvitation(calendarPart(message.raw));
      expect(invite.method).toBe("CANCEL");
      expect(invite.sequence).toBe(1);
    }

    const again = await post(server, "/calendar", bookingFields(slot, "Second Visitor"));
    expect(again.status).toBe(302);
    expect(await freeSlots()).not.toContain(slot);
  });

  it("moves a booking to another slot, freeing the old one", async () => {
    const slots = await freeSlots();
    const [from, to] = [slots[100]!, slots[101]!];
    const booked = await post(server, "/calendar", bookingFields(from));
    const manage = booked.location!.split("?")[0]!;
    const moved = await post(server, manage, { intent: "reschedule", sequence: "0", slot: to });
    expect(moved.status).toBe(302);
    expect(moved.location).toMatch(/\?moved=1$/);
    const free = await freeSlots();
    expect(free).toContain(from);
    expect(free).not.toContain(to);
    const updates = () =>
      smtp.messages
        .map((m) => parseInvitation(calendarPart(m.raw)))
        .filter((invite) => invite.sequence === 1 && invite.method === "REQUEST");
    await waitFor(() => updates().length >= 2 || undefined, "the updated invitations");
    expect(updates()).toHaveLength(2);
    for (const invite of updates()) expect(invite.start.toISOString()).toBe(new Date(to).toISOString());
  });

  it("refuses a tampered or expired manage link", async () => {
    const slot = (await freeSlots())[120]!;
    const booked = await post(server, "/calendar", bookingFields(slot));
    const manage = booked.location!.split("?")[0]!;
    const [id, expiry, signature] = manage.split("/").at(-1)!.split(".");

    const tampered = `/calendar/manage/${id}.${Number(expiry) + 3600}.${signature}`;
    const page = await fetch(`${server.url}${tampered}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("This link is not valid");
    const otherBooking = `/calendar/manage/${Number(id) + 1000}.${expiry}.${signature}`;
    expect((await fetch(`${server.url}${otherBooking}`)).status).toBe(404);
    expect((await post(server, tampered, { intent: "cancel", sequence: "0" })).status).toBe(404);

    const expired = `/calendar/manage/${signManageToken(TOKEN_SECRET, Number(id), new Date(Date.now() - 60_000))}`;
    const old = await fetch(`${server.url}${expired}`);
    expect(old.status).toBe(410);
    expect(await old.text()).toContain("This call has passed");
    expect((await post(server, expired, { intent: "cancel", sequence: "0" })).status).toBe(410);

    // Neither attempt touched the booking.
    expect(await freeSlots()).not.toContain(slot);
  });

  it("keeps manage pages out of search: noindex, not in the sitemap, disallowed in robots.txt", async () => {
    const slot = (await freeSlots())[130]!;
    const manage = (await post(server, "/calendar", bookingFields(slot))).location!.split("?")[0]!;
    const page = await fetch(`${server.url}${manage}`);
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(await page.text()).toMatch(/<meta name="robots" content="noindex[^"]*"/);
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`${server.url}/calendar</loc>`);
    expect(sitemap).not.toContain("/calendar/manage");
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain("Disallow: /calendar/manage");
  });

  it("applies the booking rate limit and the honeypot", async () => {
    const slots = await freeSlots();
    const address = "203.0.113.99";
    // The stricter no-JavaScript limit (2 an hour) comes first for a plain post.
    const answers = [];
    for (const slot of slots.slice(140, 143)) answers.push(await post(server, "/calendar", bookingFields(slot), address));
    expect(answers.map((a) => a.status)).toEqual([302, 302, 429]);
    expect(answers[2]!.html).toContain("Too many attempts");

    const trap = await post(server, "/calendar", { ...bookingFields(slots[150]!), [botFields.honeypot]: "bot" });
    expect(trap.status).toBe(400);
    expect(await freeSlots()).toContain(slots[150]!);
  });

  /** Bookings and queued mails (not counting reminders, queued per call) for one visitor's email. */
  const stored = (email: string) => count(`select count(*) from bookings where email = '${email}'`);
  const mailed = (email: string) => count(`select count(*) from outbox where channel = 'mail' and recipient = '${email}'`);

  it("limits one address's bookings with JavaScript to the booking limit, whoever they are for", async () => {
    const slots = await freeSlots();
    const address = "203.0.113.60";
    const emails = Array.from({ length: bookingForm.rateLimit.max + 1 }, (_, i) => `stranger${i}@example.net`);
    const answers = [];
    for (const [i, email] of emails.entries()) {
      const fields = withCaptcha(bookingFields(slots[160 + 5 * i]!, `Stranger ${i}`, email), await solveAltcha(server));
      answers.push(await post(server, "/calendar", fields, address));
    }
    expect(answers.map((a) => a.status)).toEqual([...Array(bookingForm.rateLimit.max).fill(302), 429]);
    expect(answers.at(-1)!.html).toContain(rateLimitTitle);
    expect(answers.at(-1)!.html).toMatch(waitMessage);
    const refused = emails.at(-1)!;
    expect(await stored(refused)).toBe(0);
    expect(await mailed(refused)).toBe(0);
    for (const email of emails.slice(0, -1)) expect(await mailed(email)).toBe(1);
  });

  it("stores and mails nothing for a post whose bot check fails, with JavaScript or without", async () => {
    const slot = (await freeSlots())[190]!;
    const email = "nobody@example.net";
    const bogus = await post(server, "/calendar", withCaptcha(bookingFields(slot, "No Body", email), "bogus-token"));
    expect(bogus.status).toBe(403);
    expect(bogus.html).toContain(botCheckFailed);
    const { [botFields.formToken]: _token, ...noToken } = bookingFields(slot, "No Body", email);
    const plain = await post(server, "/calendar", noToken);
    expect(plain.status).toBe(403);
    expect(plain.html).toContain(botCheckFailed);
    expect(await stored(email)).toBe(0);
    expect(await mailed(email)).toBe(0);
    expect(await freeSlots()).toContain(slot);
  });

  it("counts only bookings made: taken slots and an expired page leave a visitor without JavaScript all their bookings", async () => {
    const slots = await freeSlots();
    const taken = slots[200]!;
    expect((await post(server, "/calendar", bookingFields(taken, "Early Visitor"))).status).toBe(302);
    const address = "203.0.113.61";
    for (let i = 0; i < 2; i++) {
      const conflict = await post(server, "/calendar", bookingFields(taken, "Late Visitor"), address);
      expect(conflict.status).toBe(409);
      expect(conflict.html).toContain(bookingMessages.slotTaken);
    }
    const stale = await post(
      server,
      "/calendar",
      { ...bookingFields(slots[205]!), [botFields.formToken]: formTokenAged(HMAC_KEY, 2 * 86_400_000) },
      address,
    );
    expect(stale.status).toBe(403);
    expect(stale.html).toContain(formExpired);

    // Without JavaScript the stricter limit applies: its every booking goes through, and no more.
    const answers = [];
    for (let i = 0; i <= noscriptRateLimit.max; i++)
      answers.push(await post(server, "/calendar", bookingFields(slots[210 + 5 * i]!, "Late Visitor"), address));
    expect(answers.map((a) => a.status)).toEqual([...Array(noscriptRateLimit.max).fill(302), 429]);
    expect(answers.at(-1)!.html).toContain(rateLimitTitle);
  });

  it("counts only bookings made with JavaScript: refused bot checks and a taken slot leave the whole limit", async () => {
    const slots = await freeSlots();
    const taken = slots[230]!;
    expect((await post(server, "/calendar", bookingFields(taken, "Early Visitor"))).status).toBe(302);
    const address = "203.0.113.62";
    for (let i = 0; i < 2; i++)
      expect((await post(server, "/calendar", withCaptcha(bookingFields(slots[235]!), "bogus-token"), address)).status).toBe(403);
    const conflict = await post(server, "/calendar", withCaptcha(bookingFields(taken), await solveAltcha(server)), address);
    expect(conflict.status).toBe(409);

    const answers = [];
    for (let i = 0; i <= bookingForm.rateLimit.max; i++) {
      answers.push(await post(server, "/calendar", withCaptcha(bookingFields(slots[240 + 5 * i]!), await solveAltcha(server)), address));
    }
    expect(answers.map((a) => a.status)).toEqual([...Array(bookingForm.rateLimit.max).fill(302), 429]);
  });

  it("limits the changes of one booking a day: the next is refused with 429 and mails nobody; another booking is unaffected", async () => {
    const slots = await freeSlots();
    const [from, to, other] = [slots[270]!, slots[275]!, slots[280]!];
    let manage = manageOf((await post(server, "/calendar", bookingFields(from))).location);
    const id = bookingIdOf(manage);
    const mails = () => count(`select count(*) from outbox where channel = 'mail' and lead_table = 'bookings' and lead_id = ${id}`);
    const { max } = manageRateLimits.perBooking;
    // Each change from another address: only the booking's own count is at work.
    for (let i = 0; i < max; i++) {
      const moved = await post(server, manage, { intent: "reschedule", sequence: String(i), slot: i % 2 ? from : to });
      expect(moved.status).toBe(302);
      manage = manageOf(moved.location);
    }
    const queued = await mails();
    expect(queued).toBe(2 * (max + 1));

    const address = "203.0.113.63";
    const cancel = await post(server, manage, { intent: "cancel", sequence: String(max) }, address);
    expect(cancel.status).toBe(429);
    expect(Number(cancel.retryAfter), "when to come back, in seconds").toBeGreaterThan(0);
    expect(cancel.html).toContain(rateLimitTitle);
    expect(cancel.html).toMatch(waitMessage);
    // With JavaScript the page's fetch reads the same title and text.
    const moved = await postLead(
      server,
      manage,
      { intent: "reschedule", sequence: String(max), slot: other },
      { "X-Forwarded-For": nextAddress() },
    );
    expect(moved.status).toBe(429);
    expect(Number(moved.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(moved.result).toMatchObject({ title: rateLimitTitle, message: expect.stringMatching(waitMessage) });
    expect(await mails()).toBe(queued);
    expect(await count(`select count(*) from bookings where id = ${id} and status = 'confirmed' and sequence = ${max}`)).toBe(1);

    const otherManage = manageOf((await post(server, "/calendar", bookingFields(other))).location);
    expect((await post(server, otherManage, { intent: "cancel", sequence: "0" }, address)).status).toBe(302);
  });

  it("limits changes from one address across bookings; another address is unaffected, and changes that fail do not count", async () => {
    const slots = await freeSlots();
    const { max } = manageRateLimits.perAddress;
    const links = [];
    for (let i = 0; i <= max; i++) links.push(manageOf((await post(server, "/calendar", bookingFields(slots[300 + 5 * i]!))).location));
    const address = "203.0.113.64";
    // A stale page (the booking changed meanwhile) and a taken time change nothing and use up nothing.
    expect((await post(server, links[0]!, { intent: "cancel", sequence: "7" }, address)).location).toMatch(/\?changed=1$/);
    expect((await post(server, links[0]!, { intent: "reschedule", sequence: "0", slot: slots[305]! }, address)).status).toBe(409);

    const answers = [];
    for (const link of links) answers.push(await post(server, link, { intent: "cancel", sequence: "0" }, address));
    expect(answers.map((a) => a.status)).toEqual([...Array(max).fill(302), 429]);
    expect(answers.at(-1)!.html).toContain(rateLimitTitle);
    const last = bookingIdOf(links.at(-1)!);
    expect(await count(`select count(*) from outbox where channel = 'mail' and lead_table = 'bookings' and lead_id = ${last}`)).toBe(2);

    expect((await post(server, links.at(-1)!, { intent: "cancel", sequence: "0" }, "203.0.113.65")).status).toBe(302);
  });
  it("holds one call per email address however it is written; the next is refused in the form's words, mails nobody and costs no attempt", async () => {
    const slots = await freeSlots();
    const address = "203.0.113.70";
    const first = await post(server, "/calendar", bookingFields(slots[400]!, "Thandi Nkosi", "Thandi.Nkosi+call@gmail.com"), address);
    expect(first.status).toBe(302);
    const held = callsHeldMessage(1);
    for (const [i, email] of ["thandinkosi@googlemail.com", "THANDI.NKOSI@gmail.com"].entries()) {
      const refused = await post(server, "/calendar", bookingFields(slots[405 + i]!, "Thandi Nkosi", email), address);
      expect(refused.status, email).toBe(409);
      expect(refused.html, email).toContain(held);
      expect(await freeSlots()).toContain(slots[405 + i]!);
    }
    // With JavaScript: the same words, on the email field.
    const withJs = await postLead(
      server,
      "/calendar",
      withCaptcha(bookingFields(slots[407]!, "Thandi Nkosi", "t.handinkosi+js@gmail.com"), await solveAltcha(server)),
      { "X-Forwarded-For": nextAddress() },
    );
    expect(withJs.status).toBe(409);
    expect(withJs.result).toMatchObject({ message: held, fieldErrors: { email: [held] } });
    expect(await count("select count(*) from bookings where mailbox = 'thandinkosi@gmail.com'")).toBe(1);
    expect(
      await count("select count(*) from outbox where recipient <> 'Thandi.Nkosi+call@gmail.com' and lower(recipient) like '%nkosi%'"),
    ).toBe(0);

    // The refusals cost the address nothing: its second booking of the hour (no JavaScript, two an hour) is taken.
    expect((await post(server, "/calendar", bookingFields(slots[408]!), address)).status).toBe(302);
    // Once the call is cancelled, the address may book again.
    expect((await post(server, manageOf(first.location), { intent: "cancel", sequence: "0" })).status).toBe(302);
    expect((await post(server, "/calendar", bookingFields(slots[409]!, "Thandi Nkosi", "thandinkosi@gmail.com"))).status).toBe(302);
  });

  it("cancels a call from its page in the inbox: the time free again, the visitor mailed as by their own link, and audit-logged", async () => {
    await createUser(database.settings.DATA_DIR, AGENT_USER, PASSWORD, database.settings.DATABASE_URL);
    const inbox = new InboxBrowser(server.url, "198.51.100.8");
    expect((await inbox.signIn(AGENT_USER, PASSWORD)).signedIn).toBe(true);
    const slot = (await freeSlots())[420]!;
    const booked = await post(server, "/calendar", bookingFields(slot, "Sipho Dlamini", "sipho@example.co.za"));
    const bookingId = bookingIdOf(manageOf(booked.location));
    const leadId = await count(`select id from leads where lead_table = 'bookings' and lead_id = ${bookingId}`);
    const toVisitor = (method: string) =>
      smtp.messages.find((m) => m.to.includes("sipho@example.co.za") && parseInvitation(calendarPart(m.raw)).method === method);
    await waitFor(() => toVisitor("REQUEST"), "the visitor's invitation");
    const leadPage = `/admin/leads/${leadId}`;
    expect((await inbox.request(leadPage)).text).toContain("Cancel this call");

    // A page from before the call was moved cancels nothing.
    expect((await inbox.post(leadPage, { intent: "cancel-call", sequence: "3" })).status).toBe(409);
    const cancelled = await inbox.post(leadPage, { intent: "cancel-call", sequence: "0" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe(`${leadPage}?saved=cancelled`);
    expect(await freeSlots()).toContain(slot);
    expect(await count(`select count(*) from bookings where id = ${bookingId} and status = 'cancelled'`)).toBe(1);
    expect(await count(`select count(*) from admin_audit_log where lead_id = ${leadId} and action = 'cancel'`)).toBe(1);

    const cancellation = await waitFor(() => toVisitor("CANCEL"), "the visitor's cancellation");
    expect(parseInvitation(calendarPart(cancellation.raw)).sequence).toBe(1);
    expect(decodeMime(cancellation.raw)).toContain("is cancelled");
    expect(await (await fetch(`${server.url}${manageOf(booked.location)}`)).text()).toContain("Your call is cancelled");
    const after = (await inbox.request(leadPage)).text;
    expect(after).toContain("Cancelled");
    expect(after).not.toContain("Cancel this call");
  });
});
