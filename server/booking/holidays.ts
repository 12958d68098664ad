import Holidays from "date-holidays";
import type { IsoDate } from "#app/lib/sast.ts";

/**
 * South African public holidays (Public Holidays Act 36 of 1994), including
 * the Act's rule that a holiday falling on a Sunday moves to the Monday.
 * date-holidays knows the movable ones (Good Friday, Family Day) and the
 * Monday substitutes; only its "public" type closes the agency.
 */
const southAfrica = new Holidays("ZA", { types: ["public"] });
const byYear = new Map<number, ReadonlySet<IsoDate>>();

export function publicHolidays(year: number): ReadonlySet<IsoDate> {
  let dates = byYear.get(year);
  if (!dates) {
    // `date` is the holiday's local calendar date ("2026-08-10 00:00:00"), whatever the server's TZ.
    dates = new Set(
      southAfrica
        .getHolidays(year)
        .filter((h) => h.type === "public")
        .map((h) => h.date.slice(0, 10)),
    );
    byYear.set(year, dates);
  }
  return dates;
}

export function isPublicHoliday(date: IsoDate): boolean {
  return publicHolidays(Number(date.slice(0, 4))).has(date);
}
