// /calendar with three consultants' year-long iCal feeds (decision 0033): the page with and without them, while they
// are read every second, and one feed's read on the server's thread. Writes bench/results/calendar.json and .md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { busyFromIcs } from "#server/booking/ical-busy.ts";
import { icsUtc, NEW_YORK_ZONE, vcalendar, vevent } from "#tests/support/ics.ts";
import { freePort, type RunningServer, startServer } from "#tests/support/server.ts";
import { percentile } from "#bench/latency.ts";

const CONSULTANTS = ["lindiwe-dlamini", "ruan-botha", "thandi-nkosi"];
const RUNS = 30;
const WARMUP = 5;
const DAY_MS = 24 * 3600_000;

/** A busy consultant's year, recurring series with exceptions and another zone included. */
function yearOfEvents(seed: number): string {
  const now = Date.now();
  const parts: string[][] = [NEW_YORK_ZONE];
  const at = (day: number, minutes: number) => new Date(Math.floor(now / DAY_MS + day) * DAY_MS + minutes * 60_000);
  for (let i = 0; i < 2200; i++) {
    const day = -182 + ((i * 7 + seed) % 365);
    const start = at(day, 6 * 60 + ((i * 37 + seed * 11) % 10) * 30);
    parts.push(vevent(`single-${seed}-${i}`, `:${icsUtc(start)}`, `:${icsUtc(new Date(start.getTime() + 30 * 60_000))}`));
  }
  for (let i = 0; i < 50; i++) {
    const start = at(-730 + i, 7 * 60 + (i % 8) * 60);
    const rule = i < 40 ? "RRULE:FREQ=WEEKLY" : "RRULE:FREQ=MONTHLY";
    const extra = i % 5 === 0 ? [rule, `EXDATE:${icsUtc(new Date(start.getTime() + 700 * DAY_MS))}`] : [rule];
    parts.push(vevent(`series-${seed}-${i}`, `:${icsUtc(start)}`, `:${icsUtc(new Date(start.getTime() + 15 * 60_000))}`, extra));
  }
  for (let i = 0; i < 20; i++) {
    const date = new Date(at(-150 + i * 15, 0)).toISOString().slice(0, 10).replaceAll("-", "");
    const next = new Date(at(-149 + i * 15, 0)).toISOString().slice(0, 10).replaceAll("-", "");
    parts.push(vevent(`allday-${seed}-${i}`, `;VALUE=DATE:${date}`, `;VALUE=DATE:${next}`));
  }
  for (let i = 0; i < 30; i++) {
    const local = icsUtc(at(i * 3, 14 * 60)).replace("Z", "");
    const end = icsUtc(at(i * 3, 15 * 60)).replace("Z", "");
    parts.push(vevent(`ny-${seed}-${i}`, `;TZID=America/New_York:${local}`, `;TZID=America/New_York:${end}`));
  }
  return vcalendar(...parts);
}

async function timePage(server: RunningServer) {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    const response = await fetch(`${server.url}/calendar`);
    await response.text();
    if (!response.ok) throw new Error(`/calendar answered ${response.status}`);
    if (i >= WARMUP) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { medianMs: percentile(times, 50), p90Ms: percentile(times, 90), maxMs: times.at(-1)! };
}

function consultantsFile(dir: string, feeds: string[] | null): string {
  const file = path.join(dir, `consultants-${feeds ? "feeds" : "none"}.yaml`);
  const lines = ["consultants:"];
  CONSULTANTS.forEach((id, index) => {
    lines.push(`  - id: ${id}`, `    name: Consultant ${index + 1}`);
    if (feeds) lines.push("    calendars:", `      - ical: ${feeds[index]}`);
  });
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

async function untilRead(dataDir: string, reads: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const db = new DatabaseSync(path.join(dataDir, "site.db"), { readOnly: true, timeout: 5000 });
    const read = db.prepare("select count(*) as n from calendar_sources where ok_at is not null").get() as { n: number };
    db.close();
    if (read.n >= reads) return;
    if (Date.now() > deadline) throw new Error("the feeds were not read within a minute");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const feeds = CONSULTANTS.map((_, index) => yearOfEvents(index + 1));
const port = await freePort();
const feedServer = createServer((req, res) => {
  const index = Number(/^\/feed-(\d)\.ics$/.exec(req.url ?? "")?.[1]);
  const text = feeds[index];
  if (text === undefined) return void res.writeHead(404).end();
  res.writeHead(200, { "content-type": "text/calendar" }).end(text);
});
await new Promise<void>((resolve) => feedServer.listen(port, "127.0.0.1", resolve));
const dir = mkdtempSync(path.join(tmpdir(), "bench-calendar-"));
const urls = CONSULTANTS.map((_, index) => `http://127.0.0.1:${port}/feed-${index}.ics`);

const results: Record<string, unknown> = {};
try {
  const reads: number[] = [];
  let stretches = 0;
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    stretches = busyFromIcs(feeds[0]!, new Date(Date.now() - DAY_MS), new Date(Date.now() + 31 * DAY_MS)).length;
    reads.push(performance.now() - started);
  }
  reads.sort((a, b) => a - b);
  results.feed = {
    events: (feeds[0]!.match(/BEGIN:VEVENT/g) ?? []).length,
    kilobytes: Math.round(Buffer.byteLength(feeds[0]!) / 1024),
    busyStretches: stretches,
    readMedianMs: percentile(reads, 50),
    readMaxMs: reads.at(-1)!,
  };

  const plain = await startServer({ CONSULTANTS_FILE: consultantsFile(dir, null) });
  try {
    results.noCalendars = await timePage(plain);
  } finally {
    await plain.stop();
  }
  for (const [name, refresh] of [
    ["threeFeeds", "300"],
    ["threeFeedsReadEverySecond", "1"],
  ] as const) {
    const server = await startServer({ CONSULTANTS_FILE: consultantsFile(dir, urls), CALENDAR_REFRESH_SECONDS: refresh });
    try {
      await untilRead(server.dataDir, CONSULTANTS.length);
      results[name] = await timePage(server);
    } finally {
      await server.stop();
    }
  }
} finally {
  feedServer.close();
  rmSync(dir, { recursive: true, force: true });
}

type PageTimes = { medianMs: number; p90Ms: number; maxMs: number };
const feed = results.feed as { events: number; kilobytes: number; busyStretches: number; readMedianMs: number; readMaxMs: number };
const ms = (value: number) => `${value.toFixed(1)} ms`;
const row = (label: string, t: PageTimes) => `| ${label} | ${ms(t.medianMs)} | ${ms(t.p90Ms)} | ${ms(t.maxMs)} |`;
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/calendar.json",
  JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, results }, null, 2),
);
writeFileSync(
  "bench/results/calendar.md",
  [
    "## /calendar with three consultants' calendars\n",
    `Each consultant's private iCal feed holds a year of events: ${feed.events} events, ${feed.kilobytes} KB ` +
      `(singles, weekly and monthly series since two years ago with exceptions, all-day, New York's zone), ${feed.busyStretches} busy stretches in the booking horizon. ` +
      `Reading and expanding one on the server's thread: ${ms(feed.readMedianMs)} median, ${ms(feed.readMaxMs)} at most, once per CALENDAR_REFRESH_SECONDS.\n`,
    `The built server, ${RUNS} requests after ${WARMUP} to warm up, one at a time.\n`,
    "| consultants' calendars | median | p90 | max |",
    "|---|---:|---:|---:|",
    row("none", results.noCalendars as PageTimes),
    row("three feeds, cached", results.threeFeeds as PageTimes),
    row("three feeds, each read every second", results.threeFeedsReadEverySecond as PageTimes),
    "",
  ].join("\n"),
);
console.log("bench/results/calendar.md written");
