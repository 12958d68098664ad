import { site } from "~/config/site";

/**
 * How booking times read, always in SAST. The server formats the labels and
 * sends them as text, so the page hydrates with exactly what it rendered; only
 * the visitor's own time is formatted in the browser.
 */
const sast = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(site.locale, { ...options, timeZone: site.timeZone });

// Made on first use: the server formats SAST labels; the browser needs none of these (visitorClock uses Date), and a formatter is costly to make.
let longDay: Intl.DateTimeFormat | undefined;
let shortDay: Intl.DateTimeFormat | undefined;
let clock: Intl.DateTimeFormat | undefined;

/** Tuesday, 24 November 2026 */
export function sastLongDay(instant: Date): string {
  return (longDay ??= sast({ weekday: "long", day: "numeric", month: "long", year: "numeric" })).format(instant);
}

/** Tue, 24 Nov */
export function sastShortDay(instant: Date): string {
  return (shortDay ??= sast({ weekday: "short", day: "numeric", month: "short" })).format(instant);
}

/** 09:00 */
export function sastClock(instant: Date): string {
  return (clock ??= sast({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" })).format(instant);
}

/** Tuesday, 24 November 2026, 09:00-09:15 SAST */
export function sastSlot(start: Date, end: Date): string {
  return `${sastLongDay(start)}, ${sastClock(start)}-${sastClock(end)} SAST`;
}

/** SAST's offset as Date's getTimezoneOffset reports it: minutes, west of UTC positive. */
const SAST_TIMEZONE_OFFSET = -site.utcOffsetMs / 60_000;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const twoDigits = (n: number) => String(n).padStart(2, "0");

/** UTC, UTC+1, UTC-10, UTC+5:30: the same words the page uses for SAST (UTC+2). */
function utcOffsetName(timezoneOffset: number): string {
  const east = -timezoneOffset;
  if (east === 0) return "UTC";
  const hours = Math.trunc(Math.abs(east) / 60);
  const minutes = Math.abs(east) % 60;
  return `UTC${east < 0 ? "-" : "+"}${hours}${minutes ? `:${twoDigits(minutes)}` : ""}`;
}

/**
 * A booking time on the visitor's own clock, in the 24-hour form of the SAST
 * times beside it ("08:15 UTC+1", or "Mon 21:00 UTC-10" where the call falls on
 * another day there), or null where their clock reads exactly like SAST. Only
 * the browser's zone matters, so Date answers all of it: no Intl, which is
 * costly to start and would run for each of hundreds of times.
 */
export function visitorClock(instant: Date): string | null {
  const offset = instant.getTimezoneOffset();
  if (offset === SAST_TIMEZONE_OFFSET) return null;
  const time = `${twoDigits(instant.getHours())}:${twoDigits(instant.getMinutes())} ${utcOffsetName(offset)}`;
  // The two clocks are less than a day apart: the day of the month tells whether the date differs.
  const sameDay = instant.getDate() === new Date(instant.getTime() + site.utcOffsetMs).getUTCDate();
  return sameDay ? time : `${WEEKDAYS[instant.getDay()]} ${time}`;
}
