import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { site } from "#app/config/site.ts";
import type { ContactContent } from "#app/content/contact-details.ts";
import { COMMAND_LINE, recordAudit } from "#server/audit/audit.ts";
import type { Env } from "#server/env.ts";
import type { Database } from "#server/db/schema.ts";
import { calendarEvent, leadPage } from "#server/booking/calendar-write.ts";
import { type Consultant, loadConsultants } from "#server/booking/consultants.ts";
import { bookingRules } from "#server/booking/settings.ts";
import { VTIMEZONE } from "#server/booking/invitation.ts";
import { asBooking } from "#server/booking/store.ts";

// The address is the key, so only a hash of its secret is stored (docs/decisions/0047).

export const FEED_PATH = "/calendar/feeds";

// A subscribed calendar drops what a feed leaves out, so last week's calls stay.
const PAST_DAYS = 14;

const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** Revokes the one before; the secret is stored nowhere. */
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

export const FEED_HOLDS = `every call of theirs from ${PAST_DAYS} days ago on, with each booker's name, email address, company, phone number, website and what they want to discuss, and the link to their lead in the inbox`;

export async function stopFeed(db: Kysely<Database>, consultant: string): Promise<boolean> {
  const result = await db.deleteFrom("calendar_feeds").where("consultant", "=", consultant).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function feedsMadeAt(db: Kysely<Database>): Promise<Map<string, Date>> {
  const rows = await db.selectFrom("calendar_feeds").select(["consultant", "created_at"]).execute();
  return new Map(rows.map((row) => [row.consultant, new Date(row.created_at)]));
}

/** The same UID, SEQUENCE and fields as the CalDAV event, so a calendar holding both shows the call once. */
export async function feedCalendar(
  db: Kysely<Database>,
  consultants: readonly Consultant[],
  siteUrl: string,
  secret: string,
  contact: ContactContent,
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
  const events = rows.map(
    ({ lead, ...row }) =>
      /BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT\r\n/.exec(
        calendarEvent(asBooking(row), consultant, siteUrl, leadPage(siteUrl, lead), contact),
      )![0],
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

export async function calendarFeedCommand(
  db: Kysely<Database>,
  settings: Env,
  args: readonly string[],
): Promise<{ ok: boolean; text: string }> {
  const consultants = loadConsultants(settings.CONSULTANTS_FILE, bookingRules(settings));
  const consultant = consultants.find((c) => c.id === args[0]);
  if (!consultant) {
    return { ok: false, text: `Give the id of a consultant of CONSULTANTS_FILE: ${consultants.map((c) => c.id).join(", ")}.` };
  }
  if (args.includes("--stop")) {
    const stopped = await stopFeed(db, consultant.id);
    if (stopped)
      await recordAudit(db, COMMAND_LINE, { action: "calendar feed", detail: `stopped the calendar feed of ${consultant.name}` });
    return {
      ok: true,
      text: stopped ? `The feed of ${consultant.name} is stopped: its address answers 404.` : `${consultant.name} had no feed.`,
    };
  }
  const address = await newFeedAddress(db, consultant.id, settings.SITE_URL);
  await recordAudit(db, COMMAND_LINE, { action: "calendar feed", detail: `made a new calendar feed address for ${consultant.name}` });
  return {
    ok: true,
    text: [
      `The new feed address of ${consultant.name} (the one before no longer works), shown only now:`,
      address,
      `Whoever has it reads ${FEED_HOLDS}, without signing in, and so does the calendar service it is added to. It does not expire: make a new one when it may have gone further.`,
    ].join("\n"),
  };
}
