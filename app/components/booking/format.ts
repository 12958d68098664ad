import { site } from "~/config/site";

/**
 * How booking times read, always in SAST. The server formats the labels and
 * sends them as text, so the page hydrates with exactly what it rendered; only
 * the visitor's own time is formatted in the browser.
 */
const sast = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(site.locale, { ...options, timeZone: site.timeZone });

// Made on first use: the browser only ever needs the visitor's clock, and a formatter is costly to make.
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

/**
 * The visitor's own clock for booking times, e.g. "08:00 GMT+1", or null for a
 * time their clock reads exactly like SAST. Only the browser's zone matters, so
 * Date's own offset answers that without Intl, which is costly to start; the
 * formatters are made once, on the first time that reads differently.
 */
export function visitorClock(): (instant: Date) => string | null {
  let time: Intl.DateTimeFormat | undefined;
  let dayAndTime: Intl.DateTimeFormat | undefined;
  return (instant) => {
    if (instant.getTimezoneOffset() === SAST_TIMEZONE_OFFSET) return null;
    // The two clocks are less than a day apart: the day of the month tells whether the date differs.
    if (instant.getDate() === new Date(instant.getTime() + site.utcOffsetMs).getUTCDate()) {
      return (time ??= new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", timeZoneName: "short" })).format(instant);
    }
    // Far west or east the call falls on another day there: say which.
    dayAndTime ??= new Intl.DateTimeFormat(undefined, { weekday: "short", hour: "2-digit", minute: "2-digit", timeZoneName: "short" });
    return dayAndTime.format(instant);
  };
}
