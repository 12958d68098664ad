import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, type IsoDate, sastInstant } from "#app/lib/sast.ts";
import { busyFromIcs } from "#server/booking/ical-busy.ts";
import { bookingRules } from "#server/booking/settings.ts";
import { freeDays } from "#server/booking/slots.ts";
import { parseEnv } from "#server/env.ts";
import { BOOKING_HMAC_KEY, bookSlot, offeredSlots } from "#tests/support/booking-posts.ts";
import { createUser } from "#tests/support/admin-users.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { waitFor } from "#tests/support/leads.ts";
import { icsUtc, vcalendar, vevent } from "#tests/support/ics.ts";
import { type Radicale, startRadicale } from "#tests/support/radicale.ts";
import { freePort, type RunningServer, startServer } from "#tests/support/server.ts";

const PASSWORD = "caldav-s3cret-password";
const ADMIN = "calendars@roimedia.co.za";
const ADMIN_PASSWORD = "a long enough passphrase";
const FEED_PATH = "/calendar/ical/ruan/private-0123456789abcdef0123456789abcdef/basic.ics";
const TOKYO_ZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Asia/Tokyo",
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:+0900",
  "TZOFFSETTO:+0900",
  "TZNAME:JST",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** A slot start as /calendar's radios carry it: the instant `clock` SAST on `date`. */
function at(date: IsoDate, clock: string): string {
  const [h, m] = clock.split(":").map(Number);
  return sastInstant(date, h! * 60 + m!).toISOString();
}

/** iCalendar's local form of a date and clock, "20270302T100000". */
const local = (date: IsoDate, clock: string) => `${date.replaceAll("-", "")}T${clock.replace(":", "")}00`;

describe("busy times from the consultants' own calendars", () => {
  // Three bookable days a little ahead (the default rules: weekdays, no holidays), and the first one's weekday a week on.
  const days = freeDays(bookingRules(parseEnv({})), new Date(), []).map((day) => day.date);
  const [dayA, dayB, dayC] = [days[1]!, days[2]!, days[3]!];
  const weekOn = addDays(dayA, 7);
  const longAgo = addDays(dayA, -70);

  let radicale: Radicale;
  let feed: Server;
  let feedMode: "ok" | "hang" | "garbage" | "huge" | "heavy" = "ok";
  let dir: string;
  let server: RunningServer;

  const feedText = vcalendar(
    vevent("r-single", `:${icsUtc(new Date(at(dayA, "15:00")))}`, `:${icsUtc(new Date(at(dayA, "15:30")))}`),
    vevent("r-weekly", `:${icsUtc(new Date(at(longAgo, "16:00")))}`, `:${icsUtc(new Date(at(longAgo, "16:15")))}`, ["RRULE:FREQ=WEEKLY"]),
    vevent("r-allday", `;VALUE=DATE:${dayC.replaceAll("-", "")}`, `;VALUE=DATE:${addDays(dayC, 1).replaceAll("-", "")}`),
    // India keeps +05:30 all year, and Google names the zone without a VTIMEZONE: 19:30 there is 16:00 SAST.
    vevent("r-kolkata", `;TZID=Asia/Kolkata:${local(dayB, "19:30")}`, `;TZID=Asia/Kolkata:${local(dayB, "20:00")}`),
  );
  /**
   * A calendar that takes the reader a while: 700 daily series at dawn marked free (18,000 occurrences to walk, none busy, as
   * many as a busy team's shared calendar) and Ruan's afternoons taken every day.
   */
  const heavyText = vcalendar(
    ...Array.from({ length: 700 }, (_, i) => {
      const start = new Date(at(addDays(dayA, -3), "06:00")).getTime() + (i % 60) * 60_000;
      return vevent(`h-daily-${i}`, `:${icsUtc(new Date(start))}`, `:${icsUtc(new Date(start + 60_000))}`, [
        "RRULE:FREQ=DAILY",
        "TRANSP:TRANSPARENT",
      ]);
    }),
    vevent("h-afternoons", `:${icsUtc(new Date(at(addDays(dayA, -3), "12:00")))}`, `:${icsUtc(new Date(at(addDays(dayA, -3), "18:00")))}`, [
      "RRULE:FREQ=DAILY",
    ]),
  );

  beforeAll(async () => {
    radicale = await startRadicale({ lindiwe: PASSWORD });
    await radicale.makeCalendar("lindiwe", "work");
    const put = (uid: string, ...parts: string[][]) => radicale.put("lindiwe", "work", uid, vcalendar(...parts));
    await put("l-single", vevent("l-single", `:${icsUtc(new Date(at(dayA, "10:00")))}`, `:${icsUtc(new Date(at(dayA, "10:30")))}`));
    await put(
      "l-weekly",
      vevent("l-weekly", `:${icsUtc(new Date(at(longAgo, "11:00")))}`, `:${icsUtc(new Date(at(longAgo, "11:15")))}`, [
        "RRULE:FREQ=WEEKLY",
        `EXDATE:${icsUtc(new Date(at(addDays(dayA, 14), "11:00")))}`,
      ]),
    );
    await put(
      "l-allday",
      vevent("l-allday", `;VALUE=DATE:${dayB.replaceAll("-", "")}`, `;VALUE=DATE:${addDays(dayB, 1).replaceAll("-", "")}`),
    );
    // 17:00 in Tokyo is 10:00 SAST.
    await put(
      "l-tokyo",
      TOKYO_ZONE,
      vevent("l-tokyo", `;TZID=Asia/Tokyo:${local(dayC, "17:00")}`, `;TZID=Asia/Tokyo:${local(dayC, "17:30")}`),
    );

    const feedPort = await freePort();
    feed = createServer((req, res) => {
      if (req.url !== FEED_PATH) return void res.writeHead(404).end();
      if (feedMode === "hang") return; // never answers
      if (feedMode === "heavy") return void res.writeHead(200, { "content-type": "text/calendar" }).end(heavyText);
      if (feedMode === "garbage")
        return void res.writeHead(200, { "content-type": "text/calendar" }).end("<html>Service unavailable</html>");
      if (feedMode === "huge") {
        res.writeHead(200, { "content-type": "text/calendar" });
        const chunk = "X".repeat(64 * 1024);
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once("drain", pump);
        };
        return pump();
      }
      res.writeHead(200, { "content-type": "text/calendar" }).end(feedText);
    });
    await new Promise<void>((resolve) => feed.listen(feedPort, "127.0.0.1", resolve));

    dir = mkdtempSync(path.join(tmpdir(), "consultants-"));
    const file = path.join(dir, "consultants.yaml");
    writeFileSync(
      file,
      [
        "consultants:",
        "  - id: lindiwe-dlamini",
        "    name: Lindiwe Dlamini",
        "    meeting: https://meet.example.com/lindiwe",
        '    hours: "09:00-13:00"',
        "    calendars:",
        `      - caldav: ${radicale.url}/`,
        "        username: lindiwe",
        `        password: ${PASSWORD}`,
        "  - id: ruan-botha",
        "    name: Ruan Botha",
        '    hours: "12:00-18:00"',
        "    calendars:",
        `      - ical: http://127.0.0.1:${feedPort}${FEED_PATH}`,
        "",
      ].join("\n"),
    );
    server = await startServer({
      CONSULTANTS_FILE: file,
      ALTCHA_HMAC_KEY: BOOKING_HMAC_KEY,
      TRUST_PROXY: "x-forwarded-for",
      CALENDAR_REFRESH_SECONDS: "1",
      CALENDAR_TIMEOUT_MS: "3000",
      CALENDAR_MAX_BYTES: "1000000",
      OUTBOX_POLL_MS: "100",
    });
    // The first read happens in the background after start; until it succeeds Lindiwe is offered for no slot.
    await waitFor(
      async () => {
        const offered = await offeredSlots(server);
        return !offered.includes(at(dayA, "10:00")) && offered.includes(at(dayA, "09:45"));
      },
      "the first read of the calendars",
      30_000,
    );
  });

  afterAll(async () => {
    await server?.stop();
    await radicale?.dispose();
    await new Promise((resolve) => feed?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the CalDAV calendar's events off the slots: single, weekly since long ago with an EXDATE, all-day, another zone", async () => {
    const offered = new Set(await offeredSlots(server));
    const gone = [at(dayA, "10:00"), at(dayA, "10:15"), at(dayA, "11:00"), at(dayC, "10:00"), at(dayC, "10:15")];
    for (const slot of gone) expect(offered, slot).not.toContain(slot);
    for (const slot of [at(dayA, "09:45"), at(dayA, "10:30"), at(dayA, "11:15"), at(dayC, "09:45"), at(dayC, "10:30")]) {
      expect(offered, slot).toContain(slot);
    }
    // The weekly event a week on; the day it is excepted, if that day can be booked at all.
    if (days.includes(weekOn)) expect(offered).not.toContain(at(weekOn, "11:00"));
    if (days.includes(addDays(dayA, 14))) expect(offered).toContain(at(addDays(dayA, 14), "11:00"));
    // All day on dayB: the mornings only Lindiwe takes are gone; from 12:00 Ruan takes them.
    for (const clock of ["09:00", "10:30", "11:45"]) expect(offered).not.toContain(at(dayB, clock));
    expect(offered).toContain(at(dayB, "12:00"));
  });

  it("does the same for a private iCal feed", async () => {
    const offered = new Set(await offeredSlots(server));
    for (const slot of [
      at(dayA, "15:00"),
      at(dayA, "15:15"),
      at(dayA, "16:00"),
      at(dayB, "16:00"),
      at(dayB, "16:15"),
      at(dayC, "13:00"),
      at(dayC, "17:45"),
    ]) {
      expect(offered, slot).not.toContain(slot);
    }
    for (const slot of [at(dayA, "14:45"), at(dayA, "15:30"), at(dayA, "16:15"), at(dayB, "15:45"), at(dayB, "16:30"), at(dayC, "12:00")]) {
      expect(offered, slot).toContain(slot);
    }
    if (days.includes(weekOn)) expect(offered).not.toContain(at(weekOn, "16:00"));
  });

  it("gives a slot both are free at to each in turn, and one only Ruan is free at to him", async () => {
    const both = at(dayA, "12:30");
    expect((await bookSlot(server, both)).status).toBe(302);
    expect((await bookSlot(server, both)).status).toBe(302);
    expect((await bookSlot(server, both)).status).toBe(409);
    // Lindiwe is away all day on dayB: the overlap hour goes to Ruan.
    expect((await bookSlot(server, at(dayB, "12:15"))).status).toBe(302);
    const rows = readSiteDb<{ consultant: string }>(server.dataDir, "select consultant from bookings order by id");
    expect(rows.map((row) => row.consultant)).toEqual(["lindiwe-dlamini", "ruan-botha", "ruan-botha"]);
  });

  /** Booking `id`'s event in Lindiwe's radicale calendar, unfolded, if it is there. */
  const event = async (id: number) => {
    const response = await fetch(`${radicale.url}/lindiwe/work/booking-${id}.ics`, {
      headers: { authorization: `Basic ${Buffer.from(`lindiwe:${PASSWORD}`).toString("base64")}` },
    });
    return response.status === 200 ? (await response.text()).replace(/\r\n /g, "") : undefined;
  };
  const idOf = (location: string | null) => Number(location!.split("?")[0]!.split("/").at(-1)!.split(".")[0]);

  it("writes a call into its consultant's CalDAV calendar, moves it, and removes it on cancel or a move to another", async () => {
    const manageOf = (location: string | null) => location!.split("?")[0]!;
    const change = (manage: string, fields: Record<string, string>) =>
      fetch(`${server.url}${manage}`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });

    const booked = await bookSlot(server, at(dayA, "09:00"), "Zanele Khumalo");
    expect(booked.status).toBe(302);
    const manage = manageOf(booked.location);
    const id = idOf(booked.location);
    const written = await waitFor(() => event(id), "the call in Lindiwe's calendar", 20_000);
    expect(written).toContain(`DTSTART;TZID=Africa/Johannesburg:${local(dayA, "09:00")}`);
    expect(written).toContain("LOCATION:https://meet.example.com/lindiwe");
    expect(written).toMatch(/ATTENDEE;[^\n]*Zanele Khumalo[^\n]*:mailto:visitor-\d+@example.co.za/);
    expect(written).not.toContain("METHOD:");
    // The lead's page, in the description the consultant reads and as the event's link.
    const [lead] = readSiteDb<{ id: number }>(server.dataDir, "select id from leads where lead_table = 'bookings' and lead_id = ?", id);
    expect(written).toContain(`The booking in the inbox: ${server.url}/admin/leads/${lead!.id}`);
    expect(written).toContain(`URL:${server.url}/admin/leads/${lead!.id}`);
    // The call's own event is not a busy time of hers: its claim holds the slot, and a cancel frees it at once.
    expect((await change(manage, { intent: "reschedule", sequence: "0", slot: at(dayA, "09:30") })).status).toBe(302);
    await waitFor(async () => (await event(id))?.includes(local(dayA, "09:30")), "the call moved in her calendar", 20_000);
    expect(await event(id)).toContain("SEQUENCE:1");
    const current = manageOf(
      (await change(manage, { intent: "reschedule", sequence: "1", slot: at(dayA, "09:45") })).headers.get("location"),
    );
    await waitFor(async () => (await event(id))?.includes(local(dayA, "09:45")), "the call moved again", 20_000);
    expect((await change(current, { intent: "cancel", sequence: "2" })).status).toBe(302);
    await waitFor(async () => (await event(id)) === undefined, "the call gone from her calendar", 20_000);
    expect(await offeredSlots(server)).toContain(at(dayA, "09:45"));

    // A call moved to a time only Ruan works leaves her calendar.
    const other = manageOf((await bookSlot(server, at(dayC, "11:00"), "Sipho Dube")).location);
    const otherId = idOf(other);
    await waitFor(() => event(otherId), "the second call in her calendar", 20_000);
    expect((await change(other, { intent: "reschedule", sequence: "0", slot: at(dayA, "17:00") })).status).toBe(302);
    await waitFor(async () => (await event(otherId)) === undefined, "the call gone from her calendar", 20_000);
    expect(readSiteDb<{ consultant: string }>(server.dataDir, `select consultant from bookings where id = ${otherId}`)).toEqual([
      { consultant: "ruan-botha" },
    ]);
  });

  it("takes a forgotten person's call out of the consultant's calendar", async () => {
    const booked = await bookSlot(server, at(dayC, "09:15"), "Naledi Mokoena");
    expect(booked.status).toBe(302);
    const id = idOf(booked.location);
    await waitFor(() => event(id), "the call in Lindiwe's calendar", 20_000);
    const [{ email }] = readSiteDb<{ email: string }>(server.dataDir, `select email from bookings where id = ${id}`) as [{ email: string }];

    await createUser(server.dataDir, ADMIN, ADMIN_PASSWORD);
    const admin = new InboxBrowser(server.url, "192.0.2.60");
    expect((await admin.signIn(ADMIN, ADMIN_PASSWORD)).signedIn).toBe(true);
    expect((await admin.post("/admin/forget", { intent: "forget", email, confirm: "yes" })).status).toBe(303);
    await waitFor(async () => (await event(id)) === undefined, "the forgotten call gone from her calendar", 20_000);
    expect(readSiteDb(server.dataDir, `select id from bookings where id = ${id}`)).toEqual([]);
  });

  it("reads a calendar that takes a while off the thread that answers visitors", async () => {
    // What the reading costs, here and now: read on the request thread, it would hold every request that long.
    const started = performance.now();
    busyFromIcs(heavyText, new Date(Date.now() - 24 * 3600_000), new Date(Date.now() + 24 * 24 * 3600_000));
    const readingMs = performance.now() - started;

    expect(await offeredSlots(server), "16:30 is Ruan's, and free").toContain(at(dayA, "16:30"));
    feedMode = "heavy";
    await waitFor(async () => !(await offeredSlots(server)).includes(at(dayA, "16:30")), "Ruan's afternoons busy", 20_000);
    // It is read again every second meanwhile (CALENDAR_REFRESH_SECONDS): a few reads while /healthz is asked every 20 ms.
    const answers: number[] = [];
    for (const until = Date.now() + 3000; Date.now() < until;) {
      const asked = performance.now();
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      answers.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(Math.max(...answers), `the slowest of ${answers.length} answers, while a read takes ${readingMs.toFixed(0)} ms`).toBeLessThan(
      Math.max(readingMs / 2, 150),
    );
    feedMode = "ok";
    await waitFor(async () => (await offeredSlots(server)).includes(at(dayA, "16:30")), "Ruan's afternoons free again", 20_000);
  });

  it("keeps the last known busy times, fast, when a calendar is down, silent, garbage or endless, and logs since when", async () => {
    const stillBusy = async () => {
      const started = performance.now();
      const offered = await offeredSlots(server);
      const ms = performance.now() - started;
      expect(offered).not.toContain(at(dayA, "10:00"));
      expect(offered).not.toContain(at(dayA, "15:00"));
      return ms;
    };
    await radicale.stop();
    feedMode = "hang";
    await expect
      .poll(() => server.output(), { timeout: 20_000 })
      .toMatch(/cannot read CalDAV at 127\.0\.0\.1:\d+ of Lindiwe Dlamini since .*the server refused the connection \(ECONNREFUSED\)/);
    await expect
      .poll(() => server.output(), { timeout: 20_000 })
      .toMatch(
        /cannot read iCal feed at 127\.0\.0\.1:\d+ of Ruan Botha since .*no answer within 3000 ms \(CALENDAR_TIMEOUT_MS\)[^;]*; the busy times read .* stand/,
      );
    // While the feed keeps the reader waiting, the page answers from the database.
    expect(await stillBusy()).toBeLessThan(1500);
    feedMode = "garbage";
    await expect
      .poll(() => server.output(), { timeout: 20_000 })
      .toMatch(/Ruan Botha since .*the answer is not iCalendar: check that the address is the calendar's secret iCal address/);
    // What the feed answered is not repeated: a web page, or someone's meeting, is none of the log's business.
    expect(server.output()).not.toContain("Service unavailable");
    feedMode = "huge";
    await expect.poll(() => server.output(), { timeout: 20_000 }).toMatch(/Ruan Botha since .*larger than 1000000 bytes/);
    expect(await stillBusy()).toBeLessThan(1500);
    const health = readSiteDb<{ consultant: string; failing_since: string | null; error: string | null }>(
      server.dataDir,
      "select consultant, failing_since, error from calendar_sources order by consultant",
    );
    expect(health.map((row) => [row.consultant, Boolean(row.failing_since)])).toEqual([
      ["lindiwe-dlamini", true],
      ["ruan-botha", true],
    ]);
    // Back: read again, and the log says so.
    feedMode = "ok";
    await radicale.start();
    await expect.poll(() => server.output(), { timeout: 20_000 }).toMatch(/iCal feed at .* of Ruan Botha is read again/);
    await expect.poll(() => server.output(), { timeout: 20_000 }).toMatch(/CalDAV at .* of Lindiwe Dlamini is read again/);
    // Never a password nor the feed's secret path, in the log or the page.
    expect(server.output()).not.toContain(PASSWORD);
    expect(server.output()).not.toContain("private-0123456789abcdef");
    const page = await (await fetch(`${server.url}/calendar`)).text();
    expect(page).not.toContain(PASSWORD);
    expect(page).not.toContain("private-0123456789abcdef");
  });
});
