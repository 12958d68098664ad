// Makes docs/calendar-client*.png: a booked call as a consultant sees it in Thunderbird over CalDAV (decision 0033).
// Not part of `npm test`: it needs a desktop client. Run it with
//   apt-get install -y --no-install-recommends radicale thunderbird xvfb imagemagick xdotool
//   npm run build && npm run docs:calendar-client
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { addDays, sastDate, sastInstant, sastMinutes } from "#app/lib/sast.ts";
import { BOOKING_HMAC_KEY, bookSlot, offeredSlots } from "#tests/support/booking-posts.ts";
import { icsUtc, vcalendar, vevent } from "#tests/support/ics.ts";
import { waitFor } from "#tests/support/leads.ts";
import { RADICALE, startRadicale } from "#tests/support/radicale.ts";
import { freePort, startServer } from "#tests/support/server.ts";

const PASSWORD = "caldav-docs-password";
const SCREEN = { width: 1600, height: 1000 };
/** Also how the event is found on the screen. */
const COLOUR = [0x0e, 0x76, 0x6e] as const;
const docs = path.resolve(import.meta.dirname, "../docs");
const EVENT_COLUMN = 1000;

const tools = {
  radicale: RADICALE,
  thunderbird: "/usr/bin/thunderbird",
  Xvfb: "/usr/bin/Xvfb",
  import: "/usr/bin/import",
  convert: "/usr/bin/convert",
  xdotool: "/usr/bin/xdotool",
};
const missing = Object.entries(tools).filter(([, binary]) => !existsSync(binary));
if (missing.length) {
  console.error(`Missing ${missing.map(([name]) => name).join(", ")}: see this script's header for the packages.`);
  process.exit(1);
}
if (!existsSync(path.resolve(import.meta.dirname, "../build/server"))) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => unknown)[] = [];
const work = mkdtempSync(path.join(tmpdir(), "docs-calendar-client-"));
cleanups.push(() => rmSync(work, { recursive: true, force: true }));

function spawnTool(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: "ignore" });
  cleanups.push(() => child.exitCode === null && child.kill("SIGTERM"));
  return child;
}

// An interrupted run leaves no server, display or client behind.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));

try {
  const radicale = await startRadicale({ lindiwe: PASSWORD });
  cleanups.push(() => radicale.dispose());
  await radicale.makeCalendar("lindiwe", "work");
  const basic = `Basic ${Buffer.from(`lindiwe:${PASSWORD}`).toString("base64")}`;

  // Thunderbird reads her calendar through this loopback proxy, which adds the password.
  const target = new URL(radicale.url);
  const proxy: Server = createServer((incoming, answer) => {
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, authorization: basic },
      },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
      },
    );
    outgoing.on("error", () => answer.writeHead(502).end());
    incoming.pipe(outgoing);
  });
  const proxyPort = await freePort();
  await new Promise<void>((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));
  cleanups.push(() => proxy.close());

  const consultants = path.join(work, "consultants.yaml");
  writeFileSync(
    consultants,
    [
      "consultants:",
      "  - id: lindiwe-dlamini",
      "    name: Lindiwe Dlamini",
      "    meeting: https://meet.google.com/roi-lind-iwe",
      "    calendars:",
      `      - caldav: ${radicale.url}/`,
      "        username: lindiwe",
      `        password: ${PASSWORD}`,
      "",
    ].join("\n"),
  );
  const server = await startServer({
    CONSULTANTS_FILE: consultants,
    ALTCHA_HMAC_KEY: BOOKING_HMAC_KEY,
    TRUST_PROXY: "x-forwarded-for",
    OUTBOX_POLL_MS: "100",
    SITE_URL: "https://roimedia.co.za",
  });
  cleanups.push(() => server.stop());

  // Until her calendar is read she is offered for no slot (decision 0047).
  const slots = await waitFor(
    async () => {
      const offered = await offeredSlots(server);
      return offered.length ? offered : undefined;
    },
    "her calendar's first read",
    30_000,
  );
  const day = sastDate(new Date(slots[0]!));
  const slot = slots.find((s) => sastDate(new Date(s)) === day && sastMinutes(new Date(s)) >= 10 * 60) ?? slots[0]!;
  const meeting = (uid: string, date: string, from: number, to: number, title: string) =>
    radicale.put(
      "lindiwe",
      "work",
      uid,
      vcalendar(
        vevent(uid, `:${icsUtc(sastInstant(date, from * 60))}`, `:${icsUtc(sastInstant(date, to * 60))}`).map((line) =>
          line === "SUMMARY:Busy" ? `SUMMARY:${title}` : line,
        ),
      ),
    );
  await meeting("standup", day, 8.5, 9, "Team stand-up");
  await meeting("review", day, 14, 15, "Campaign review: Mzansi Foods");

  const booked = await bookSlot(server, slot, "Thandi Nkosi", {
    email: "thandi@nkosiretail.co.za",
    company: "Nkosi Retail",
    phone: "+27 82 555 0142",
    website: "https://nkosiretail.co.za",
    message: "Our Google Ads spend doubled this year but online orders did not. Can you audit the account?",
  });
  if (booked.status !== 302) throw new Error(`the booking answered ${booked.status}`);
  const id = Number(booked.location!.split("?")[0]!.split("/").at(-1)!.split(".")[0]);
  const written = await waitFor(
    async () => {
      const response = await fetch(`${radicale.url}/lindiwe/work/booking-${id}.ics`, { headers: { authorization: basic } });
      return response.ok ? response.text() : undefined;
    },
    "the call in Lindiwe's calendar",
    20_000,
  );
  console.log(`Booked ${slot}; the event in her calendar:\n${written}`);

  const display = `:${freeDisplay()}`;
  const x = { env: { ...process.env, DISPLAY: display } };
  spawnTool(tools.Xvfb, [display, "-screen", "0", `${SCREEN.width}x${SCREEN.height}x24`, "-nolisten", "tcp"]);
  await waitFor(() => existsSync(`/tmp/.X11-unix/X${display.slice(1)}`) || undefined, "Xvfb", 10_000);
  const profile = path.join(work, "profile");
  mkdirSync(profile);
  writeFileSync(path.join(profile, "user.js"), thunderbirdPrefs(`http://127.0.0.1:${proxyPort}/lindiwe/work/`));
  spawnTool(tools.thunderbird, ["--no-remote", "--profile", profile], {
    DISPLAY: display,
    HOME: work,
    TZ: "Africa/Johannesburg",
    LANG: "en_GB.UTF-8",
  });
  const xdotool = (...args: string[]) => execFileSync(tools.xdotool, args, x).toString().trim();
  const windowNamed = (name: string) => () => {
    try {
      return xdotool("search", "--onlyvisible", "--name", name).split("\n")[0];
    } catch {
      return undefined; // none yet
    }
  };
  const click = (px: number, py: number, times = 1) =>
    xdotool("mousemove", String(px), String(py), "click", "--repeat", String(times), "--delay", "80", "1");
  const capture = (file: string, window = "root") => execFileSync(tools.import, ["-window", window, file], x);

  const main = await waitFor(windowNamed("Mozilla Thunderbird"), "Thunderbird's window", 60_000);
  await sleep(3000);
  // No window manager: the places clicked below are where Thunderbird's layout puts them at this size.
  xdotool("windowmove", main, "0", "0");
  xdotool("windowsize", main, String(SCREEN.width), String(SCREEN.height));
  await sleep(1000);
  click(22, 112);
  await sleep(2000);
  click(1387, 98);
  click(1586, 98);
  await sleep(1000);
  click(1249, 109);
  await sleep(1000);
  const today = sastDate(new Date());
  for (let d = today; d < day; d = addDays(d, 1)) {
    click(462, 109);
    await sleep(300);
  }
  // The call is the shortest of the coloured boxes (15 minutes, her meetings longer).
  const shot = path.join(work, "day.png");
  const call = await waitFor(
    () => {
      capture(shot);
      const runs = colourRuns(shot, EVENT_COLUMN);
      return runs.length === 3 ? runs.sort((a, b) => a.length - b.length)[0] : undefined;
    },
    "the day's three events on the screen",
    30_000,
  );
  copyFileSync(shot, path.join(docs, "calendar-client.png"));

  click(EVENT_COLUMN, call.from + Math.floor(call.length / 2), 2);
  const dialog = await waitFor(windowNamed("Thandi Nkosi"), "the event's window", 20_000);
  xdotool("windowmove", dialog, "480", "60");
  xdotool("windowsize", dialog, "640", "660");
  await sleep(1500);
  capture(path.join(docs, "calendar-client-event.png"), dialog);
  console.log("Wrote docs/calendar-client.png and docs/calendar-client-event.png");
} finally {
  await cleanUp();
}

async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

function freeDisplay(): number {
  for (let n = 90; ; n++) if (!existsSync(`/tmp/.X11-unix/X${n}`) && !existsSync(`/tmp/.X${n}-lock`)) return n;
}

function colourRuns(png: string, column: number): { from: number; length: number }[] {
  const pixels = execFileSync(tools.convert, [png, "-crop", `1x${SCREEN.height}+${column}+0`, "+repage", "-depth", "8", "rgb:-"]);
  const runs: { from: number; length: number }[] = [];
  for (let y = 0; y < pixels.length / 3; y++) {
    const near = COLOUR.every((c, i) => Math.abs(pixels[y * 3 + i]! - c) <= 8);
    const last = runs.at(-1);
    if (near && last && last.from + last.length === y) last.length++;
    else if (near) runs.push({ from: y, length: 1 });
  }
  return runs.filter((run) => run.length > 4);
}

function thunderbirdPrefs(calendarUrl: string): string {
  const prefs: Record<string, string | number | boolean> = {
    "calendar.registry.lindiwe.type": "caldav",
    "calendar.registry.lindiwe.uri": calendarUrl,
    "calendar.registry.lindiwe.name": "Lindiwe Dlamini: work",
    "calendar.registry.lindiwe.color": `#${COLOUR.map((c) => c.toString(16).padStart(2, "0")).join("")}`,
    "calendar.registry.lindiwe.cache.enabled": false,
    "calendar.registry.lindiwe.calendar-main-in-composite": true,
    "calendar.registry.lindiwe.imip.identity.disabled": true,
    "calendar.list.sortOrder": "lindiwe",
    "calendar.timezone.useSystemTimezone": true,
    "mail.provider.suppress_dialog_on_startup": true,
    "mail.shell.checkDefaultClient": false,
    "mailnews.start_page.enabled": false,
    "mail.rights.override": true,
    "datareporting.policy.dataSubmissionEnabled": false,
    "toolkit.telemetry.reportingpolicy.firstRun": false,
    "app.update.enabled": false,
    "app.donation.eoy.version.viewed": 999,
    "browser.startup.homepage_override.mstone": "ignore",
    "mail.spotlight.firstRunDone": true,
  };
  return Object.entries(prefs)
    .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});\n`)
    .join("");
}
