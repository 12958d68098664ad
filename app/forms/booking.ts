import { z } from "#app/lib/zod.ts";
import { clockOfMinutes, formatSast, type IsoDate, sastInstant } from "#app/lib/sast.ts";
import { companyProfileForm } from "#app/forms/company-profile.ts";
import { contactForm } from "#app/forms/contact.ts";
import { commonFields } from "#app/forms/common-fields.ts";
import { type FormDefinition, formFields, reported } from "#app/forms/definition.ts";
import { botCheckFailed, errorTitle } from "#app/forms/messages.ts";

/** A booking is not stored as a lead row: its own step claims the slot (server/booking/calendar.server.ts). */
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
  /** Added by the form's script; one that is not a zone's name is dropped rather than refusing the booking. */
  timeZone: z.catch(z.optional(z.stringFormat("time-zone", /^[A-Za-z][\w+\-/]{0,63}$/)), undefined),
});

export interface SlotDay {
  date: IsoDate;
  longLabel: string;
  shortLabel: string;
  /** Minutes after SAST midnight: the page carries hundreds of them in its data. */
  starts: number[];
}

export function slotChoice(date: IsoDate, minutes: number): { value: string; label: string } {
  return { value: sastInstant(date, minutes).toISOString(), label: clockOfMinutes(minutes) };
}

export const bookingMessages = {
  slotTaken: "That time was just taken, please pick another",
  slotGone: "That time is no longer available, please pick another",
  failed: "We could not book the call. Please try again.",
  noSlots: "There are no free times in the next weeks. Please email or call us instead.",
  unavailable: "Free times could not be loaded. Please reload the page, or email or call us.",
  changed: "This booking was changed in another window. Here is how it stands now.",
} as const;

export function callsHeldMessage(max: number): string {
  const held = max === 1 ? "a call" : `${max} calls`;
  return `This email address already has ${held} booked with us. To move or cancel one, use the link in its confirmation email.`;
}

export const bookingForm = {
  key: "booking",
  schema,
  fields,
  messages: { failure: { title: errorTitle, message: bookingMessages.failed }, botCheckFailed },
  /** Only posts that book count (a slot just taken or a refused bot check is given back), as only those mail anyone. */
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
