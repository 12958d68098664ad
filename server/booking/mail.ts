import { sastSlot } from "#app/lib/sast.ts";
import { site } from "#app/config/site.ts";
import type { ContactContent } from "#app/content/contact-details.ts";
import { escapeHtml } from "#app/lib/escape-html.ts";
import type { LeadOrigin } from "#server/forms/lead.ts";
import { renderNotification } from "#server/mail/render.ts";
import type { MailAttachment } from "#server/mail/transport.ts";
import { bookingUid, invitation } from "#server/booking/invitation.ts";
import type { Booking, BookingMail } from "#server/booking/store.ts";

export const CALL_TITLE = `15-minute ROI consultation with ${site.name}`;

type MailConsultant = { name: string; meetingLink: string | null };

export type BookingEvent = "booked" | "rescheduled" | "cancelled";

export interface BookingMailContext {
  event: BookingEvent;
  // Absent once it is cancelled.
  manageUrl: string | null;
  calendarUrl: string;
  host: string;
  origin: LeadOrigin;
  consultant: MailConsultant | null;
  previousStart?: Date;
  previousEnd?: Date;
  /** The live contact details (decision 0052), as the mail is made. */
  contact: ContactContent;
}

const NOT_SPECIFIED = "Not specified";

function invitationFile(booking: Booking, context: BookingMailContext): MailAttachment {
  const cancel = context.event === "cancelled";
  const method = cancel ? "CANCEL" : "REQUEST";
  const meetingLink = context.consultant?.meetingLink ?? null;
  const description = [
    `${CALL_TITLE}.`,
    context.consultant ? `With ${context.consultant.name}.` : null,
    meetingLink ? `Join: ${meetingLink}` : null,
    booking.message ? `What to discuss: ${booking.message}` : null,
    context.manageUrl ? `Cancel or move the call: ${context.manageUrl}` : null,
    `Questions: ${context.contact.email}, ${context.contact.phone}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  const content = invitation({
    uid: bookingUid(booking.id, context.host),
    sequence: booking.sequence,
    method,
    start: booking.slot_start,
    end: booking.slot_end,
    title: CALL_TITLE,
    description,
    url: context.manageUrl ?? context.calendarUrl,
    location: meetingLink,
    organizer: { name: site.name, email: context.contact.email },
    attendee: { name: booking.name, email: booking.email },
    stamp: booking.updated_at,
  });
  return { filename: cancel ? "cancel.ics" : "invite.ics", contentType: `text/calendar; charset=utf-8; method=${method}`, content };
}

const headings: Record<BookingEvent, { agency: string; visitor: string }> = {
  booked: { agency: "New call booked", visitor: "Your call is booked" },
  rescheduled: { agency: "Call moved", visitor: "Your call has moved" },
  cancelled: { agency: "Call cancelled", visitor: "Your call is cancelled" },
};

export function bookingMails(booking: Booking, context: BookingMailContext): BookingMail[] {
  const when = sastSlot(booking.slot_start, booking.slot_end);
  const attachment = invitationFile(booking, context);
  const heading = headings[context.event];

  const agency = renderNotification(
    {
      kind: "Booking",
      heading: `${heading.agency} for ${when}`,
      name: booking.name,
      email: booking.email,
      company: booking.company,
      fields: [
        { label: "When", value: when },
        ...(context.consultant ? [{ label: "Consultant", value: context.consultant.name }] : []),
        ...(context.previousStart && context.previousEnd
          ? [{ label: "Was", value: sastSlot(context.previousStart, context.previousEnd) }]
          : []),
        { label: "Name", value: booking.name },
        { label: "Email", value: booking.email },
        { label: "Company", value: booking.company },
        { label: "Phone", value: booking.phone ?? NOT_SPECIFIED },
        { label: "Website", value: booking.website ?? NOT_SPECIFIED },
        { label: "What to discuss", value: booking.message ?? NOT_SPECIFIED, multiline: true },
      ],
    },
    { ...context.origin, leadTable: "bookings", leadId: booking.id },
  );

  const lines =
    context.event === "cancelled"
      ? [
          `Hi ${booking.name},`,
          `Your ${CALL_TITLE} on ${when} is cancelled. The attached file removes it from your calendar.`,
          `Want another time? Book again at ${context.calendarUrl}`,
        ]
      : [
          `Hi ${booking.name},`,
          `${context.event === "booked" ? "Thank you for booking a" : "Your call has moved. Your"} ${CALL_TITLE}: ${when}.`,
          ...ownClockLines(booking),
          ...withWhomLines(booking, context.consultant, "The attached invitation adds it to your calendar. "),
          `Need to cancel or move it? ${context.manageUrl}`,
        ];
  const urls = [context.manageUrl, context.calendarUrl, context.consultant?.meetingLink];
  return [
    { notification: agency, recipient: null, attachments: [attachment] },
    {
      notification: {
        kind: "Booking confirmation",
        replyTo: context.contact.email,
        subject: `${heading.visitor}: ${when}`,
        ...letter(heading.visitor, lines, urls, context.contact),
      },
      recipient: booking.email,
      attachments: [attachment],
    },
  ];
}

function withWhomLines(booking: Booking, consultant: MailConsultant | null, before = ""): string[] {
  return [
    ...(consultant ? [`Your consultant: ${consultant.name}.`] : []),
    consultant?.meetingLink
      ? `${before}Join the call at ${consultant.meetingLink}`
      : `${before}We will call you${booking.phone ? ` on ${booking.phone}` : ""} or send a meeting link before the call.`,
  ];
}

/** A mail's paragraphs, its links made links, signed with the agency's live contact details. */
export function letter(
  heading: string,
  lines: string[],
  urls: Array<string | null | undefined>,
  contact: ContactContent,
): { text: string; html: string } {
  const text = [...lines, "", `${site.name}`, `${contact.email} | ${contact.phone}`].join("\n\n");
  const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  const htmlLines = lines.map((line) => {
    const url = urls.find((u) => u && line.endsWith(u));
    return `<p>${url ? escapeHtml(line.slice(0, -url.length)) + link(url) : escapeHtml(line)}</p>`;
  });
  const html = [
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">`,
    `<h1 style="font-size:18px">${escapeHtml(heading)}</h1>`,
    ...htmlLines,
    `<p>${escapeHtml(site.name)}<br>${escapeHtml(contact.email)} | ${escapeHtml(contact.phone)}</p>`,
    `</body></html>`,
  ].join("");
  return { text, html };
}

/** Null when the visitor's zone is unknown or its clock reads as SAST's then. */
export function zonedSlot(start: Date, end: Date, zone: string | null): string | null {
  if (!zone) return null;
  let day: Intl.DateTimeFormat;
  try {
    day = new Intl.DateTimeFormat(site.locale, { timeZone: zone, weekday: "long", day: "numeric", month: "long", year: "numeric" });
  } catch {
    return null;
  }
  const clock = new Intl.DateTimeFormat(site.locale, { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const theirs = `${day.format(start)}, ${clock.format(start)}-${clock.format(end)}`;
  return `${theirs} SAST` === sastSlot(start, end) ? null : `${theirs} (${zone})`;
}

function ownClockLines(booking: Booking): string[] {
  const theirs = zonedSlot(booking.slot_start, booking.slot_end, booking.time_zone);
  return theirs ? [`On your own clock: ${theirs}.`] : [];
}

export type ReminderFor = "visitor" | "consultant";

export interface ReminderContext {
  consultant: MailConsultant | null;
  manageUrl: string;
  inboxUrl: string;
  contact: ContactContent;
}

/** Rendered when it is sent, from the booking as it stands then. */
export function reminderMail(booking: Booking, to: ReminderFor, context: ReminderContext): { subject: string; text: string; html: string } {
  const when = sastSlot(booking.slot_start, booking.slot_end);
  if (to === "visitor") {
    const lines = [
      `Hi ${booking.name},`,
      `A reminder of your ${CALL_TITLE}: ${when}.`,
      ...ownClockLines(booking),
      ...withWhomLines(booking, context.consultant),
      `Need to cancel or move it? ${context.manageUrl}`,
    ];
    return {
      subject: `Reminder: your call on ${when}`,
      ...letter("Your call is coming up", lines, [context.manageUrl, context.consultant?.meetingLink], context.contact),
    };
  }
  const lines = [
    `${context.consultant ? `Hi ${context.consultant.name}, a` : "A"} reminder of your call with ${booking.name} of ${booking.company}: ${when}.`,
    context.consultant?.meetingLink
      ? `Join the call at ${context.consultant.meetingLink}`
      : `Call them${booking.phone ? ` on ${booking.phone}` : ""} or send them a meeting link.`,
    `Email: ${booking.email}`,
    ...(booking.website ? [`Website: ${booking.website}`] : []),
    ...(booking.message ? [`What to discuss: ${booking.message}`] : []),
    `The booking in the inbox: ${context.inboxUrl}`,
  ];
  return {
    subject: `Reminder: call with ${booking.name} on ${when}`,
    ...letter("A call is coming up", lines, [context.inboxUrl, context.consultant?.meetingLink], context.contact),
  };
}
