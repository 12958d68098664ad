import type { Kysely } from "kysely";
import { site } from "#app/config/site.ts";
import type { Database } from "#server/db/schema.ts";
import { messageIdOf } from "#server/outbox/mail-files.ts";
import type { OutboxMessage } from "#server/outbox/store.ts";
import type { Sender } from "#server/outbox/worker.ts";
import type { Mailer } from "#server/mail/transport.ts";
import { log } from "#server/log.ts";
import type { Consultant } from "#server/booking/consultants.ts";
import { type ReminderFor, reminderMail } from "#server/booking/mail.ts";
import type { Booking } from "#server/booking/store.ts";
import { enqueue } from "#server/outbox/store.ts";

/**
 * A call's reminders (BOOKING_REMINDERS, 24 and 1 hour before by default) to
 * the visitor and the consultant: outbox messages on the "reminder" channel,
 * queued in the transaction that books or moves the call and due at their
 * time, so they outlive restarts and one instance sends each. The mail is
 * written when it is sent, from the booking as it is then: a reminder queued
 * for another time or a cancelled call drops itself. docs/decisions/0034.
 */

const REMINDER_KIND = "Booking reminder";

/** What a reminder's row keeps (its text_body) to tell, when due, whether it still applies. */
interface ReminderNote {
  to: ReminderFor;
  /** The booking's sequence when queued: a move or cancel raises it. */
  sequence: number;
  /** When the next reminder is due, or the call starts: a reminder not sent by then is dropped, never sent beside it. */
  until: string;
}

export interface ReminderTime {
  leadMs: number;
  due: Date;
  /** The next reminder's due time, or the call's start. */
  until: Date;
}

/**
 * The reminders of a call starting at `start`, booked or moved at `now`: one
 * per lead, earliest first, leaving out those already past (a call booked 3
 * hours ahead gets only the 1-hour one, not the 24-hour one at once).
 */
export function reminderTimes(start: Date, now: Date, leadsMs: readonly number[]): ReminderTime[] {
  const dues = [...new Set(leadsMs)].sort((a, b) => b - a).map((leadMs) => ({ leadMs, due: new Date(start.getTime() - leadMs) }));
  return dues
    .map((reminder, i) => ({ ...reminder, until: dues[i + 1]?.due ?? start }))
    .filter((reminder) => reminder.due.getTime() > now.getTime());
}

/** "24h", "1h30m", "90s": a lead as BOOKING_REMINDERS writes it. */
function leadName(ms: number): string {
  const parts = [
    [Math.floor(ms / 3_600_000), "h"],
    [Math.floor(ms / 60_000) % 60, "m"],
    [Math.floor(ms / 1000) % 60, "s"],
  ] as const;
  return parts.map(([n, unit]) => (n ? `${n}${unit}` : "")).join("") || "0s";
}

/**
 * Queues a confirmed call's reminders, to the visitor and to its consultant
 * (`consultantAddress`; null: the agency's address), in the transaction that booked or moved it.
 */
export async function queueReminders(
  trx: Kysely<Database>,
  booking: Booking,
  reminders: { leadsMs: readonly number[]; consultantAddress: string | null },
  now: Date,
): Promise<void> {
  for (const { leadMs, due, until } of reminderTimes(booking.slot_start, now, reminders.leadsMs)) {
    for (const to of ["visitor", "consultant"] as const) {
      const note: ReminderNote = { to, sequence: booking.sequence, until: until.toISOString() };
      await enqueue(
        trx,
        {
          channel: "reminder",
          kind: REMINDER_KIND,
          lead_table: "bookings",
          lead_id: booking.id,
          reply_to: null,
          recipient: to === "visitor" ? booking.email : reminders.consultantAddress,
          subject: `Reminder to the ${to}, ${leadName(leadMs)} before the call`,
          text_body: JSON.stringify(note),
          html_body: "",
          dueAt: due,
        },
        now,
      );
    }
  }
}

/** Removes a call's reminders not yet sent: its move queues new ones, its cancel none. */
export async function dropReminders(trx: Kysely<Database>, bookingId: number): Promise<void> {
  await trx
    .deleteFrom("outbox")
    .where("channel", "=", "reminder")
    .where("lead_table", "=", "bookings")
    .where("lead_id", "=", bookingId)
    .where("status", "in", ["queued", "retrying"])
    .execute();
}

/** Why a due reminder no longer applies, or null when it does. */
function staleness(booking: Booking | undefined, note: ReminderNote, now: Date): string | null {
  if (!booking) return "the booking was forgotten";
  if (booking.status !== "confirmed") return "the call was cancelled";
  if (booking.sequence !== note.sequence) return "the call was moved";
  if (now.getTime() >= new Date(note.until).getTime()) return "it is past its time (a later reminder, or the call, is due)";
  return null;
}

/**
 * The outbox's reminder lane: mails a due reminder written from the booking as
 * it is now, or drops it (removes its row) when the call was cancelled or
 * moved since it was queued, or its time has passed while no instance ran.
 */
export function reminderSender(deps: {
  find(id: number): Promise<Booking | undefined>;
  consultants: readonly Consultant[];
  mailer: Mailer;
  messageIdHost: string;
  manageUrl(booking: Booking): string;
  inboxUrl(bookingId: number): Promise<string>;
  discard(message: OutboxMessage): Promise<void>;
}): Sender {
  return async (message) => {
    const note = JSON.parse(message.text_body) as ReminderNote;
    const booking = await deps.find(message.lead_id);
    const stale = staleness(booking, note, new Date());
    if (stale || !booking) {
      log.info(`Reminder ${message.id} of booking ${message.lead_id} dropped: ${stale}`);
      await deps.discard(message);
      return;
    }
    const consultant = deps.consultants.find((c) => c.id === booking.consultant) ?? null;
    const mail = reminderMail(booking, note.to, {
      consultant: consultant && { name: consultant.name, meetingLink: consultant.meetingLink },
      manageUrl: deps.manageUrl(booking),
      inboxUrl: await deps.inboxUrl(booking.id),
    });
    await deps.mailer.send({
      messageId: messageIdOf(message, deps.messageIdHost),
      ...mail,
      replyTo: note.to === "visitor" ? site.email : booking.email,
      to: message.recipient,
    });
  };
}
