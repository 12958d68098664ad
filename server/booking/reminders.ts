import type { Kysely } from "kysely";
import type { ContactContent } from "#app/content/contact-details.ts";
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

// Outbox messages, so they outlive restarts and one instance sends each; written when sent (docs/decisions/0034).

const REMINDER_KIND = "Booking reminder";

interface ReminderNote {
  to: ReminderFor;
  // A move or cancel raises it.
  sequence: number;
  // A reminder not sent by then is dropped, never sent beside the next.
  until: string;
}

export interface ReminderTime {
  leadMs: number;
  due: Date;
  until: Date;
}

/** Leaves out those already past: a call booked 3 hours ahead gets only the 1-hour one, not the 24-hour one at once. */
export function reminderTimes(start: Date, now: Date, leadsMs: readonly number[]): ReminderTime[] {
  const dues = [...new Set(leadsMs)].sort((a, b) => b - a).map((leadMs) => ({ leadMs, due: new Date(start.getTime() - leadMs) }));
  return dues
    .map((reminder, i) => ({ ...reminder, until: dues[i + 1]?.due ?? start }))
    .filter((reminder) => reminder.due.getTime() > now.getTime());
}

function leadName(ms: number): string {
  const parts = [
    [Math.floor(ms / 3_600_000), "h"],
    [Math.floor(ms / 60_000) % 60, "m"],
    [Math.floor(ms / 1000) % 60, "s"],
  ] as const;
  return parts.map(([n, unit]) => (n ? `${n}${unit}` : "")).join("") || "0s";
}

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

export async function dropReminders(trx: Kysely<Database>, bookingId: number): Promise<void> {
  await trx
    .deleteFrom("outbox")
    .where("channel", "=", "reminder")
    .where("lead_table", "=", "bookings")
    .where("lead_id", "=", bookingId)
    .where("status", "in", ["queued", "retrying"])
    .execute();
}

function staleness(booking: Booking | undefined, note: ReminderNote, now: Date): string | null {
  if (!booking) return "the booking was forgotten";
  if (booking.status !== "confirmed") return "the call was cancelled";
  if (booking.sequence !== note.sequence) return "the call was moved";
  if (now.getTime() >= new Date(note.until).getTime()) return "it is past its time (a later reminder, or the call, is due)";
  return null;
}

/** Drops a reminder whose call was cancelled or moved since, or whose time passed while no instance ran. */
export function reminderSender(deps: {
  find(id: number): Promise<Booking | undefined>;
  consultants: readonly Consultant[];
  mailer: Mailer;
  messageIdHost: string;
  manageUrl(booking: Booking): string;
  inboxUrl(bookingId: number): Promise<string>;
  discard(message: OutboxMessage): Promise<void>;
  /** The live contact details, read when the reminder is made (decision 0052). */
  contact(): ContactContent;
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
    const contact = deps.contact();
    const mail = reminderMail(booking, note.to, {
      consultant: consultant && { name: consultant.name, meetingLink: consultant.meetingLink },
      manageUrl: deps.manageUrl(booking),
      inboxUrl: await deps.inboxUrl(booking.id),
      contact,
    });
    await deps.mailer.send({
      messageId: messageIdOf(message, deps.messageIdHost),
      ...mail,
      replyTo: note.to === "visitor" ? contact.email : booking.email,
      to: message.recipient,
    });
  };
}
