import { data, redirect } from "react-router";
import { bookingForm, bookingMessages, callsHeldMessage, type SlotDay } from "#app/forms/booking.ts";
import type { FormPageData } from "#app/forms/captcha-config.ts";
import type { LeadResult } from "#app/forms/lead-result.ts";
import { clockOfMinutes, sastLongDay, sastMinutes, sastShortDay, sastSlot } from "#app/lib/sast.ts";
import { type Actor, recordAudit } from "#server/audit/audit.ts";
import type { ClientAddress } from "#server/http/client-address.ts";
import { formPageData } from "#server/forms/form-page.ts";
import { runForm } from "#server/forms/pipeline.ts";
import { countLeadStored } from "#server/ops/metrics.ts";
import { readForm } from "#server/http/request.ts";
import { typedEmail } from "#server/mail/address.ts";
import type { SiteServices } from "#server/services.ts";
import { queueLeadEvent } from "#server/webhooks/queue.ts";
import { bookingMails } from "#server/booking/mail.ts";
import { guardBookingChange } from "#server/booking/manage-limits.ts";
import { claimCells, freeDays, isBookableStart, slotEnd } from "#server/booking/slots.ts";
import type { Consultant } from "#server/booking/consultants.ts";
import { knownZone } from "#server/booking/ical-busy.ts";
import type { Booking } from "#server/booking/store.ts";
import { MANAGE_PATH, manageUrl, signManageToken, verifyManageToken } from "#server/booking/token.ts";
import { noStoreHeaders, refusalHeaders } from "#app/lib/cache-control.ts";

export const CALENDAR_PATH = "/calendar";

/** Null where no database is running: the build renders the page only for its meta tags. */
export async function freeSlotDays({ booking }: SiteServices, now = new Date(), except?: number): Promise<SlotDay[]> {
  const availability = await booking.availability(now, except);
  const days = freeDays(booking.rules, now, [], (start) => availability.anyoneFree(start));
  return days.map((day) => ({
    date: day.date,
    longLabel: sastLongDay(day.starts[0]!),
    shortLabel: sastShortDay(day.starts[0]!),
    starts: day.starts.map(sastMinutes),
  }));
}

export function bookingFormPage(services: SiteServices, request: Request): FormPageData & { hours: string } {
  const { rules } = services.booking;
  return {
    ...formPageData(services, request),
    hours: `Calls are on weekdays from ${clockOfMinutes(rules.opensAt)} to ${clockOfMinutes(rules.closesAt)} SAST, except South African public holidays.`,
  };
}

function consultantOf(services: SiteServices, booking: Booking): Consultant | null {
  return services.booking.consultants.find((consultant) => consultant.id === booking.consultant) ?? null;
}

function mailContext(
  services: SiteServices,
  event: "booked" | "rescheduled" | "cancelled",
  booking: Booking,
  origin: Parameters<typeof bookingMails>[1]["origin"],
) {
  const { settings } = services;
  const { secret } = services.booking;
  const consultant = consultantOf(services, booking);
  return {
    event,
    consultant: consultant && { name: consultant.name, meetingLink: consultant.meetingLink },
    manageUrl: event === "cancelled" ? null : manageUrl(settings.SITE_URL, secret, booking),
    calendarUrl: `${settings.SITE_URL}${CALENDAR_PATH}`,
    host: new URL(settings.SITE_URL).hostname,
    origin,
    contact: services.siteContent.content("contact"),
  };
}

/** One whose time another visitor claimed meanwhile passes the call to the next in turn. */
async function inTurn<R extends { ok: true } | { ok: false; reason: string }>(
  consultants: readonly Consultant[],
  attempt: (consultant: Consultant) => Promise<R>,
): Promise<R | { ok: false; reason: "taken" }> {
  for (const consultant of consultants) {
    const result = await attempt(consultant);
    if (result.ok || result.reason !== "taken") return result;
  }
  return { ok: false, reason: "taken" };
}

const failure = (message: string, extra: Partial<LeadResult> = {}): LeadResult => ({
  ok: false,
  form: bookingForm.key,
  title: bookingForm.messages.failure.title,
  message,
  ...extra,
});

/** The database's claim decides who gets a slot two visitors race for (docs/decisions/0004). */
export function bookCall(services: SiteServices, request: Request, client: ClientAddress, now = new Date()) {
  const { settings, worker } = services;
  const { store, rules, secret } = services.booking;
  return runForm(services, bookingForm, request, client, async ({ input, values, origin, release, fail }) => {
    const start = new Date(input.slot);
    // A slot gone or just taken is the visitor's bad luck, not an attempt: it is given back.
    const slotRefused = async (message: string) => {
      await release();
      return fail({ status: 409, reason: "slot", message, fieldErrors: { slot: [message] }, values: { ...values, slot: "" } });
    };
    if (!isBookableStart(start, rules, now)) return slotRefused(bookingMessages.slotGone);
    const bookedAt = { ...origin, receivedAt: now };
    const book = (consultant: Consultant) =>
      store.book(
        {
          name: input.name,
          email: typedEmail(input.email),
          company: input.company,
          phone: input.phone || null,
          website: input.website || null,
          message: input.message || null,
          start,
          end: slotEnd(start),
          consultant: consultant.id,
          timeZone: input.timeZone && knownZone(input.timeZone) ? input.timeZone : null,
        },
        claimCells(start, rules),
        bookedAt,
        (booking) => bookingMails(booking, mailContext(services, "booked", booking, bookedAt)),
        (trx, booking) =>
          queueLeadEvent(trx, settings, {
            form: bookingForm,
            lead: { table: "bookings", id: booking.id },
            row: booking,
            receivedAt: now,
            page: CALENDAR_PATH,
            attribution: origin.attribution ?? null,
          }),
      );
    const result = await inTurn((await services.booking.availability(now)).freeAt(start), book);
    if (!result.ok && result.reason === "mailbox-full") {
      await release();
      const message = callsHeldMessage(rules.callsPerMailbox);
      return fail({ status: 409, reason: "calls-held", message, fieldErrors: { email: [message] } });
    }
    if (!result.ok) return slotRefused(bookingMessages.slotTaken);
    countLeadStored(bookingForm.key);
    worker.nudge();
    const token = signManageToken(secret, result.booking.id, result.booking.slot_end);
    return redirect(`${MANAGE_PATH}/${token}?booked=1`, { headers: noStoreHeaders });
  });
}

export interface BookingView {
  name: string;
  email: string;
  when: string;
  start: string;
  status: "confirmed" | "cancelled";
  sequence: number;
  consultant: { name: string; meetingLink: string | null } | null;
}

export type ManageState = { state: "invalid" } | { state: "expired" } | { state: "found"; booking: BookingView; days: SlotDay[] };

async function findByToken(
  { store, secret }: SiteServices["booking"],
  token: string,
  now: Date,
): Promise<{ ok: true; booking: Booking } | { ok: false; state: "invalid" | "expired" }> {
  const check = verifyManageToken(secret, token, now);
  if (!check.ok) return { ok: false, state: check.reason };
  const booking = await store.find(check.bookingId);
  if (!booking) return { ok: false, state: "invalid" };
  // A link from before a reschedule to an earlier time ends with the call too.
  if (booking.slot_end.getTime() <= now.getTime()) return { ok: false, state: "expired" };
  return { ok: true, booking };
}

function view(services: SiteServices, booking: Booking): BookingView {
  const consultant = consultantOf(services, booking);
  return {
    consultant: consultant && { name: consultant.name, meetingLink: consultant.meetingLink },
    name: booking.name,
    email: booking.email,
    when: sastSlot(booking.slot_start, booking.slot_end),
    start: booking.slot_start.toISOString(),
    status: booking.status,
    sequence: booking.sequence,
  };
}

export async function manageState(services: SiteServices, token: string, now = new Date()): Promise<ManageState> {
  const found = await findByToken(services.booking, token, now);
  if (!found.ok) return { state: found.state };
  // A move to a slot beside the call may reuse its cells.
  const days = found.booking.status === "confirmed" ? await freeSlotDays(services, now, found.booking.id) : [];
  return { state: "found", booking: view(services, found.booking), days };
}

function changeOrigin(booking: Booking, request: Request, client: ClientAddress, now: Date) {
  return { botCheck: booking.bot_check, clientAddress: client.address, userAgent: request.headers.get("user-agent"), receivedAt: now };
}

/** Each change mails the booker, so changes are limited per booking and per address (guardBookingChange). */
export async function changeBooking(services: SiteServices, request: Request, token: string, client: ClientAddress, now = new Date()) {
  const { worker } = services;
  const { store, rules, secret } = services.booking;
  const read = await readForm(request, new Set());
  if (!read.ok) return data(failure(bookingMessages.failed), { status: read.status });
  const found = await findByToken(services.booking, token, now);
  if (!found.ok)
    return data(failure(found.state === "expired" ? "This call has already taken place." : "This link is not valid."), {
      status: found.state === "expired" ? 410 : 404,
    });
  const { fields } = read;
  const sequence = Number(fields.sequence);
  const origin = changeOrigin(found.booking, request, client, now);
  const here = `${MANAGE_PATH}/${token}`;
  const refused = (refusal: { status: number; failure: LeadResult; retryAfterSeconds: number }) =>
    data(refusal.failure, { status: refusal.status, headers: refusalHeaders(refusal.retryAfterSeconds) });

  if (fields.intent === "cancel") {
    const guard = await guardBookingChange(services, found.booking.id, client);
    if (!guard.ok) return refused(guard);
    const result = await store.cancel(found.booking.id, sequence, now, (booking) =>
      bookingMails(booking, mailContext(services, "cancelled", booking, origin)),
    );
    if (!result.ok) {
      await guard.release();
      return redirect(`${here}?changed=1`);
    }
    worker.nudge();
    return redirect(here);
  }

  if (fields.intent === "reschedule") {
    const slot = bookingForm.schema.shape.slot.safeParse(fields.slot);
    if (!slot.success) return data(failure(bookingMessages.slotGone, { fieldErrors: { slot: ["Please choose a time"] } }), { status: 400 });
    const start = new Date(slot.data);
    if (!isBookableStart(start, rules, now)) {
      return data(failure(bookingMessages.slotGone, { fieldErrors: { slot: [bookingMessages.slotGone] } }), { status: 409 });
    }
    const guard = await guardBookingChange(services, found.booking.id, client);
    if (!guard.ok) return refused(guard);
    const previous = found.booking;
    const free = (await services.booking.availability(now, previous.id)).freeAt(start);
    const ordered = [...free.filter((c) => c.id === previous.consultant), ...free.filter((c) => c.id !== previous.consultant)];
    const result = await inTurn(ordered, (consultant) =>
      store.reschedule(
        previous.id,
        sequence,
        { start, end: slotEnd(start), cells: claimCells(start, rules), consultant: consultant.id },
        now,
        (booking) =>
          bookingMails(booking, {
            ...mailContext(services, "rescheduled", booking, origin),
            previousStart: previous.slot_start,
            previousEnd: previous.slot_end,
          }),
      ),
    );
    if (!result.ok) await guard.release();
    if (!result.ok && result.reason === "taken") {
      return data(failure(bookingMessages.slotTaken, { fieldErrors: { slot: [bookingMessages.slotTaken] } }), { status: 409 });
    }
    if (!result.ok) return redirect(`${here}?changed=1`);
    worker.nudge();
    return redirect(`${MANAGE_PATH}/${signManageToken(secret, result.booking.id, result.booking.slot_end)}?moved=1`);
  }

  return data(failure(bookingMessages.failed), { status: 400 });
}

async function bookingOfLead({ admin, booking }: SiteServices, leadId: number): Promise<Booking | undefined> {
  const lead = await admin.db.selectFrom("leads").select(["lead_table", "lead_id"]).where("id", "=", leadId).executeTakeFirst();
  return lead?.lead_table === "bookings" ? booking.store.find(lead.lead_id) : undefined;
}

export interface InboxCall {
  when: string;
  state: "booked" | "cancelled" | "over";
  // A cancel is refused if the call changed since the page showed it.
  sequence: number;
}

export async function inboxCall(services: SiteServices, leadId: number, now = new Date()): Promise<InboxCall | null> {
  const booking = await bookingOfLead(services, leadId);
  if (!booking) return null;
  return {
    when: sastSlot(booking.slot_start, booking.slot_end),
    state: booking.status === "cancelled" ? "cancelled" : booking.slot_end.getTime() > now.getTime() ? "booked" : "over",
    sequence: booking.sequence,
  };
}

/** "changed" when the call is over, cancelled, or moved since the page showed it. */
export async function cancelCallFromInbox(
  services: SiteServices,
  request: Request,
  client: ClientAddress,
  actor: Actor,
  call: { leadId: number; sequence: number },
  now = new Date(),
): Promise<"cancelled" | "changed" | "no-call"> {
  const { worker } = services;
  const { store } = services.booking;
  const found = await bookingOfLead(services, call.leadId);
  if (!found) return "no-call";
  if (found.slot_end.getTime() <= now.getTime()) return "changed";
  const origin = changeOrigin(found, request, client, now);
  const result = await store.cancel(
    found.id,
    call.sequence,
    now,
    (booking) => bookingMails(booking, mailContext(services, "cancelled", booking, origin)),
    (trx, booking) =>
      recordAudit(
        trx,
        actor,
        { action: "cancel", detail: `cancelled the call of ${sastSlot(booking.slot_start, booking.slot_end)}`, leadId: call.leadId },
        now,
      ),
  );
  if (!result.ok) return "changed";
  worker.nudge();
  return "cancelled";
}
