import { type Kysely, type Selectable, sql } from "kysely";
import { recordAttribution } from "#server/attribution/store.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { Database } from "#server/db/schema.ts";
import type { LeadOrigin } from "#server/forms/lead.ts";
import type { Notification } from "#server/mail/render.ts";
import { mailboxOf } from "#server/mail/address.ts";
import type { MailAttachment } from "#server/mail/transport.ts";
import type { BookingsTable } from "#server/db/booking-tables.ts";
import { enqueue } from "#server/outbox/store.ts";

export type Booking = Omit<Selectable<BookingsTable>, "slot_start" | "slot_end" | "created_at" | "updated_at"> & {
  slot_start: Date;
  slot_end: Date;
  created_at: Date;
  updated_at: Date;
};

export interface NewBooking {
  name: string;
  email: string;
  company: string;
  phone: string | null;
  website: string | null;
  message: string | null;
  start: Date;
  end: Date;
  consultant: string;
  timeZone?: string | null;
}

/** '' for calls booked before consultants: everyone's time. */
export interface Claim {
  consultant: string;
  cell: Date;
  bookingId: number;
}

export interface BookingMail {
  notification: Notification;
  recipient: string | null;
  attachments: MailAttachment[];
}

export interface ReminderQueue {
  queue(trx: Kysely<Database>, booking: Booking, now: Date): Promise<void>;
  drop(trx: Kysely<Database>, bookingId: number): Promise<void>;
}

const NO_REMINDERS: ReminderQueue = { queue: async () => {}, drop: async () => {} };

export type BookResult = { ok: true; booking: Booking } | { ok: false; reason: "taken" | "mailbox-full" };
export type ChangeResult = { ok: true; booking: Booking } | { ok: false; reason: "taken" | "changed" };

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (e?.code === "23505") return true;
  if (e?.errcode === 1555 || e?.errcode === 2067) return true;
  return typeof e?.message === "string" && /UNIQUE constraint failed/.test(e.message);
}

export function asBooking(row: Selectable<BookingsTable>): Booking {
  return {
    ...row,
    slot_start: new Date(row.slot_start),
    slot_end: new Date(row.slot_end),
    created_at: new Date(row.created_at),
    updated_at: new Date(row.updated_at),
  };
}

class SlotTaken extends Error {}

// "bk" in ASCII.
const MAILBOX_LOCKS = 0x626b;

/** Every change of a booking, its claims and the messages about it commit in one transaction. */
export class BookingStore {
  readonly #handle: DatabaseHandle;
  readonly #db: Kysely<Database>;
  readonly #callsPerMailbox: number;
  readonly #writesCalendar: (consultant: string) => boolean;
  readonly #reminders: ReminderQueue;

  constructor(
    handle: DatabaseHandle,
    callsPerMailbox = 1,
    writesCalendar: (consultant: string) => boolean = () => false,
    reminders: ReminderQueue = NO_REMINDERS,
  ) {
    this.#handle = handle;
    this.#db = handle.db;
    this.#callsPerMailbox = callsPerMailbox;
    this.#writesCalendar = writesCalendar;
    this.#reminders = reminders;
  }

  /** A booked call is a lead the visitor was told we have, so it is answered only once on disk. */
  #durably<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.#handle.durableTransaction((trx) => work(trx));
  }

  async claimedCells(from: Date, to: Date): Promise<Date[]> {
    const rows = await this.#db
      .selectFrom("booking_claims")
      .select("slot_start")
      .where("slot_start", ">=", from)
      .where("slot_start", "<", to)
      .execute();
    return rows.map((row) => new Date(row.slot_start));
  }

  async claims(from: Date, to: Date): Promise<Claim[]> {
    const rows = await this.#db
      .selectFrom("booking_claims")
      .select(["consultant", "slot_start", "booking_id"])
      .where("slot_start", ">=", from)
      .where("slot_start", "<", to)
      .execute();
    return rows.map((row) => ({ consultant: row.consultant, cell: new Date(row.slot_start), bookingId: row.booking_id }));
  }

  // Round-robin gives the next call to whoever waited longest.
  async lastBooked(): Promise<Map<string, number>> {
    const rows = await this.#db
      .selectFrom("bookings")
      .select((eb) => ["consultant", eb.fn.max("created_at").as("last")])
      .where("consultant", "is not", null)
      .groupBy("consultant")
      .execute();
    return new Map(rows.map((row) => [row.consultant!, new Date(row.last).getTime()]));
  }

  async find(id: number): Promise<Booking | undefined> {
    const row = await this.#db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst();
    return row && asBooking(row);
  }

  /** On PostgreSQL a lock on the mailbox serialises two bookings' counts; SQLite's writes are serial anyway. */
  async #roomFor(trx: Kysely<Database>, mailbox: string, now: Date): Promise<boolean> {
    if (this.#handle.dialect === "postgres") await sql`select pg_advisory_xact_lock(${MAILBOX_LOCKS}, hashtext(${mailbox}))`.execute(trx);
    const { held } = await trx
      .selectFrom("bookings")
      .select((eb) => eb.fn.countAll<number>().as("held"))
      .where("mailbox", "=", mailbox)
      .where("status", "=", "confirmed")
      .where("slot_end", ">", now)
      .executeTakeFirstOrThrow();
    return Number(held) < this.#callsPerMailbox;
  }

  /** A cell held by another booking fails the insert on the primary key, so nothing is kept. */
  async book(
    booking: NewBooking,
    cells: Date[],
    origin: LeadOrigin,
    mail: (booking: Booking) => BookingMail[],
    alsoQueue?: (trx: Kysely<Database>, booking: Booking) => Promise<void>,
  ): Promise<BookResult> {
    const mailbox = mailboxOf(booking.email);
    const result = await this.#claiming(async (trx) => {
      if (!(await this.#roomFor(trx, mailbox, origin.receivedAt))) return null;
      const row = await trx
        .insertInto("bookings")
        .values({
          name: booking.name,
          email: booking.email,
          mailbox,
          company: booking.company,
          phone: booking.phone,
          website: booking.website,
          message: booking.message,
          slot_start: booking.start,
          slot_end: booking.end,
          status: "confirmed",
          consultant: booking.consultant,
          time_zone: booking.timeZone ?? null,
          sequence: 0,
          bot_check: origin.botCheck,
          client_address: origin.clientAddress,
          user_agent: origin.userAgent,
          created_at: origin.receivedAt,
          updated_at: origin.receivedAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const stored = asBooking(row);
      await recordAttribution(trx, "bookings", stored.id, origin.attribution);
      await this.#claim(trx, stored.id, booking.consultant, cells);
      await this.#queue(trx, stored, mail(stored), origin.receivedAt);
      await this.#queueCalendar(trx, stored, null, origin.receivedAt);
      await this.#reminders.queue(trx, stored, origin.receivedAt);
      await alsoQueue?.(trx, stored);
      return stored;
    });
    if (!result.ok) return result;
    return result.value ? { ok: true, booking: result.value } : { ok: false, reason: "mailbox-full" };
  }

  async cancel(
    id: number,
    sequence: number,
    now: Date,
    mail: (booking: Booking) => BookingMail[],
    alsoWrite?: (trx: Kysely<Database>, booking: Booking) => Promise<void>,
  ): Promise<ChangeResult> {
    return this.#durably(async (trx) => {
      const row = await trx
        .updateTable("bookings")
        .set({ status: "cancelled", sequence: sequence + 1, updated_at: now })
        .where("id", "=", id)
        .where("status", "=", "confirmed")
        .where("sequence", "=", sequence)
        .returningAll()
        .executeTakeFirst();
      if (!row) return { ok: false, reason: "changed" } as const;
      const booking = asBooking(row);
      await trx.deleteFrom("booking_claims").where("booking_id", "=", id).execute();
      await this.#queue(trx, booking, mail(booking), now);
      await this.#queueCalendar(trx, booking, null, now);
      await this.#reminders.drop(trx, id);
      await alsoWrite?.(trx, booking);
      return { ok: true, booking } as const;
    });
  }

  /** The old slot is freed only if the new one can be claimed. */
  async reschedule(
    id: number,
    sequence: number,
    slot: { start: Date; end: Date; cells: Date[]; consultant: string },
    now: Date,
    mail: (booking: Booking) => BookingMail[],
  ): Promise<ChangeResult> {
    const result = await this.#claiming(async (trx) => {
      const before = await trx.selectFrom("bookings").select("consultant").where("id", "=", id).executeTakeFirst();
      const row = await trx
        .updateTable("bookings")
        .set({ slot_start: slot.start, slot_end: slot.end, consultant: slot.consultant, sequence: sequence + 1, updated_at: now })
        .where("id", "=", id)
        .where("status", "=", "confirmed")
        .where("sequence", "=", sequence)
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      const booking = asBooking(row);
      await trx.deleteFrom("booking_claims").where("booking_id", "=", id).execute();
      await this.#claim(trx, id, slot.consultant, slot.cells);
      await this.#queue(trx, booking, mail(booking), now);
      await this.#queueCalendar(trx, booking, before?.consultant ?? null, now);
      await this.#reminders.drop(trx, id);
      await this.#reminders.queue(trx, booking, now);
      return booking;
    });
    if (!result.ok) return result;
    return result.value ? { ok: true, booking: result.value } : { ok: false, reason: "changed" };
  }

  async #claiming<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; reason: "taken" }> {
    try {
      const value = await this.#durably(async (trx) => {
        try {
          return await work(trx);
        } catch (error) {
          throw isUniqueViolation(error) ? new SlotTaken() : error;
        }
      });
      return { ok: true, value };
    } catch (error) {
      if (error instanceof SlotTaken) return { ok: false, reason: "taken" };
      throw error;
    }
  }

  async #claim(trx: Kysely<Database>, bookingId: number, consultant: string, cells: Date[]): Promise<void> {
    await trx
      .insertInto("booking_claims")
      .values(cells.map((cell) => ({ consultant, slot_start: cell, booking_id: bookingId })))
      .execute();
  }

  async #queueCalendar(trx: Kysely<Database>, booking: Booking, previous: string | null, now: Date): Promise<void> {
    const current = booking.consultant && this.#writesCalendar(booking.consultant) ? booking.consultant : null;
    const earlier = previous && previous !== booking.consultant && this.#writesCalendar(previous) ? previous : null;
    if (!current && !earlier) return;
    await this.#queueCalendarMessage(
      trx,
      booking.id,
      current ?? earlier!,
      booking.status === "cancelled" ? "Remove" : "Write",
      earlier,
      now,
    );
  }

  /** The calendar's lane, finding no booking, removes the event; the message names only the booking's number and consultant. */
  async forgotten(trx: Kysely<Database>, bookings: ReadonlyArray<{ id: number; consultant: string | null }>, now: Date): Promise<void> {
    for (const { id, consultant } of bookings) {
      if (consultant && this.#writesCalendar(consultant)) await this.#queueCalendarMessage(trx, id, consultant, "Remove", consultant, now);
    }
  }

  async #queueCalendarMessage(
    trx: Kysely<Database>,
    bookingId: number,
    calendarOf: string,
    change: "Write" | "Remove",
    previous: string | null,
    now: Date,
  ): Promise<void> {
    await enqueue(
      trx,
      {
        channel: "calendar",
        kind: "Calendar event",
        lead_table: "bookings",
        lead_id: bookingId,
        reply_to: null,
        recipient: `Calendar of ${calendarOf}`,
        subject: `${change} the call`,
        text_body: JSON.stringify({ previous }),
        html_body: "",
      },
      now,
    );
  }

  async #queue(trx: Kysely<Database>, booking: Booking, messages: BookingMail[], now: Date): Promise<void> {
    for (const { notification, recipient, attachments } of messages) {
      await enqueue(
        trx,
        {
          kind: notification.kind,
          lead_table: "bookings",
          lead_id: booking.id,
          reply_to: notification.replyTo,
          recipient,
          attachments: attachments.length ? JSON.stringify(attachments) : null,
          subject: notification.subject,
          text_body: notification.text,
          html_body: notification.html,
        },
        now,
      );
    }
  }
}
