import type { Generated } from "kysely";
import type { CallOutcome } from "#app/lib/inbox.ts";
import type { BotCheck, Timestamp } from "#server/db/columns.ts";

export type BookingStatus = "confirmed" | "cancelled";

/** A booked call, with the origin columns of every other lead so the inbox lists it beside them. */
export interface BookingsTable {
  id: Generated<number>;
  name: string;
  email: string;
  /** What the calls one visitor may hold are counted by (server/mail/address.ts mailboxOf). */
  mailbox: string;
  company: string;
  phone: string | null;
  website: string | null;
  message: string | null;
  slot_start: Timestamp;
  slot_end: Timestamp;
  status: BookingStatus;
  /** Null for calls booked before there were consultants. */
  consultant: string | null;
  outcome: CallOutcome | null;
  outcome_at: Timestamp | null;
  /** Null without JavaScript (reminders then give SAST only). */
  time_zone: string | null;
  sequence: number;
  bot_check: BotCheck;
  client_address: string;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A cell a confirmed call holds; the primary key makes a slot bookable once (docs/decisions/0004). */
export interface BookingClaimsTable {
  /** '' for calls booked before consultants, which hold the cell for all. */
  consultant: string;
  slot_start: Timestamp;
  booking_id: number;
}

export interface CalendarSourcesTable {
  /** The consultant and a hash of the source: never its address or password. */
  key: string;
  consultant: string;
  label: string;
  checked_at: Timestamp;
  ok_at: Timestamp | null;
  failing_since: Timestamp | null;
  error: string | null;
  writes_to: string | null;
}

/** One open row per consultant at most, so the admins hear once when an outage starts and once when it ends. */
export interface CalendarOutagesTable {
  id: Generated<number>;
  consultant: string;
  started_at: Timestamp;
  ended_at: Timestamp | null;
}

/** A Google Ads conversion taken back by a no-show (server/booking/no-show-adjustments.ts). */
export interface ConversionRetractionsTable {
  id: Generated<number>;
  lead_id: number;
  conversion: string;
  /** The click file's time, which the retraction must name. */
  converted_at: Timestamp;
  retracted_at: Timestamp;
}

export interface CalendarBusyTable {
  source: string;
  consultant: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
}

/** A consultant's private iCal feed of their calls: only the secret's hash is kept. */
export interface CalendarFeedsTable {
  consultant: string;
  /** SHA-256 of the secret in the address: a new address replaces it. */
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
