import { createServer, type IncomingMessage, request as httpRequest, type Server } from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IsoDate, sastInstant, sastMinutes } from "#app/lib/sast.ts";
import { bookingRules } from "#server/booking/settings.ts";
import { freeDays } from "#server/booking/slots.ts";
import { parseEnv } from "#server/env.ts";
import { createUser } from "#tests/support/admin-users.ts";
import { BOOKING_HMAC_KEY, bookSlot, offeredSlots } from "#tests/support/booking-posts.ts";
import { type Cluster, startCluster } from "#tests/support/cluster.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { icsUtc, vcalendar, vevent } from "#tests/support/ics.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { waitFor, writtenMail } from "#tests/support/leads.ts";
import { type Radicale, startRadicale } from "#tests/support/radicale.ts";
import { freePort, type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * Calendars the agency can trust (docs/decisions/0047-calendars-the-agency-can-trust.md), against Debian's radicale:
 * a call goes into the calendar the consultants file names first; a consultant whose calendar cannot be read is
 * offered for no slot, and the admins hear of it once when it starts and once when it ends; the reasons are the
 * agency's words; and a CalDAV password goes to its own server only, whatever that server points to.
 */

const LINDIWE = { user: "lindiwe", password: "lindiwe-caldav-password" };
/** Thabo's password in the consultants file is not the one radicale has, until the test gives radicale that one. */
const THABO = { user: "tn-dav-user", password: "thabo-the-real-one", typed: "thabo-as-the-file-has-it" };
const SIPHO = { user: "sd-dav-user", password: "sipho-caldav-password" };
const ADMIN = "alerts@roimedia.co.za";
const ADMIN_PASSWORD = "a long enough passphrase";

/** A slot start as /calendar's radios carry it: the instant `clock` SAST on `date`. */
function at(date: IsoDate, clock: string): string {
  const [h, m] = clock.split(":").map(Number);
  return sastInstant(date, h! * 60 + m!).toISOString();
}

const afternoon = (slots: string[]) => slots.filter((slot) => sastMinutes(new Date(slot)) >= 14 * 60);

interface SourceRow {
  consultant: string;
  checked_at: string;
  ok_at: string | null;
  error: string | null;
}
const sources = (dataDir: string) =>
  readSiteDb<SourceRow>(dataDir, "SELECT consultant, checked_at, ok_at, error FROM calendar_sources ORDER BY consultant");
const sourceOf = (dataDir: string, consultant: string) => sources(dataDir).find((row) => row.consultant === consultant);
const alerts = (dataDir: string) =>
  readSiteDb<{ subject: string; recipient: string | null }>(
    dataDir,
    "SELECT subject, recipient FROM outbox WHERE kind = 'Calendar alert' ORDER BY id",
  );

/** Waits until a consultant's calendar has been read `times` more times (read or failed), whatever the machine's pace. */
async function refreshes(read: () => Promise<string | undefined> | string | undefined, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const before = await read();
    await waitFor(async () => (await read()) !== before, `a refresh of the calendars (${i + 1} of ${times})`, 30_000);
  }
}

describe("calendars the agency can trust", () => {
  const days = freeDays(bookingRules(parseEnv({})), new Date(), []).map((day) => day.date);
  const dayA = days[1]!;

  let radicale: Radicale;
  /** The host Sipho's CalDAV server points to: it records what each request carried. */
  let elsewhere: Server;
  const seenElsewhere: Array<{ method: string; url: string; authorization: string | undefined }> = [];
  /** Sipho's CalDAV server as the consultants file names it: radicale behind it, pointing elsewhere as the test asks. */
  let front: Server;
  let frontMode: "discovery-elsewhere" | "principal-elsewhere" | "redirect-elsewhere" = "discovery-elsewhere";
  let elsewherePort: number;
  let dir: string;
  let dataDir: string;
  let server: RunningServer;
  let admin: InboxBrowser;

  beforeAll(async () => {
    radicale = await startRadicale({ [LINDIWE.user]: LINDIWE.password, [THABO.user]: THABO.password, [SIPHO.user]: SIPHO.password });
    // Radicale lists a user's calendars in alphabetical order: Personal before Work.
    await radicale.makeCalendar(LINDIWE.user, "Work");
    await radicale.makeCalendar(LINDIWE.user, "Personal");
    await radicale.put(
      LINDIWE.user,
      "Personal",
      "dentist",
      vcalendar(vevent("dentist", `:${icsUtc(new Date(at(dayA, "10:00")))}`, `:${icsUtc(new Date(at(dayA, "10:30")))}`)),
    );
    await radicale.makeCalendar(THABO.user, "Main");
    await radicale.makeCalendar(SIPHO.user, "Main");

    elsewherePort = await freePort();
    elsewhere = createServer((req, res) => {
      seenElsewhere.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization });
      req.resume();
      res.writeHead(401, { "www-authenticate": 'Basic realm="elsewhere"' }).end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(elsewherePort, "127.0.0.1", resolve));
    const elsewhereUrl = `http://127.0.0.1:${elsewherePort}`;
    const radicaleUrl = new URL(radicale.url);
    front = createServer((req, res) => {
      if (frontMode === "redirect-elsewhere") {
        req.resume();
        return void res.writeHead(307, { location: `${elsewhereUrl}${req.url}` }).end();
      }
      if (frontMode === "discovery-elsewhere" && req.url!.startsWith("/.well-known/caldav")) {
        req.resume();
        return void res.writeHead(301, { location: `${elsewhereUrl}/dav/` }).end();
      }
      const upstream = httpRequest(
        {
          host: radicaleUrl.hostname,
          port: radicaleUrl.port,
          method: req.method,
          path: req.url,
          // Plain answers, which the principal's rewrite can read.
          headers: { ...req.headers, "accept-encoding": "identity" },
        },
        (answer: IncomingMessage) => {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () => {
            let body = Buffer.concat(chunks).toString("utf8");
            // The account's principal, as a server hosting it on another machine names it.
            if (frontMode === "principal-elsewhere") {
              body = body.replace(/(current-user-principal>\s*<(?:\w+:)?href>)(\/[^<]+)/g, `$1${elsewhereUrl}$2`);
            }
            const headers = { ...answer.headers, "content-length": String(Buffer.byteLength(body)) };
            res.writeHead(answer.statusCode!, headers).end(body);
          });
        },
      );
      // Radicale stopped mid-answer, or the reader gave up: the reader sees a closed connection.
      upstream.on("error", () => res.destroy());
      req.pipe(upstream);
    });
    const frontPort = await freePort();
    await new Promise<void>((resolve) => front.listen(frontPort, "127.0.0.1", resolve));

    dir = mkdtempSync(path.join(tmpdir(), "calendar-trust-"));
    const file = path.join(dir, "consultants.yaml");
    writeFileSync(
      file,
      [
        "consultants:",
        "  - id: lindiwe-dlamini",
        "    name: Lindiwe Dlamini",
        '    hours: "09:00-12:00"',
        "    calendars:",
        `      - caldav: ${radicale.url}/`,
        `        username: ${LINDIWE.user}`,
        `        password: ${LINDIWE.password}`,
        "        calendars: [Work, Personal]",
        "  - id: sipho-dube",
        "    name: Sipho Dube",
        '    hours: "12:00-14:00"',
        "    calendars:",
        `      - caldav: http://127.0.0.1:${frontPort}/`,
        `        username: ${SIPHO.user}`,
        `        password: ${SIPHO.password}`,
        "  - id: thabo-nkosi",
        "    name: Thabo Nkosi",
        '    hours: "14:00-18:00"',
        "    calendars:",
        `      - caldav: ${radicale.url}/`,
        `        username: ${THABO.user}`,
        `        password: ${THABO.typed}`,
        "",
      ].join("\n"),
    );
    // The admin exists before the server starts: the alerts are theirs from the first read on.
    dataDir = path.join(dir, "data");
    await createUser(dataDir, ADMIN, ADMIN_PASSWORD);
    server = await startServer({
      DATA_DIR: dataDir,
      CONSULTANTS_FILE: file,
      ALTCHA_HMAC_KEY: BOOKING_HMAC_KEY,
      TRUST_PROXY: "x-forwarded-for",
      CALENDAR_REFRESH_SECONDS: "1",
      CALENDAR_TIMEOUT_MS: "10000",
      OUTBOX_POLL_MS: "100",
    });
    await waitFor(() => sourceOf(dataDir, "lindiwe-dlamini")?.ok_at, "the first read of Lindiwe's calendars", 30_000);
    admin = new InboxBrowser(server.url, "192.0.2.70");
    expect((await admin.signIn(ADMIN, ADMIN_PASSWORD)).signedIn).toBe(true);
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await radicale?.dispose();
    await new Promise((resolve) => elsewhere?.close(resolve));
    await new Promise((resolve) => front?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("writes a call into the calendar the file names first, not the server's first, and the calls page names it", async () => {
    // Both named calendars are read: the dentist in Personal keeps 10:00 off.
    const offered = await offeredSlots(server);
    expect(offered).not.toContain(at(dayA, "10:00"));
    expect(offered).toContain(at(dayA, "09:00"));
    const booked = await bookSlot(server, at(dayA, "09:00"), "Zanele Khumalo");
    expect(booked.status).toBe(302);
    const id = Number(booked.location!.split("?")[0]!.split("/").at(-1)!.split(".")[0]);
    const [{ consultant }] = readSiteDb<{ consultant: string }>(dataDir, "SELECT consultant FROM bookings WHERE id = ?", id) as [
      { consultant: string },
    ];
    expect(consultant).toBe("lindiwe-dlamini");
    const copies = async () => ({
      Work: await radicale.get(LINDIWE.user, "Work", `booking-${id}.ics`),
      Personal: await radicale.get(LINDIWE.user, "Personal", `booking-${id}.ics`),
    });
    // Read once the outbox has sent the call, so a copy that was written and then taken away again is seen
    // gone; a failed write would be tried again only after OUTBOX_RETRY_BASE_MS (30 s), past this wait, and
    // its error is then named.
    const calendarMessage = () =>
      readSiteDb<{ status: string; last_error: string | null }>(
        dataDir,
        "SELECT status, last_error FROM outbox WHERE lead_table = 'bookings' AND lead_id = ? AND channel = 'calendar'",
        id,
      )[0];
    await waitFor(() => calendarMessage()?.status === "sent", "the call sent to her calendar", 30_000).catch((error: Error) => {
      throw new Error(`${error.message}; the calendar message: ${JSON.stringify(calendarMessage())}`);
    });
    const written = await copies();
    expect(Object.keys(written).filter((name) => written[name as keyof typeof written])).toEqual(["Work"]);
    expect(written.Work).toContain("SUMMARY:Zanele Khumalo");

    const page = (await admin.request("/admin/calls")).text.replaceAll("<!-- -->", "");
    expect(page).toMatch(/Calls are written into the calendar “Work” of CalDAV at 127\.0\.0\.1:\d+\./);
  });

  it("offers no slot of a consultant whose calendar was never read, mails the admins once, and once when it is read", async () => {
    // Thabo alone works afternoons; his password is refused, so nothing of his is offered, not "free all afternoon".
    await waitFor(() => sourceOf(dataDir, "thabo-nkosi")?.error, "Thabo's first failed read", 30_000);
    expect(afternoon(await offeredSlots(server))).toEqual([]);
    const words = "the user name or password was refused (HTTP 401): check the password in the consultants file";
    expect(sourceOf(dataDir, "thabo-nkosi")!.error).toContain(words);

    const started = await waitFor(() => alerts(dataDir).find((mail) => mail.subject.includes("Thabo")), "the admins' alert", 30_000);
    expect(started).toEqual({ subject: "Calendars: no calls are offered with Thabo Nkosi", recipient: ADMIN });
    const mail = await waitFor(
      () => writtenMail(dataDir).find((text) => text.includes("Subject: Calendars: no calls are offered with Thabo Nkosi")),
      "the alert written",
      30_000,
    );
    expect(mail).toMatch(new RegExp(`^To: ${ADMIN}$`, "m"));
    expect(mail).toContain(words);
    expect(mail).toContain(`${server.url}/admin/calls`);
    // Read (and refused) again and again: still the one mail.
    await refreshes(() => sourceOf(dataDir, "thabo-nkosi")?.checked_at, 3);
    expect(afternoon(await offeredSlots(server))).toEqual([]);
    expect(alerts(dataDir).filter((row) => row.subject.includes("Thabo"))).toHaveLength(1);

    // The calls page says so at its top, in the same words, and never the password or user name.
    const page = (await admin.request("/admin/calls")).text.replaceAll("<!-- -->", "");
    const top = page.indexOf("Offered for no call");
    expect(top).toBeGreaterThan(-1);
    expect(top).toBeLessThan(page.indexOf("<h2", page.indexOf("Offered for no call") + 1));
    expect(page.slice(top)).toMatch(/Visitors are offered no time with <strong>Thabo Nkosi<\/strong> since/);
    expect(page).toContain(words);
    for (const secret of [THABO.typed, THABO.password, THABO.user]) {
      expect(page).not.toContain(secret);
      expect(server.output()).not.toContain(secret);
    }

    // Radicale takes the password the file has: Thabo's afternoons come back, and the admins hear it once.
    radicale.setPassword(THABO.user, THABO.typed);
    await waitFor(async () => afternoon(await offeredSlots(server)).length > 0, "Thabo's afternoons offered", 30_000);
    const ended = await waitFor(
      () => alerts(dataDir).find((row) => row.subject === "Calendars: calls with Thabo Nkosi are offered again"),
      "the admins' all-clear",
      30_000,
    );
    expect(ended.recipient).toBe(ADMIN);
    await refreshes(() => sourceOf(dataDir, "thabo-nkosi")?.checked_at, 3);
    expect(alerts(dataDir).filter((row) => row.subject.includes("Thabo"))).toHaveLength(2);
    expect((await admin.request("/admin/calls")).text).not.toContain("Offered for no call");
  }, 120_000);

  it("sends a CalDAV password to its own server only, not to a host that server points to", async () => {
    // The server's discovery points elsewhere: the account is still found at its own address, and read.
    await waitFor(() => sourceOf(dataDir, "sipho-dube")?.ok_at, "Sipho's calendar read through its own address", 30_000);
    const withPassword = () => seenElsewhere.filter((request) => request.authorization !== undefined);
    expect(withPassword()).toEqual([]);

    // Its principal on another host: not followed; the read fails in words that say what to do.
    frontMode = "principal-elsewhere";
    await waitFor(
      () => sourceOf(dataDir, "sipho-dube")?.error?.includes(`another host, 127.0.0.1:${elsewherePort}`),
      "the principal elsewhere refused",
      30_000,
    );
    expect(sourceOf(dataDir, "sipho-dube")!.error).toContain(`write http://127.0.0.1:${elsewherePort}/ as caldav:`);
    // Every request redirected elsewhere: not followed either.
    frontMode = "redirect-elsewhere";
    await refreshes(() => sourceOf(dataDir, "sipho-dube")?.checked_at, 2);
    expect(sourceOf(dataDir, "sipho-dube")!.error).toContain(`another host, 127.0.0.1:${elsewherePort}`);
    expect(withPassword()).toEqual([]);
    expect(server.output()).not.toContain(SIPHO.password);
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("calendar alerts with two instances on PostgreSQL", () => {
  let radicale: Radicale;
  let cluster: Cluster;
  let dir: string;
  const TYPED = "as-the-file-has-it";

  beforeAll(async () => {
    radicale = await startRadicale({ "pg-user": "the-real-one" });
    await radicale.makeCalendar("pg-user", "Main");
    dir = mkdtempSync(path.join(tmpdir(), "calendar-trust-pg-"));
    const file = path.join(dir, "consultants.yaml");
    writeFileSync(
      file,
      [
        "consultants:",
        "  - id: naledi-mokoena",
        "    name: Naledi Mokoena",
        "    calendars:",
        `      - caldav: ${radicale.url}/`,
        "        username: pg-user",
        `        password: ${TYPED}`,
        "",
      ].join("\n"),
    );
    cluster = await startCluster({
      count: 2,
      env: () => ({ CONSULTANTS_FILE: file, CALENDAR_REFRESH_SECONDS: "1", CALENDAR_TIMEOUT_MS: "10000", OUTBOX_POLL_MS: "100" }),
    });
  }, 90_000);

  afterAll(async () => {
    await cluster?.stop();
    await radicale?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("mails the admins once when it starts and once when it ends, whichever instance reads", async () => {
    const subjects = async () =>
      (await cluster.query<{ subject: string }>("SELECT subject FROM outbox WHERE kind = 'Calendar alert' ORDER BY id")).map(
        (row) => row.subject,
      );
    const checked = async () =>
      String((await cluster.query<{ checked_at: Date }>("SELECT checked_at FROM calendar_sources"))[0]?.checked_at ?? "");
    await waitFor(async () => (await subjects()).length > 0, "the alert", 30_000);
    // Both instances read every second: several reads of each, still one mail.
    await refreshes(checked, 4);
    expect(await subjects()).toEqual(["Calendars: no calls are offered with Naledi Mokoena"]);
    radicale.setPassword("pg-user", TYPED);
    await waitFor(async () => (await subjects()).length > 1, "the all-clear", 30_000);
    await refreshes(checked, 4);
    expect(await subjects()).toEqual([
      "Calendars: no calls are offered with Naledi Mokoena",
      "Calendars: calls with Naledi Mokoena are offered again",
    ]);
  }, 120_000);
});
