import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { site } from "#app/config/site.ts";
import type { Database } from "#server/db/schema.ts";
import { calendarEvent, leadPage } from "#server/booking/calendar-write.ts";
import type { Consultant } from "#server/booking/consultants.ts";
import { VTIMEZONE } from "#server/booking/invitation.ts";
import { asBooking } from "#server/booking/store.ts";

/**
 * Each consultant's private iCal feed of their calls, for a calendar without
 * CalDAV to subscribe to: /calendar/feeds/<secret>.ics. The address is the
 * key, so only a hash of its secret is stored: an admin makes a new one on
 * /admin/calls (shown once), and the one before answers 404 from then on.
 */

export const FEED_PATH = "/calendar/feeds";

/** How far back the feed reaches: a subscribed calendar drops what a feed leaves out, so last week's calls stay. */
const PAST_DAYS = 14;

const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** A new feed address for a consultant, replacing (revoking) the one before; the secret is nowhere else. */
export async function newFeedAddress(db: Kysely<Database>, consultant: string, siteUrl: string, now = new Date()): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  const row = { secret_hash: hashOf(secret), created_at: now };
  await db
    .insertInto("calendar_feeds")
    .values({ consultant, ...row })
    .onConflict((oc) => oc.column("consultant").doUpdateSet(row))
    .execute();
  return `${siteUrl}${FEED_PATH}/${secret}.ics`;
}

/** Whether a consultant has a feed address now (the page says so; it never shows it again). */
export async function consultantsWithFeeds(db: Kysely<Database>): Promise<Set<string>> {
  return new Set((await db.selectFrom("calendar_feeds").select("consultant").execute()).map((row) => row.consultant));
}

/**
 * The feed a secret opens: the consultant's calls from PAST_DAYS ago on, as
 * the events their CalDAV calendar would hold (same UID, SEQUENCE and fields),
 * cancelled ones left out. Null for a secret that is not (or no longer) one.
 */
export async function feedCalendar(
  db: Kysely<Database>,
  consultants: readonly Consultant[],
  siteUrl: string,
  secret: string,
  now = new Date(),
): Promise<string | null> {
  const feed = await db.selectFrom("calendar_feeds").select("consultant").where("secret_hash", "=", hashOf(secret)).executeTakeFirst();
  const consultant = consultants.find((c) => c.id === feed?.consultant);
  if (!consultant) return null;
  const rows = await db
    .selectFrom("bookings")
    .leftJoin("leads", (join) => join.onRef("leads.lead_id", "=", "bookings.id").on("leads.lead_table", "=", "bookings"))
    .selectAll("bookings")
    .select("leads.id as lead")
    .where("bookings.consultant", "=", consultant.id)
    .where("bookings.status", "=", "confirmed")
    .where("bookings.slot_end", ">", new Date(now.getTime() - PAST_DAYS * 24 * 60 * 60_000))
    .orderBy("bookings.slot_start")
    .execute();
  // Each event alone, without the calendar and zone around it, which the feed gives once.
  const events = rows.map(
    ({ lead, ...row }) =>
      /BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT\r\n/.exec(calendarEvent(asBooking(row), consultant, siteUrl, leadPage(siteUrl, lead)))![0],
  );
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//ROI Media//Consultant calls//EN",
    "CALSCALE:GREGORIAN",
    `X-WR-CALNAME:${site.name} calls: ${consultant.name.replace(/[\\;,]/g, (c) => `\\${c}`)}`,
    VTIMEZONE,
    ...events.map((event) => event.slice(0, -2)),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}
