import { site } from "#app/config/site.ts";

/**
 * Every time the site shows or reckons with is South African Standard Time.
 * South Africa has kept UTC+2 all year since 1944 (no daylight saving), so a
 * fixed offset is exact: the arithmetic below works on UTC fields only and the
 * server's own zone never matters. Formatters are made on first use: they are
 * costly to make, and the browser needs few of them.
 */

export const SAST_TIME_ZONE = site.timeZone;
export const SAST_OFFSET_MS = site.utcOffsetMs;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An ISO calendar date, e.g. "2026-08-10". */
export type IsoDate = string;

// ---- Arithmetic ----------------------------------------------------------

/** The SAST calendar date of an instant. */
export function sastDate(instant: Date): IsoDate {
  return new Date(instant.getTime() + SAST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Minutes after SAST midnight of an instant. */
export function sastMinutes(instant: Date): number {
  const shifted = new Date(instant.getTime() + SAST_OFFSET_MS);
  return shifted.getUTCHours() * 60 + shifted.getUTCMinutes();
}

/** The instant `minutes` after midnight SAST on `date`. */
export function sastInstant(date: IsoDate, minutes = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - SAST_OFFSET_MS + minutes * 60_000);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(date: IsoDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** An instant's SAST wall-clock time as iCalendar writes a local time: 20261124T090000. */
export function sastLocalStamp(instant: Date): string {
  return new Date(instant.getTime() + SAST_OFFSET_MS).toISOString().replace(/[-:]/g, "").slice(0, 15);
}

// ---- As people read it ----------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
function format(name: string, options: Intl.DateTimeFormatOptions, locale: string = site.locale): Intl.DateTimeFormat {
  let formatter = formatters.get(name);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: SAST_TIME_ZONE });
    formatters.set(name, formatter);
  }
  return formatter;
}

/** An instant as the agency reads it in the inbox: "23 Nov 2026, 14:05". */
export function formatSast(date: Date | string): string {
  const options = { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
  return format("inbox", options).format(new Date(date));
}

/** When a lead arrived, as its notification says it: "24 November 2026 at 14:05:09 SAST (2026-11-24T12:05:09.000Z)". */
export function formatReceived(date: Date): string {
  return `${format("received", { dateStyle: "long", timeStyle: "medium" }).format(date)} SAST (${date.toISOString()})`;
}

/** The SAST calendar day of an instant, as a date input holds it: 2026-11-23. */
export function sastDay(date: Date): string {
  return format("day", {}, "en-CA").format(date);
}

/** A date as South Africans read it: 23 November 2026. */
export function formatLongDate(date: Date): string {
  return format("long-date", { day: "numeric", month: "long", year: "numeric" }).format(date);
}

/** Tuesday, 24 November 2026 */
export function sastLongDay(instant: Date): string {
  return format("long-day", { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(instant);
}

/** Tue, 24 Nov */
export function sastShortDay(instant: Date): string {
  return format("short-day", { weekday: "short", day: "numeric", month: "short" }).format(instant);
}

/** 09:00 */
export function sastClock(instant: Date): string {
  return format("clock", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);
}

/** Tuesday, 24 November 2026, 09:00-09:15 SAST */
export function sastSlot(start: Date, end: Date): string {
  return `${sastLongDay(start)}, ${sastClock(start)}-${sastClock(end)} SAST`;
}

/** Minutes after midnight as a clock reads them: 540 → "09:00". */
export function clockOfMinutes(minutes: number): string {
  return `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;
}

// ---- The visitor's own clock ---------------------------------------------

/** SAST's offset as Date's getTimezoneOffset reports it: minutes, west of UTC positive. */
const SAST_TIMEZONE_OFFSET = -SAST_OFFSET_MS / 60_000;
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
  const sameDay = instant.getDate() === new Date(instant.getTime() + SAST_OFFSET_MS).getUTCDate();
  return sameDay ? time : `${WEEKDAYS[instant.getDay()]} ${time}`;
}
