import { z } from "#app/lib/zod.ts";
import { clockOfMinutes, formatSast, type IsoDate, sastInstant } from "#app/lib/sast.ts";
import { companyProfileForm } from "#app/forms/company-profile.ts";
import { contactForm } from "#app/forms/contact.ts";
import { commonFields } from "#app/forms/common-fields.ts";
import { type FormDefinition, formFields, reported } from "#app/forms/definition.ts";
import { botCheckFailed, errorTitle } from "#app/forms/messages.ts";

/**
 * Book a Call (/calendar). The contact fields are the contact form's own
 * rules, the phone the company profile form's; the slot is the start the
 * visitor chose (an ISO instant). A booking is not stored as a lead row: its
 * own step claims the slot (server/booking/calendar.server.ts).
 */
const fields = formFields({
  name: contactForm.fields.name,
  email: contactForm.fields.email,
  company: contactForm.fields.company,
  phone: { ...commonFields.phone, label: "Phone" },
  website: commonFields.website,
  message: { ...contactForm.fields.message, label: "What would you like to discuss?" },
});

const schema = z.object({
  slot: z.iso.datetime({ error: "Please choose a time", offset: false }),
  name: contactForm.schema.shape.name,
  email: contactForm.schema.shape.email,
  company: contactForm.schema.shape.company,
  phone: companyProfileForm.schema.shape.phone,
  website: contactForm.schema.shape.website,
  message: contactForm.schema.shape.message,
  /**
   * The visitor's IANA time zone, which the form's script adds, so reminders give their own time too.
   * Nobody types it: one that is not a zone's name is dropped rather than refusing the booking.
   */
  timeZone: z.catch(z.optional(z.stringFormat("time-zone", /^[A-Za-z][\w+\-/]{0,63}$/)), undefined),
});

/** A bookable day as the server lists it, labels already in SAST. */
export interface SlotDay {
  date: IsoDate;
  /** Tuesday, 24 November 2026 */
  longLabel: string;
  /** Tue, 24 Nov */
  shortLabel: string;
  /**
   * The free starts, as minutes after SAST midnight: the page carries hundreds of
   * them in its data, so each is a number there, and `slotChoice` gives what the form shows and posts.
   */
  starts: number[];
}

/** A start as the form posts it (`slot`, an ISO instant) and as the visitor reads it (SAST clock). */
export function slotChoice(date: IsoDate, minutes: number): { value: string; label: string } {
  return { value: sastInstant(date, minutes).toISOString(), label: clockOfMinutes(minutes) };
}

/** What a visitor reads when booking goes wrong or a slot is gone. */
export const bookingMessages = {
  slotTaken: "That time was just taken, please pick another",
  slotGone: "That time is no longer available, please pick another",
  failed: "We could not book the call. Please try again.",
  noSlots: "There are no free times in the next weeks. Please email or call us instead.",
  unavailable: "Free times could not be loaded. Please reload the page, or email or call us.",
  changed: "This booking was changed in another window. Here is how it stands now.",
} as const;

/**
 * What a visitor reads whose email address already holds `max` calls not yet
 * over (BOOKING_MAX_FUTURE_PER_EMAIL, the same address however written).
 */
export function callsHeldMessage(max: number): string {
  const held = max === 1 ? "a call" : `${max} calls`;
  return `This email address already has ${held} booked with us. To move or cancel one, use the link in its confirmation email.`;
}

export const bookingForm = {
  key: "booking",
  schema,
  fields,
  messages: { failure: { title: errorTitle, message: bookingMessages.failed }, botCheckFailed },
  /**
   * A visitor books one call, maybe a second for a colleague: three bookings an
   * hour leave room for that, not for a script filling the calendar or mailing
   * strangers. Only posts that book count (a slot just taken, or a refused bot
   * check, is given back), as only those mail anyone.
   */
  rateLimit: { key: "booking", max: 3, windowMinutes: 60, refundsRefusedBotChecks: true },
  stored: { table: "bookings" },
  inbox: { type: "booking", label: "Booking" },
  report: (row) => [
    reported(fields.name, row.name),
    reported(fields.email, row.email),
    reported(fields.company, row.company),
    reported(fields.phone, row.phone),
    reported(fields.website, row.website),
    reported(fields.message, row.message),
    reported(
      { name: "call", label: "Call" },
      `${formatSast(row.slot_start as string)} to ${formatSast(row.slot_end as string)
        .split(", ")
        .pop()} SAST`,
    ),
    reported({ name: "booking", label: "Booking" }, row.status === "cancelled" ? "Cancelled" : "Confirmed"),
  ],
} satisfies FormDefinition<"booking", typeof schema>;
