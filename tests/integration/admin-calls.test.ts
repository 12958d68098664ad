import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import ICAL from "ical.js";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTRIBUTION_FIELD } from "#app/lib/attribution.ts";
import { addDays, sastDate, sastInstant } from "#app/lib/sast.ts";
import { createUser, runAdmin } from "#tests/support/admin-users.ts";
import { BOOKING_HMAC_KEY, bookSlot, offeredSlots } from "#tests/support/booking-posts.ts";
import { expectNoAxeViolations, launchBrowser } from "#tests/support/browser.ts";
import { parseCsv } from "#tests/support/csv.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { vcalendar } from "#tests/support/ics.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { freePort, type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * The inbox's calls page (/admin/calls) as the agency uses it without
 * JavaScript: calls per consultant and day, each calendar's health, marking a
 * call held or no-show until the end of its day (the lead's status follows, and
 * a no-show takes a qualified lead's conversion back from Google Ads), and a
 * consultant's private iCal feed, revoked by a new address or stopped, from
 * the page or the command line.
 */

const PASSWORD = "a long enough passphrase";
const ADMIN = "calls@roimedia.co.za";
const FEED_SECRET_PATH = "/private-feed-7f3a9c/basic.ics";
const DAV_PASSWORD = "dav-password-never-shown";

let server: RunningServer;
let feed: Server;
let feedHealthy = true;
let dir: string;
let file: string;
let admin: InboxBrowser;
/** Lindiwe's calls: one moved into the past hour (of today, SAST), one coming, one cancelled, one moved to yesterday. */
let past: { id: number; lead: number };
let coming: { id: number; lead: number };
let cancelled: { id: number; lead: number };
let yesterday: { id: number; lead: number };

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
const VISITORS = [
  "Thandi Nkosi",
  "Pieter van Wyk",
  "Ayesha Patel",
  "Sipho Mokoena",
  "Karin Steyn",
  "Lerato Dube",
  "Naledi Zulu",
  "Johan Smit",
];
/** Each visitor came from a Google Ads click and allowed marketing: their leads reach the Google Ads files. */
const fromAnAd = (index: number) => {
  const touch = { at: new Date(Date.now() - 3_600_000).toISOString(), landing: "/calendar", referrer: null, utm: {} };
  const ad = { ...touch, clickIds: { gclid: `GCLID-call-${index}` } };
  return { [ATTRIBUTION_FIELD]: JSON.stringify({ visit: ad, first: ad, last: ad, marketing: true }) };
};

beforeAll(async () => {
  const feedPort = await freePort();
  feed = createServer((_req, res) => {
    if (feedHealthy) res.writeHead(200, { "content-type": "text/calendar" }).end(vcalendar());
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => feed.listen(feedPort, "127.0.0.1", resolve));
  const closedPort = await freePort();
  dir = mkdtempSync(path.join(tmpdir(), "calls-"));
  file = path.join(dir, "consultants.yaml");
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
      // Karin's calendar server is away from the start: she is offered for no call.
      "  - id: karin-steyn",
      "    name: Karin Steyn",
      "    calendars:",
      `      - caldav: http://127.0.0.1:${closedPort}/dav/karin/`,
      "        username: karin-dav-user",
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

  // Four slots, each booked twice: round-robin gives one of each to either consultant.
  const slots = (await offeredSlots(server)).slice(0, 4);
  for (const [index, slot] of [...slots, ...slots].entries()) {
    expect((await bookSlot(server, slot, VISITORS[index], fromAnAd(index))).status).toBe(302);
  }
  [past, coming, cancelled, yesterday] = lindiwesCalls() as [typeof past, typeof past, typeof past, typeof past];
  const db = new DatabaseSync(path.join(server.dataDir, "site.db"), { timeout: 5000 });
  const moveTo = (booking: { id: number }, start: number) =>
    db
      .prepare("UPDATE bookings SET slot_start = ?, slot_end = ? WHERE id = ?")
      .run(new Date(start).toISOString(), new Date(start + 15 * 60_000).toISOString(), booking.id);
  // Within the last hour, but today in SAST whatever the time of day the test runs.
  const today = sastDate(new Date());
  moveTo(past, Math.max(Date.now() - 60 * 60_000, sastInstant(today).getTime()));
  moveTo(yesterday, sastInstant(addDays(today, -1), 10 * 60).getTime());
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
    for (const secret of [FEED_SECRET_PATH, "private-feed", DAV_PASSWORD, "karin-dav-user", "/dav/karin"])
      expect(text).not.toContain(secret);
    feedHealthy = true;
  });

  it("marks a call that took place held or no-show, changes it later that day, sets its lead's status and logs each", async () => {
    const week = `?week=${sastDate(new Date())}`;
    const marked = await admin.post(
      "/admin/calls",
      { intent: "outcome", booking: String(past.id), outcome: "held", week: "" },
      `/admin/calls${week}`,
    );
    expect(marked.status).toBe(303);
    expect(leadStatus(past.lead)).toBe("qualified");
    expect((await admin.request(marked.location!)).text).toContain("The call is marked");

    // Held was a mistake: changed the same day.
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
      expect.stringMatching(/^call: marked the call of .+ SAST no-show \(it was held\)$/),
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

  it("keeps a call's outcome once its day is over (SAST), and says why", async () => {
    const week = `?week=${sastDate(sastInstant(addDays(sastDate(new Date()), -1), 12 * 60))}`;
    const page = (await callsPage(week)).text;
    expect(page).toContain(`href="/admin/leads/${yesterday.lead}"`);
    expect(page).not.toMatch(new RegExp(`name="booking" value="${yesterday.id}"`));
    const late = await admin.post(
      "/admin/calls",
      { intent: "outcome", booking: String(yesterday.id), outcome: "no-show", week: "" },
      `/admin/calls${week}`,
    );
    expect(late.status).toBe(409);
    expect(late.text).toContain("until the end of its day (SAST)");
    expect(leadStatus(yesterday.lead)).toBe("new");
    expect(readSiteDb(server.dataDir, "SELECT outcome FROM bookings WHERE id = ?", yesterday.id)).toEqual([{ outcome: null }]);
  });

  it("takes a qualified lead's conversion back from Google Ads when its call turns out a no-show", async () => {
    const download = async (file: string) => parseCsv((await admin.request(`/admin/conversions/${file}.csv`)).text);
    const gclidOf = (lead: number) =>
      JSON.parse(
        readSiteDb<{ click_ids: string }>(
          server.dataDir,
          "SELECT a.click_ids FROM lead_attributions a JOIN leads l ON l.lead_table = a.lead_table AND l.lead_id = a.lead_id WHERE l.id = ? AND a.touch = 'last'",
          lead,
        )[0]!.click_ids,
      ).gclid as string;
    // Today's other call of Lindiwe's, moved into the past: held, so Google Ads is told of a qualified lead.
    const [other] = readSiteDb<{ id: number; lead: number }>(
      server.dataDir,
      "SELECT b.id, l.id AS lead FROM bookings b JOIN leads l ON l.lead_table = 'bookings' AND l.lead_id = b.id WHERE b.consultant = 'ruan-botha' ORDER BY b.slot_start LIMIT 1",
    ) as [{ id: number; lead: number }];
    const db = new DatabaseSync(path.join(server.dataDir, "site.db"), { timeout: 5000 });
    const start = Math.max(Date.now() - 30 * 60_000, sastInstant(sastDate(new Date())).getTime());
    db.prepare("UPDATE bookings SET slot_start = ?, slot_end = ? WHERE id = ?").run(
      new Date(start).toISOString(),
      new Date(start + 15 * 60_000).toISOString(),
      other.id,
    );
    db.close();
    await admin.post("/admin/calls", { intent: "outcome", booking: String(other.id), outcome: "held", week: "" });
    const reported = (await download("google-ads-clicks")).find((row) => row[0] === gclidOf(other.lead));
    expect(reported).toEqual([gclidOf(other.lead), "Qualified lead", expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), "", ""]);

    await admin.post("/admin/calls", { intent: "outcome", booking: String(other.id), outcome: "no-show", week: "" });
    const adjustments = await download("google-ads-adjustments");
    expect(adjustments[0]).toEqual(["Parameters:TimeZone=Africa/Johannesburg"]);
    expect(adjustments[1]).toEqual([
      "Google Click ID",
      "Conversion Name",
      "Conversion Time",
      "Adjustment Time",
      "Adjustment Type",
      "Adjusted Value",
      "Adjusted Value Currency",
    ]);
    const retraction = adjustments.find((row) => row[0] === gclidOf(other.lead));
    // The very conversion the click file gave, retracted.
    expect(retraction).toEqual([reported![0], "Qualified lead", reported![2], expect.any(String), "RETRACT", "", ""]);
    expect(retraction![3]! >= reported![2]!).toBe(true);
    expect((await download("google-ads-clicks")).some((row) => row[0] === gclidOf(other.lead))).toBe(false);
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
    expect(events.map((event) => event.uid)).toEqual([
      `booking-${yesterday.id}@${host}`,
      `booking-${past.id}@${host}`,
      `booking-${coming.id}@${host}`,
    ]);
    const [, , call] = events;
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

  it("says what a feed shows and to whom, and is replaced or stopped from the page or the command line", async () => {
    const page = (await callsPage()).text;
    expect(page).toContain(
      "It lists every call of theirs from 14 days ago on, with each booker&#x27;s name, email address, company, phone number, website and what they want to discuss",
    );
    expect(page).toContain(
      "Whoever has the address reads it, without signing in, and so does the calendar service it is added to; it does not expire.",
    );
    expect(page).toMatch(/data-testid="feed-state-lindiwe-dlamini">Their address was made \d/);
    const current = await newAddress();

    // On the server's command line, as an operator without the inbox: a new address, printed once; the one before stops.
    const settings = { DATA_DIR: server.dataDir, CONSULTANTS_FILE: file, SITE_URL: server.url };
    const run = await runAdmin(["calendar-feed", "lindiwe-dlamini"], settings);
    expect(run.code, run.stderr).toBe(0);
    const printed = new RegExp(`${server.url}/calendar/feeds/[\\w-]{43}\\.ics`).exec(run.stdout)![0];
    expect(run.stdout).toContain("each booker's name, email address, company, phone number");
    expect((await fetch(current)).status).toBe(404);
    expect((await fetch(printed)).status).toBe(200);
    const unknown = await runAdmin(["calendar-feed", "nobody"], settings);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("lindiwe-dlamini, ruan-botha, karin-steyn");

    // Stopped on the page: no address of hers works.
    const stopped = await admin.post("/admin/calls", { intent: "stop-feed", consultant: "lindiwe-dlamini" });
    expect(stopped.status).toBe(303);
    expect((await fetch(printed)).status).toBe(404);
    expect((await admin.request(stopped.location!)).text.replaceAll("<!-- -->", "")).toContain("The feed of Lindiwe Dlamini is stopped");
    expect((await callsPage()).text).toContain('data-testid="feed-state-lindiwe-dlamini">No feed address yet.');
    const log = readSiteDb<{ detail: string }>(
      server.dataDir,
      "SELECT detail FROM admin_audit_log WHERE action = 'calendar feed' ORDER BY id DESC LIMIT 3",
    ).map((entry) => entry.detail);
    expect(log).toEqual([
      "stopped the calendar feed of Lindiwe Dlamini",
      "made a new calendar feed address for Lindiwe Dlamini",
      "made a new calendar feed address for Lindiwe Dlamini",
    ]);
  });

  it("is an admin's to give: an editor cannot make an address", async () => {
    await createUser(server.dataDir, "calls-editor@roimedia.co.za", PASSWORD, undefined, { role: "editor" });
    const editor = new InboxBrowser(server.url, "192.0.2.41");
    expect((await editor.signIn("calls-editor@roimedia.co.za", PASSWORD)).signedIn).toBe(true);
    expect((await editor.request("/admin/calls")).text, "no consultant is theirs").not.toContain("(you)");
    expect((await editor.request("/admin/calls")).text).not.toContain("New feed address");
    expect((await editor.post("/admin/calls", { intent: "new-feed", consultant: "lindiwe-dlamini" })).status).toBe(403);
    expect((await editor.post("/admin/calls", { intent: "stop-feed", consultant: "lindiwe-dlamini" })).status).toBe(403);
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
