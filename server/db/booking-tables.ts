import type { Generated } from "kysely";
import type { CallOutcome } from "#app/lib/inbox.ts";
import type { BotCheck, Timestamp } from "#server/db/columns.ts";

export type BookingStatus = "confirmed" | "cancelled";

/**
 * A booked call. It carries the same origin columns as every other lead
 * (created_at, client address, user agent, bot check) plus a status, so an
 * inbox can list bookings beside the other leads.
 */
export interface BookingsTable {
  id: Generated<number>;
  name: string;
  email: string;
  /** The mailbox the address reaches (server/mail/address.ts mailboxOf): what the calls one visitor may hold are counted by. */
  mailbox: string;
  company: string;
  phone: string | null;
  website: string | null;
  message: string | null;
  slot_start: Timestamp;
  slot_end: Timestamp;
  status: BookingStatus;
  /** The consultant who takes the call (server/booking/consultants.ts); null for calls booked before there were consultants. */
  consultant: string | null;
  /** What became of the call, marked in the inbox (/admin/calls); null until then. */
  outcome: CallOutcome | null;
  outcome_at: Timestamp | null;
  /** The visitor's IANA time zone, as their browser gave it; null without JavaScript (reminders then give SAST only). */
  time_zone: string | null;
  /** The invitation's SEQUENCE: raised by every reschedule and by the cancel. */
  sequence: number;
  bot_check: BotCheck;
  client_address: string;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * One row per 15-minute cell a confirmed call holds (its own and its buffer's)
 * in its consultant's time. The primary key on (consultant, cell) is what makes
 * a consultant's slot bookable once: two visitors racing for it insert the same
 * key and one insert fails.
 */
export interface BookingClaimsTable {
  /** Whose time it is: each consultant's cells are theirs. '' for calls booked before consultants, which hold the cell for all. */
  consultant: string;
  slot_start: Timestamp;
  booking_id: number;
}

/** One calendar of a consultant (CONSULTANTS_FILE) as last read: its health, for the log and the inbox. */
export interface CalendarSourcesTable {
  /** The consultant and a hash of the source (server/booking/calendar-read.ts sourceKey): never its address or password. */
  key: string;
  consultant: string;
  /** Kind and host, e.g. "iCal feed at calendar.google.com". */
  label: string;
  checked_at: Timestamp;
  /** The last read that worked: the busy times cached are from then. */
  ok_at: Timestamp | null;
  /** Since when it cannot be read (null while it can), and why. */
  failing_since: Timestamp | null;
  error: string | null;
  /** A CalDAV account's calendar its calls are written into, by the name its server gives it, as last read. */
  writes_to: string | null;
}

/**
 * A stretch in which a consultant was offered for no slot, their calendars unread (server/booking/calendar-outages.ts):
 * one open row per consultant at most, so the admins hear once when it starts and once when it ends.
 */
export interface CalendarOutagesTable {
  id: Generated<number>;
  consultant: string;
  started_at: Timestamp;
  ended_at: Timestamp | null;
}

/** A Google Ads conversion taken back by a no-show (server/booking/no-show-adjustments.ts): the lead was qualified when it was. */
export interface ConversionRetractionsTable {
  id: Generated<number>;
  lead_id: number;
  /** The conversion action's name, as the click conversions file gave it ("Qualified lead"). */
  conversion: string;
  /** When the conversion was: the time the click file gave it, which the retraction must name. */
  converted_at: Timestamp;
  retracted_at: Timestamp;
}

/** A busy stretch of a consultant's calendar, cached from its last good read. */
export interface CalendarBusyTable {
  source: string;
  consultant: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
}

/** A consultant's private iCal feed of their calls (/calendar/feeds/<secret>.ics): only the secret's hash is kept. */
export interface CalendarFeedsTable {
  consultant: string;
  /** SHA-256 of the secret in the address, hex: a new address replaces it, and the old one answers 404. */
  secret_hash: string;
  created_at: Timestamp;
}

export type BookingTables = {
  bookings: BookingsTable;
  booking_claims: BookingClaimsTable;
  calendar_sources: CalendarSourcesTable;
  calendar_busy: CalendarBusyTable;
  calendar_feeds: CalendarFeedsTable;
  calendar_outages: CalendarOutagesTable;
  conversion_retractions: ConversionRetractionsTable;
};
