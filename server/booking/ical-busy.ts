import ICAL from "ical.js";
import { SAST_TIME_ZONE, sastInstant } from "#app/lib/sast.ts";
import type { BusyInterval } from "#server/booking/availability.ts";

// Free events (TRANSP:TRANSPARENT, Google's default for all-day ones) and cancelled ones are left out.

// ical.js takes 25-110 µs an occurrence: this bounds a walk to about a second whatever the rules.
const MAX_OCCURRENCES = 20_000;
const DAY_MS = 24 * 60 * 60_000;

/** In words safe to log and show: never a line of the text. */
export class CalendarDataError extends Error {
  override name = "CalendarDataError";
}

const NOT_ICALENDAR =
  "the answer is not iCalendar: check that the address is the calendar's secret iCal address (it ends in .ics), not a web page";

export function knownZone(tzid: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tzid });
    return true;
  } catch {
    return false;
  }
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function zoneOffset(tzid: string, at: number): number {
  let format = offsetFormats.get(tzid);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: tzid,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    offsetFormats.set(tzid, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(at / 1000) * 1000;
}

// The offset is found twice, for times near a change.
function zonedInstant(time: ICAL.Time, tzid: string): number {
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  const first = wall - zoneOffset(tzid, wall);
  return wall - zoneOffset(tzid, first);
}

// A TZID the file does not define is read as IANA (Google and Outlook name them); floating or unknown is SAST.
function instantOf(time: ICAL.Time, tzid: string | null): number {
  if (time.isDate) return sastInstant(`${String(time.year).padStart(4, "0")}-${pad(time.month)}-${pad(time.day)}`).getTime();
  const zone = time.zone;
  const resolved = zone && zone !== ICAL.Timezone.localTimezone && zone.tzid !== "floating";
  if (resolved) return time.toUnixTime() * 1000;
  return zonedInstant(time, tzid && knownZone(tzid) ? tzid : SAST_TIME_ZONE);
}

const pad = (n: number) => String(n).padStart(2, "0");

function isFree(event: ICAL.Event): boolean {
  const component = event.component;
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  const transp = String(component.getFirstPropertyValue("transp") ?? "").toUpperCase();
  return status === "CANCELLED" || transp === "TRANSPARENT";
}

function tzidOf(event: ICAL.Event, name: "dtstart" | "dtend"): string | null {
  const value = event.component.getFirstProperty(name)?.getParameter("tzid");
  return typeof value === "string" ? value : null;
}

/** `ours`: calls this site wrote, held by their claims already, so a cancelled one frees its time at once. */
export function busyFromIcs(text: string, from: Date, to: Date, ours: (uid: string) => boolean = () => false): BusyInterval[] {
  let jcal: unknown;
  try {
    jcal = ICAL.parse(text);
  } catch {
    // Never the parser's message: it quotes the line, which may be a web page or someone's meeting.
    throw new CalendarDataError(NOT_ICALENDAR);
  }
  if (!Array.isArray(jcal) || jcal[0] !== "vcalendar" || !Array.isArray(jcal[2])) throw new CalendarDataError(NOT_ICALENDAR);
  const root = new ICAL.Component(["vcalendar", jcal[1], (jcal[2] as Jcal[]).filter(near(from, to))]);
  const lower = from.getTime();
  const upper = to.getTime();
  const busy: BusyInterval[] = [];
  const add = (start: number, end: number) => {
    if (end > lower && start < upper && end > start) busy.push({ start, end });
  };

  const masters = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Event[] = [];
  // ical.js reads a value when first asked: an event with a broken one is left out, not the whole calendar.
  const readable = (work: () => void) => {
    try {
      work();
    } catch (error) {
      if (error instanceof CalendarDataError) throw error;
    }
  };
  for (const component of root.getAllSubcomponents("vevent")) {
    readable(() => {
      // Without `exceptions` ical.js scans every event for each one (12,000 events took 12 s).
      const event = new ICAL.Event(component, { exceptions: [] });
      if (!component.hasProperty("dtstart") || ours(event.uid)) return;
      if (component.hasProperty("recurrence-id")) exceptions.push(event);
      else masters.set(event.uid, event);
    });
  }
  for (const exception of exceptions) {
    readable(() => {
      const master = masters.get(exception.uid);
      if (master) master.relateException(exception);
      else if (!isFree(exception)) add(instantOf(exception.startDate, tzidOf(exception, "dtstart")), endOf(exception));
    });
  }

  let walked = 0;
  for (const event of masters.values()) readable(() => walk(event));
  return busy;

  function walk(event: ICAL.Event): void {
    if (!event.isRecurring()) {
      if (!isFree(event)) add(instantOf(event.startDate, tzidOf(event, "dtstart")), endOf(event));
      return;
    }
    const startZone = tzidOf(event, "dtstart");
    const iterator = event.iterator(fastForward(event, lower - DAY_MS - durationOf(event)));
    // An occurrence moved by an exception may start up to a day later than its recurrence id.
    for (let next = iterator.next(); next; next = iterator.next()) {
      if (++walked > MAX_OCCURRENCES)
        throw new CalendarDataError(
          `more than ${MAX_OCCURRENCES} occurrences of recurring events to walk: read fewer of the account's calendars (calendars: in the consultants file)`,
        );
      const recurrence = instantOf(next, startZone);
      if (recurrence >= upper + DAY_MS) break;
      const details = event.getOccurrenceDetails(next);
      const item = details.item;
      if (isFree(item)) continue;
      const itemZone = item === event ? startZone : tzidOf(item, "dtstart");
      const start = instantOf(details.startDate, itemZone);
      const end = details.endDate.isDate ? instantOf(details.endDate, null) : instantOf(details.endDate, tzidOf(item, "dtend") ?? itemZone);
      add(start, end);
    }
  }
}

type Jcal = [string, Array<[string, Record<string, unknown>, string, ...unknown[]]>, Jcal[]];

// Drops far-off single events before ical.js builds them (2,300 events took 0.5 s, now 0.05 s); two days cover any zone.
function near(from: Date, to: Date): (component: Jcal) => boolean {
  const lowest = new Date(from.getTime() - 2 * DAY_MS).toISOString().slice(0, 10);
  const highest = new Date(to.getTime() + 2 * DAY_MS).toISOString().slice(0, 10);
  return (component) => {
    if (!Array.isArray(component) || component[0] !== "vevent" || !Array.isArray(component[1])) return true;
    let start: string | undefined;
    let end: string | undefined;
    for (const [name, , , value] of component[1]) {
      if (name === "rrule" || name === "rdate" || name === "recurrence-id" || name === "duration") return true;
      if (name === "dtstart") start = String(value);
      if (name === "dtend") end = String(value);
    }
    if (!start) return true;
    return start.slice(0, 10) <= highest && (end ?? start).slice(0, 10) >= lowest;
  };
}

function endOf(event: ICAL.Event): number {
  const end = event.endDate;
  if (end.isDate) return instantOf(end, null);
  return instantOf(end, tzidOf(event, "dtend") ?? tzidOf(event, "dtstart"));
}

function durationOf(event: ICAL.Event): number {
  return Math.max(0, event.duration.toSeconds() * 1000);
}

const FIXED_PERIOD_DAYS: Record<string, number> = { SECONDLY: 1, MINUTELY: 1, HOURLY: 1, DAILY: 1, WEEKLY: 7 };

// Skips whole cycles of the rule (a weekly meeting since 2015 is 600 steps); undefined for COUNT and shapes it cannot shift.
function fastForward(event: ICAL.Event, before: number): ICAL.Time | undefined {
  const rules = event.component.getAllProperties("rrule");
  if (rules.length !== 1) return undefined;
  const rule = rules[0]!.getFirstValue() as ICAL.Recur;
  if (rule.count) return undefined;
  const start = event.startDate;
  const startMs = start.toUnixTime() * 1000;
  if (startMs >= before) return undefined;
  const interval = rule.interval || 1;
  const shifted = start.clone();
  const periodDays = FIXED_PERIOD_DAYS[rule.freq];
  if (periodDays) {
    const cycle = periodDays * interval;
    const days = Math.floor((before - startMs) / DAY_MS / cycle) * cycle - cycle;
    if (days <= 0) return undefined;
    shifted.adjust(days, 0, 0, 0);
    return shifted;
  }
  if ((rule.freq === "MONTHLY" || rule.freq === "YEARLY") && start.day <= 28) {
    const years = Math.floor((before - startMs) / (366 * DAY_MS) / interval) * interval - interval;
    if (years <= 0) return undefined;
    shifted.year += years;
    return shifted;
  }
  return undefined;
}

export const isBookingUid = (host: string) => (uid: string) => /^booking-\d+@/.test(uid) && uid.endsWith(`@${host}`);

export function busyOfTexts(texts: readonly string[], from: Date, to: Date, host: string): BusyInterval[] {
  const ours = isBookingUid(host);
  return texts.flatMap((text) => busyFromIcs(text, from, to, ours));
}
