import { sastSlot } from "#app/lib/sast.ts";
import { site } from "#app/config/site.ts";
import { escapeHtml } from "#app/lib/escape-html.ts";
import type { LeadOrigin } from "#server/forms/store.ts";
import { renderNotification } from "#server/mail/render.ts";
import type { MailAttachment } from "#server/mail/transport.ts";
import { bookingUid, invitation } from "#server/booking/invitation.ts";
import type { Booking, BookingMail } from "#server/booking/store.ts";

/** What the call is called in invitations and mail. */
export const CALL_TITLE = `15-minute ROI consultation with ${site.name}`;

export type BookingEvent = "booked" | "rescheduled" | "cancelled";

export interface BookingMailContext {
  event: BookingEvent;
  /** Link to cancel or move the booking (absent once it is cancelled). */
  manageUrl: string | null;
  /** Where a new call can be booked. */
  calendarUrl: string;
  /** Host part of the invitation's UID (the site's host). */
  host: string;
  origin: LeadOrigin;
  /** Who takes the call and where; null for a call booked before consultants. */
  consultant: { name: string; meetingLink: string | null } | null;
  /** The slot before a reschedule, for the agency's note. */
  previousStart?: Date;
  previousEnd?: Date;
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
    `Questions: ${site.email}, ${site.phone.display}`,
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
    organizer: { name: site.name, email: site.email },
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

/** The agency's notification (through the lead notification layout) and the visitor's confirmation, each with the invitation. */
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
          ...(context.consultant ? [`Your consultant: ${context.consultant.name}.`] : []),
          context.consultant?.meetingLink
            ? `The attached invitation adds it to your calendar. Join the call at ${context.consultant.meetingLink}`
            : `The attached invitation adds it to your calendar. We will call you${booking.phone ? ` on ${booking.phone}` : ""} or send a meeting link before the call.`,
          `Need to cancel or move it? ${context.manageUrl}`,
        ];
  const text = [...lines, "", `${site.name}`, `${site.email} | ${site.phone.display}`].join("\n\n");
  const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  const htmlLines = lines.map((line) => {
    const url = [context.manageUrl, context.calendarUrl, context.consultant?.meetingLink].find((u) => u && line.endsWith(u));
    return `<p>${url ? escapeHtml(line.slice(0, -url.length)) + link(url) : escapeHtml(line)}</p>`;
  });
  const html = [
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">`,
    `<h1 style="font-size:18px">${escapeHtml(heading.visitor)}</h1>`,
    ...htmlLines,
    `<p>${escapeHtml(site.name)}<br>${escapeHtml(site.email)} | ${escapeHtml(site.phone.display)}</p>`,
    `</body></html>`,
  ].join("");

  return [
    { notification: agency, recipient: null, attachments: [attachment] },
    {
      notification: { kind: "Booking confirmation", replyTo: site.email, subject: `${heading.visitor}: ${when}`, text, html },
      recipient: booking.email,
      attachments: [attachment],
    },
  ];
}
