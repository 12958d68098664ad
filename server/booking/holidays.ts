import Holidays from "date-holidays";
import type { IsoDate } from "#app/lib/sast.ts";

// A holiday on a Sunday moves to the Monday (Public Holidays Act 36 of 1994); only "public" closes the agency.
const southAfrica = new Holidays("ZA", { types: ["public"] });
const byYear = new Map<number, ReadonlySet<IsoDate>>();

export function publicHolidays(year: number): ReadonlySet<IsoDate> {
  let dates = byYear.get(year);
  if (!dates) {
    // The holiday's local calendar date, whatever the server's TZ.
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
