import { site } from "../../app/config/site.ts";

/**
 * Booking times live in South African Standard Time. South Africa has kept
 * UTC+2 all year since 1944 (no daylight saving), so a fixed offset is exact;
 * every helper works on UTC fields only, so the server's own TZ never matters.
 */
export const BOOKING_TIME_ZONE = site.timeZone;
export const SAST_OFFSET_MS = site.utcOffsetMs;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An ISO calendar date, e.g. "2026-08-10". */
export type IsoDate = string;

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
export function sastInstant(date: IsoDate, minutes: number): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - SAST_OFFSET_MS + minutes * 60_000);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(date: IsoDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function isIsoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && addDays(text, 0) === text;
}
