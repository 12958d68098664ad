import type { ContactContent } from "#app/content/contact-details.ts";
import type { CoreServices } from "#server/core-services.ts";
import { Availability } from "#server/booking/availability.ts";
import { CalendarSync } from "#server/booking/calendar-sync.ts";
import { parseInline, parseOnThread } from "#server/booking/ical-parser.ts";
import { calendarSender, leadPage, writableCalendar } from "#server/booking/calendar-write.ts";
import { type Consultant, loadConsultants } from "#server/booking/consultants.ts";
import { bookingRules } from "#server/booking/settings.ts";
import { type BookingRules, claimWindow } from "#server/booking/slots.ts";
import { BookingStore } from "#server/booking/store.ts";
import { dropReminders, queueReminders, reminderSender } from "#server/booking/reminders.ts";
import { manageTokenSecret, manageUrl } from "#server/booking/token.ts";
import type { Mailer } from "#server/mail/transport.ts";
import { OutboxStore } from "#server/outbox/store.ts";

export interface BookingServices {
  store: BookingStore;
  rules: BookingRules;
  consultants: readonly Consultant[];
  calendars: CalendarSync;
  secret: string;
  /** `except`: a booking being moved, whose time is its own. */
  availability(now: Date, except?: number): Promise<Availability>;
}

export function bookingServices(
  core: CoreServices,
  { calendarThread, mailer, contact }: { calendarThread?: URL; mailer: Mailer; contact: () => ContactContent },
): BookingServices {
  const rules = bookingRules(core.settings);
  const consultants = loadConsultants(core.settings.CONSULTANTS_FILE, rules);
  const writesCalendar = (id: string) => writableCalendar(consultants.find((c) => c.id === id)) !== undefined;
  const { settings } = core;
  const leads = settings.BOOKING_REMINDERS;
  const outbox = new OutboxStore(core.database);
  const store = new BookingStore(core.database, rules.callsPerMailbox, writesCalendar, {
    queue: (trx, booking, now) =>
      queueReminders(
        trx,
        booking,
        { leadsMs: leads, consultantAddress: consultants.find((c) => c.id === booking.consultant)?.email ?? null },
        now,
      ),
    drop: dropReminders,
  });
  const secret = manageTokenSecret(core.settings, core.secrets);
  const limits = { timeoutMs: settings.CALENDAR_TIMEOUT_MS, maxBytes: settings.CALENDAR_MAX_BYTES };
  const host = new URL(settings.SITE_URL).hostname;
  const calendars = new CalendarSync(core.database, consultants, {
    intervalMs: settings.CALENDAR_REFRESH_SECONDS * 1000,
    limits,
    horizonDays: rules.horizonDays,
    parse: calendarThread ? parseOnThread(calendarThread, host) : parseInline(host),
    staleMs: settings.CALENDAR_STALE_MINUTES * 60_000,
    siteUrl: settings.SITE_URL,
    contact,
  });
  const leadUrl = async (bookingId: number) => {
    const lead = await core.database.db
      .selectFrom("leads")
      .select("id")
      .where("lead_table", "=", "bookings")
      .where("lead_id", "=", bookingId)
      .executeTakeFirst();
    return leadPage(settings.SITE_URL, lead?.id);
  };
  core.worker.register(
    "calendar",
    calendarSender({ find: (id) => store.find(id), consultants, limits, siteUrl: settings.SITE_URL, leadUrl, contact }),
  );
  core.worker.register(
    "reminder",
    reminderSender({
      find: (id) => store.find(id),
      consultants,
      mailer,
      messageIdHost: host,
      manageUrl: (booking) => manageUrl(settings.SITE_URL, secret, booking),
      inboxUrl: leadUrl,
      discard: (message) => outbox.discard(message),
      contact,
    }),
  );
  return {
    store,
    rules,
    consultants,
    calendars,
    secret,
    async availability(now, except) {
      const window = claimWindow(rules, now);
      const [claims, lastBooked, busy, unread] = await Promise.all([
        store.claims(window.from, window.to),
        store.lastBooked(),
        calendars.busy(window.from, window.to),
        calendars.outages.closed(now),
      ]);
      const others = except === undefined ? claims : claims.filter((claim) => claim.bookingId !== except);
      return new Availability(consultants, rules, { claims: others, busy, lastBooked, unread });
    },
  };
}
