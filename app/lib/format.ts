import { site } from "~/config/site";

/** A date as South Africans read it, in the agency's time zone: 23 November 2026. */
export function formatLongDate(date: Date): string {
  return new Intl.DateTimeFormat(site.locale, { day: "numeric", month: "long", year: "numeric", timeZone: site.timeZone }).format(date);
}
