import { site } from "../../config/site.ts";

const sast = new Intl.DateTimeFormat(site.locale, {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: site.timeZone,
});

/** An instant as the agency reads it, in SAST: "23 Nov 2026, 14:05". */
export function formatSast(date: Date | string): string {
  return sast.format(new Date(date));
}

/** The SAST calendar day of an instant, as a date input holds it: 2026-11-23. */
export function sastDay(date: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: site.timeZone }).format(date);
}
