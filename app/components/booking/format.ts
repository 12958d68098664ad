import { site } from "~/config/site";

/**
 * How booking times read, always in SAST. The server formats the labels and
 * sends them as text, so the page hydrates with exactly what it rendered; only
 * the visitor's own time is formatted in the browser.
 */
const sast = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(site.locale, { ...options, timeZone: site.timeZone });

const longDay = sast({ weekday: "long", day: "numeric", month: "long", year: "numeric" });
const shortDay = sast({ weekday: "short", day: "numeric", month: "short" });
const clock = sast({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** Tuesday, 24 November 2026 */
export function sastLongDay(instant: Date): string {
  return longDay.format(instant);
}

/** Tue, 24 Nov */
export function sastShortDay(instant: Date): string {
  return shortDay.format(instant);
}

/** 09:00 */
export function sastClock(instant: Date): string {
  return clock.format(instant);
}

/** Tuesday, 24 November 2026, 09:00-09:15 SAST */
export function sastSlot(start: Date, end: Date): string {
  return `${sastLongDay(start)}, ${sastClock(start)}-${sastClock(end)} SAST`;
}

/** The same instant on the visitor's clock, e.g. "08:00 GMT+1"; null when their zone reads like SAST. */
export function visitorClock(instant: Date, timeZone: string): string | null {
  const offset = (zone: string) =>
    new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(instant).find((p) => p.type === "timeZoneName")?.value;
  if (offset(timeZone) === offset(site.timeZone)) return null;
  const day = (zone: string) => new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(instant);
  // Far west or east the call falls on another day there: say which.
  const weekday = day(timeZone) !== day(site.timeZone) ? "short" : undefined;
  return new Intl.DateTimeFormat(undefined, { timeZone, weekday, hour: "2-digit", minute: "2-digit", timeZoneName: "short" }).format(instant);
}
