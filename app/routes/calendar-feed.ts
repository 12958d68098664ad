import { data } from "react-router";
import { NO_STORE } from "#app/lib/cache-control.ts";
import { feedCalendar } from "#server/booking/calendar-feed.ts";
import { clientAddressContext, servicesOf } from "#server/services.ts";
import type { Route } from "./+types/calendar-feed";

/**
 * A consultant's private iCal feed (server/booking/calendar-feed.ts). Calendar
 * apps poll it every few minutes to hours; more than that from one address is
 * someone trying secrets, limited like the site's other public endpoints.
 */
const feedLimit = { max: 60, windowMinutes: 60 };

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const hit = await services.rateLimits.hit("calendar-feed", context.get(clientAddressContext).rateLimitSubject, feedLimit);
  const headers = { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex, nofollow" };
  if (!hit.allowed) throw data(null, { status: 429, headers: { ...headers, "Retry-After": String(Math.ceil(hit.retryAfterMs / 1000)) } });
  const secret = /^([\w-]{43})\.ics$/.exec(params.file)?.[1];
  const { db } = services.admin;
  const ics =
    secret &&
    (await feedCalendar(db, services.booking.consultants, services.settings.SITE_URL, secret, services.siteContent.content("contact")));
  if (!ics) throw data(null, { status: 404, headers });
  return new Response(ics, { headers: { ...headers, "Content-Type": "text/calendar; charset=utf-8" } });
}
