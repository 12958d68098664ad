import { z } from "../../lib/zod.ts";
import { companyProfileSchema, contactSchema } from "~/forms/schemas";

/**
 * The Book a Call form, checked in the browser and again by the server. The
 * contact fields are the contact form's own rules; the phone is the company
 * profile form's; the slot is the start the visitor chose (an ISO instant).
 */
export const bookingSchema = z.object({
  slot: z.iso.datetime({ error: "Please choose a time", offset: false }),
  name: contactSchema.shape.name,
  email: contactSchema.shape.email,
  company: contactSchema.shape.company,
  phone: companyProfileSchema.shape.phone,
  website: contactSchema.shape.website,
  message: contactSchema.shape.message,
});

export type BookingInput = z.output<typeof bookingSchema>;

/** What a visitor reads when booking goes wrong or a slot is gone. */
export const bookingMessages = {
  slotTaken: "That time was just taken, please pick another",
  slotGone: "That time is no longer available, please pick another",
  failed: "We could not book the call. Please try again.",
  failedTitle: "Error",
  noSlots: "There are no free times in the next weeks. Please email or call us instead.",
  unavailable: "Free times could not be loaded. Please reload the page, or email or call us.",
  changed: "This booking was changed in another window. Here is how it stands now.",
} as const;

/** The action's answer when the booking is not made (a made booking redirects to its page). */
export interface BookingFailure {
  ok: false;
  title: string;
  message: string;
  fieldErrors?: Record<string, string[]>;
  retryAfterMinutes?: number;
  values?: Record<string, string>;
  /** Set when the post was lost in transit (app/forms/transport.ts). */
  reason?: "transport";
}
