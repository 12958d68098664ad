import type { Generated } from "kysely";
import type { BotCheck, Timestamp } from "#server/db/schema.ts";

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

// A type, not an interface: Kysely's withTables() takes only types with an index signature.
export type BookingTables = {
  bookings: BookingsTable;
  booking_claims: BookingClaimsTable;
};
