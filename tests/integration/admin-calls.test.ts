import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import ICAL from "ical.js";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sastDate } from "#app/lib/sast.ts";
import { createUser } from "#tests/support/admin-users.ts";
import { BOOKING_HMAC_KEY, bookSlot, offeredSlots } from "#tests/support/booking-posts.ts";
import { expectNoAxeViolations, launchBrowser } from "#tests/support/browser.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { vcalendar } from "#tests/support/ics.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { freePort, type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * The inbox's calls page (/admin/calls) as the agency uses it without
 * JavaScript: calls per consultant and day, each calendar's health, marking a
 * call held or no-show (the lead's status follows), and a consultant's private
 * iCal feed, revoked by a new address.
 */

const PASSWORD = "a long enough passphrase";
const ADMIN = "calls@roimedia.co.za";
const FEED_SECRET_PATH = "/private-feed-7f3a9c/basic.ics";
const DAV_PASSWORD = "dav-password-never-shown";

let server: RunningServer;
let feed: Server;
let feedHealthy = true;
let dir: string;
let admin: InboxBrowser;
/** Lindiwe's calls, earliest first: one moved an hour into the past, one coming, one cancelled. */
let past: { id: number; lead: number };
let coming: { id: number; lead: number };
let cancelled: { id: number; lead: number };

const lindiwesCalls = () =>
  readSiteDb<{ id: number; lead: number }>(
    server.dataDir,
    "SELECT b.id, l.id AS lead FROM bookings b JOIN leads l ON l.lead_table = 'bookings' AND l.lead_id = b.id WHERE b.consultant = 'lindiwe-dlamini' ORDER BY b.slot_start",
  );
const leadStatus = (lead: number) =>
  readSiteDb<{ status: string }>(server.dataDir, "SELECT status FROM leads WHERE id = ?", lead)[0]!.status;
/** The page's text with React's separators between text parts taken out. */
const callsPage = async (query = "") => {
  const answer = await admin.request(`/admin/calls${query}`);
  return { ...answer, text: answer.text.replaceAll("<!-- -->", "") };
};
const VISITORS = ["Thandi Nkosi", "Pieter van Wyk", "Ayesha Patel", "Sipho Mokoena", "Karin Steyn", "Lerato Dube"];

beforeAll(async () => {
  const feedPort = await freePort();
  feed = createServer((_req, res) => {
    if (feedHealthy) res.writeHead(200, { "content-type": "text/calendar" }).end(vcalendar());
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => feed.listen(feedPort, "127.0.0.1", resolve));
  const closedPort = await freePort();
  dir = mkdtempSync(path.join(tmpdir(), "calls-"));
  const file = path.join(dir, "consultants.yaml");
  writeFileSync(
    file,
    [
      "consultants:",
      "  - id: lindiwe-dlamini",
      "    name: Lindiwe Dlamini",
      "    calendars:",
      `      - ical: http://127.0.0.1:${feedPort}${FEED_SECRET_PATH}`,
      "  - id: ruan-botha",
      "    name: Ruan Botha",
      // Ruan signs in to the inbox with the address he has as a consultant.
      `    email: ${ADMIN}`,
      "    calendars:",
      `      - caldav: http://127.0.0.1:${closedPort}/dav/ruan/`,
      "        username: ruan-dav-user",
      `        password: ${DAV_PASSWORD}`,
      "",
    ].join("\n"),
  );
  server = await startServer({
    CONSULTANTS_FILE: file,
    ALTCHA_HMAC_KEY: BOOKING_HMAC_KEY,
    TRUST_PROXY: "x-forwarded-for",
    CALENDAR_REFRESH_SECONDS: "1",
    CALENDAR_TIMEOUT_MS: "3000",
  });
  await createUser(server.dataDir, ADMIN, PASSWORD);
  admin = new InboxBrowser(server.url, "192.0.2.40");
  expect((await admin.signIn(ADMIN, PASSWORD)).signedIn).toBe(true);

  // Three slots, each booked twice: round-robin gives one of each to either consultant.
  const slots = (await offeredSlots(server)).slice(0, 3);
  for (const [index, slot] of [...slots, ...slots].entries()) expect((await bookSlot(server, slot, VISITORS[index])).status).toBe(302);
  [past, coming, cancelled] = lindiwesCalls() as [typeof past, typeof past, typeof past];
  const db = new DatabaseSync(path.join(server.dataDir, "site.db"), { timeout: 5000 });
  const hourAgo = Date.now() - 60 * 60_000;
  db.prepare("UPDATE bookings SET slot_start = ?, slot_end = ? WHERE id = ?").run(
    new Date(hourAgo).toISOString(),
    new Date(hourAgo + 15 * 60_000).toISOString(),
    past.id,
  );
  db.close();
  const cancel = await admin.post(`/admin/leads/${cancelled.lead}`, { intent: "cancel-call", sequence: "0" });
  expect(cancel.status).toBe(303);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => feed?.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the calls page", () => {
  it("lists the coming calls per consultant and day, linked to their leads, with week links that need no script", async () => {
    const page = await callsPage();
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<h2[^>]*>Lindiwe Dlamini<\/h2>/);
    // The signed-in consultant's own calls come first.
    expect(page.text).toMatch(/<h2[^>]*>Ruan Botha \(you\)<\/h2>[^]*<h2[^>]*>Lindiwe Dlamini<\/h2>/);
    expect(page.text).toContain(`href="/admin/leads/${coming.lead}"`);
    expect(page.text, "a cancelled call is not listed").not.toContain(`href="/admin/leads/${cancelled.lead}"`);
    const next = /href="(\/admin\/calls\?week=\d{4}-\d\d-\d\d)"[^>]*>Next week/.exec(page.text)?.[1];
    expect(next).toBeTruthy();
    expect((await admin.request(next!)).text).toContain("Previous week");
  });

  it("shows each calendar's health by kind and host, since when one cannot be read, and never a credential or path", async () => {
    await expect
      .poll(async () => (await callsPage()).text, { timeout: 20_000 })
      .toMatch(/CalDAV at 127\.0\.0\.1:\d+<\/span>: <span[^>]*>cannot be read since/);
    await expect
      .poll(async () => (await callsPage()).text, { timeout: 20_000 })
      .toMatch(/iCal feed at 127\.0\.0\.1:\d+<\/span>: <span[^>]*>read /);
    feedHealthy = false;
    await expect
      .poll(async () => (await callsPage()).text, { timeout: 20_000 })
      .toMatch(/iCal feed at 127\.0\.0\.1:\d+<\/span>: <span[^>]*>cannot be read since [^<]*HTTP 503[^<]*the busy times read [^<]+ stand/);
    const text = (await callsPage()).text;
    for (const secret of [FEED_SECRET_PATH, "private-feed", DAV_PASSWORD, "ruan-dav-user", "/dav/ruan"]) expect(text).not.toContain(secret);
    feedHealthy = true;
  });

  it("marks a call that took place held or no-show, sets its lead's status and logs both", async () => {
    const week = `?week=${sastDate(new Date(Date.now() - 60 * 60_000))}`;
    const marked = await admin.post(
      "/admin/calls",
      { intent: "outcome", booking: String(past.id), outcome: "held", week: "" },
      `/admin/calls${week}`,
    );
    expect(marked.status).toBe(303);
    expect(leadStatus(past.lead)).toBe("qualified");
    expect((await admin.request(marked.location!)).text).toContain("The call is marked");

    expect((await admin.post("/admin/calls", { intent: "outcome", booking: String(past.id), outcome: "no-show", week: "" })).status).toBe(
      303,
    );
    expect(leadStatus(past.lead)).toBe("no-show");
    const log = readSiteDb<{ action: string; detail: string; lead_id: number }>(
      server.dataDir,
      "SELECT action, detail, lead_id FROM admin_audit_log WHERE lead_id = ? AND action IN ('call', 'status') ORDER BY id",
      past.lead,
    );
    expect(log.map((entry) => `${entry.action}: ${entry.detail}`)).toEqual([
      expect.stringMatching(/^call: marked the call of .+ SAST held$/),
      "status: New to Qualified",
      expect.stringMatching(/^call: marked the call of .+ SAST no-show$/),
      "status: Qualified to No-show",
    ]);

    // A lead the agency has already won keeps Won when its call is marked afterwards.
    expect((await admin.post(`/admin/leads/${past.lead}`, { intent: "status", status: "won", value: "" })).status).toBe(303);
    await admin.post("/admin/calls", { intent: "outcome", booking: String(past.id), outcome: "held", week: "" });
    expect(leadStatus(past.lead)).toBe("won");

    const early = await admin.post("/admin/calls", { intent: "outcome", booking: String(coming.id), outcome: "held", week: "" });
    expect(early.status).toBe(409);
    expect(leadStatus(coming.lead)).toBe("new");
  });
});

describe("a consultant's private feed", () => {
  const newAddress = async () => {
    const answer = await admin.post("/admin/calls", { intent: "new-feed", consultant: "lindiwe-dlamini" });
    expect(answer.status).toBe(200);
    return /data-testid="feed-address">([^<]+)</.exec(answer.text)![1]!;
  };

  it("serves their calls as iCalendar, the same events as their invitations, and a new address revokes the old", async () => {
    const address = await newAddress();
    expect(address).toMatch(new RegExp(`^${server.url}/calendar/feeds/[\\w-]{43}\\.ics$`));
    expect((await callsPage()).text, "the address is shown once").not.toContain(address);
    const answer = await fetch(address);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(answer.headers.get("cache-control")).toMatch(/no-store/);
    const calendar = new ICAL.Component(ICAL.parse(await answer.text()));
    const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    const host = new URL(server.url).hostname;
    expect(events.map((event) => event.uid)).toEqual([`booking-${past.id}@${host}`, `booking-${coming.id}@${host}`]);
    const [, call] = events;
    expect(call!.summary).toMatch(/^[\w ]+ \(Nkosi Retail\): /);
    expect(call!.description).toContain(`The booking in the inbox: ${server.url}/admin/leads/${coming.lead}`);
    const start = readSiteDb<{ slot_start: string }>(server.dataDir, "SELECT slot_start FROM bookings WHERE id = ?", coming.id)[0]!;
    expect(call!.startDate.toJSDate().toISOString()).toBe(new Date(start.slot_start).toISOString());
    expect(readSiteDb(server.dataDir, "SELECT secret_hash FROM calendar_feeds")[0]).not.toHaveProperty("secret_hash", address);

    const replaced = await newAddress();
    expect(replaced).not.toBe(address);
    expect((await fetch(address)).status).toBe(404);
    expect((await fetch(replaced)).status).toBe(200);
    expect((await fetch(`${server.url}/calendar/feeds/${"x".repeat(43)}.ics`)).status).toBe(404);
  });

  it("is an admin's to give: an editor cannot make an address", async () => {
    await createUser(server.dataDir, "calls-editor@roimedia.co.za", PASSWORD, undefined, { role: "editor" });
    const editor = new InboxBrowser(server.url, "192.0.2.41");
    expect((await editor.signIn("calls-editor@roimedia.co.za", PASSWORD)).signedIn).toBe(true);
    expect((await editor.request("/admin/calls")).text, "no consultant is theirs").not.toContain("(you)");
    expect((await editor.request("/admin/calls")).text).not.toContain("New feed address");
    expect((await editor.post("/admin/calls", { intent: "new-feed", consultant: "lindiwe-dlamini" })).status).toBe(403);
  });
});

describe("in a browser", () => {
  let browser: Browser;
  afterAll(async () => browser?.close());

  it("is accessible (its picture, docs/calls-week.png, made with DOCS_SCREENSHOTS=1)", async () => {
    browser = await launchBrowser();
    const page = await admin.pageIn(browser);
    await page.goto(`${server.url}/admin/calls?week=${sastDate(new Date(Date.now() - 60 * 60_000))}`);
    await page.getByRole("heading", { name: "Lindiwe Dlamini" }).waitFor();
    await expectNoAxeViolations(page);
    // The picture in docs/ is made again only when asked (DOCS_SCREENSHOTS=1), so a test run leaves the checkout as it was.
    if (process.env.DOCS_SCREENSHOTS)
      await page.screenshot({ path: path.resolve(import.meta.dirname, "../../docs/calls-week.png"), fullPage: true });
  });
});
