import ICAL from "ical.js";
import { SAST_TIME_ZONE, sastInstant } from "#app/lib/sast.ts";
import type { BusyInterval } from "#server/booking/availability.ts";

/**
 * The busy stretches an iCalendar text holds within a range: each event and
 * each occurrence of a recurring one (RRULE, RDATE, EXDATE, moved or
 * cancelled occurrences), all-day events as whole SAST days, times in the
 * zone their VTIMEZONE (or IANA TZID) gives. Free ones (TRANSP:TRANSPARENT,
 * Google's default for all-day events) and cancelled ones are left out.
 */

/**
 * Occurrences walked in one calendar before it counts as garbage: ical.js
 * takes 25-110 microseconds an occurrence, so this bounds a calendar's walk
 * to about a second whatever its rules (a FREQ=MINUTELY rule since 1990).
 */
const MAX_OCCURRENCES = 20_000;
const DAY_MS = 24 * 60 * 60_000;

/** Why a calendar's text could not be used, in words safe to log and show (never a line of the text). */
export class CalendarDataError extends Error {
  override name = "CalendarDataError";
}

const NOT_ICALENDAR =
  "the answer is not iCalendar: check that the address is the calendar's secret iCal address (it ends in .ics), not a web page";

/** Whether a zone name is one Intl knows (an IANA name). */
export function knownZone(tzid: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tzid });
    return true;
  } catch {
    return false;
  }
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The offset of an IANA zone at an instant, in milliseconds. */
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

/** A wall-clock time in an IANA zone as an instant (the offset found twice, for times near a change). */
function zonedInstant(time: ICAL.Time, tzid: string): number {
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  const first = wall - zoneOffset(tzid, wall);
  return wall - zoneOffset(tzid, first);
}

/**
 * An event time as an instant. ical.js resolves a TZID its file defines by
 * VTIMEZONE; a TZID it does not define is read as the IANA zone of that name
 * (Google and Outlook feeds name them), and a floating time or an unknown
 * zone as SAST, the agency's own.
 */
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

/**
 * The busy stretches of one calendar text between `from` and `to`. Throws CalendarDataError when it is not iCalendar.
 * `ours`: the UIDs of calls this site wrote into the calendar, which their claims hold already (and a cancelled one
 * must free its time at once, not at the next read).
 */
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

  // A recurring event's moved or cancelled occurrences are VEVENTs of the same UID with a RECURRENCE-ID.
  const masters = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Event[] = [];
  // ical.js reads a value when it is first asked for: an event with a broken one is left out, not the whole calendar.
  const readable = (work: () => void) => {
    try {
      work();
    } catch (error) {
      if (error instanceof CalendarDataError) throw error;
    }
  };
  for (const component of root.getAllSubcomponents("vevent")) {
    readable(() => {
      // Exceptions are related below, by UID: without `exceptions` ical.js looks through every event of the
      // calendar for each one (a calendar of 12,000 events took 12 s, now a fraction of one).
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
    // An occurrence moved by an exception may start up to a day later than its recurrence id: walk a day past the range.
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

/**
 * Whether a component of the parsed text can touch the range, judged from its
 * raw dates: a single event whose dates lie days away from it is dropped
 * before ical.js makes objects of it, which costs a fifth of a millisecond an
 * event (a year's calendar of 2,300 events took 0.5 s, now 0.05 s). Two days
 * of margin cover any zone; recurring events, exceptions, events with a
 * DURATION and everything that is not an event are kept.
 */
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

/** An event's end: DTEND, else DTSTART plus DURATION; a date without either is its whole day. */
function endOf(event: ICAL.Event): number {
  const end = event.endDate;
  if (end.isDate) return instantOf(end, null);
  return instantOf(end, tzidOf(event, "dtend") ?? tzidOf(event, "dtstart"));
}

function durationOf(event: ICAL.Event): number {
  return Math.max(0, event.duration.toSeconds() * 1000);
}

const FIXED_PERIOD_DAYS: Record<string, number> = { SECONDLY: 1, MINUTELY: 1, HOURLY: 1, DAILY: 1, WEEKLY: 7 };

/**
 * A start for walking a recurring event from near `before` rather than from
 * its first occurrence (a weekly meeting since 2015 is 600 steps of ical.js):
 * the DTSTART moved forward by whole cycles of its rule, which repeat the same
 * occurrences. Cycles are whole days (a multiple of INTERVAL days, or weeks
 * for WEEKLY) or, for MONTHLY and YEARLY, whole years (a multiple of
 * INTERVAL). Undefined (walk from the start) for a COUNT, which counts from
 * the first, for several rules, and for a start after the 28th of its month
 * under a yearly shift (29 February). The moved start is itself an
 * occurrence to ical.js even where the rule would not give it; it ends before
 * `before`, outside the range read.
 */
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

/** Whether a UID is one of this site's calls (invitation.ts's bookingUid), which its claims hold already. */
export const isBookingUid = (host: string) => (uid: string) => /^booking-\d+@/.test(uid) && uid.endsWith(`@${host}`);

/** The busy stretches of a calendar's texts (a feed, or a CalDAV calendar's objects), this site's own calls left out. */
export function busyOfTexts(texts: readonly string[], from: Date, to: Date, host: string): BusyInterval[] {
  const ours = isBookingUid(host);
  return texts.flatMap((text) => busyFromIcs(text, from, to, ours));
}
