import { createRequire } from "node:module";
import type HolidaysOfCountries from "date-holidays";
import type { IsoDate } from "#app/lib/sast.ts";

/**
 * The holidays of every country, loaded at the first day a calendar shows: a tenth of a second
 * of CPU that a server which never offers a slot does not spend at its start.
 */
let southAfrica: HolidaysOfCountries | undefined;
function holidaysOfSouthAfrica(): HolidaysOfCountries {
  if (!southAfrica) {
    const Holidays = createRequire(import.meta.url)("date-holidays") as typeof HolidaysOfCountries;
    // A holiday on a Sunday moves to the Monday (Public Holidays Act 36 of 1994); only "public" closes the agency.
    southAfrica = new Holidays("ZA", { types: ["public"] });
  }
  return southAfrica;
}
const byYear = new Map<number, ReadonlySet<IsoDate>>();

export function publicHolidays(year: number): ReadonlySet<IsoDate> {
  let dates = byYear.get(year);
  if (!dates) {
    // The holiday's local calendar date, whatever the server's TZ.
    dates = new Set(
      holidaysOfSouthAfrica()
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
