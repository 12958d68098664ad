import type { CoreServices } from "#server/core-services.ts";
import { Availability } from "#server/booking/availability.ts";
import { CalendarSync } from "#server/booking/calendar-sync.ts";
import { calendarSender, writableCalendar } from "#server/booking/calendar-write.ts";
import type { Sender } from "#server/outbox/worker.ts";
import { type Consultant, loadConsultants } from "#server/booking/consultants.ts";
import { bookingRules } from "#server/booking/settings.ts";
import { type BookingRules, claimWindow } from "#server/booking/slots.ts";
import { BookingStore } from "#server/booking/store.ts";
import { manageTokenSecret } from "#server/booking/token.ts";

/** What Book a Call keeps of its own: its table's store, the BOOKING_* rules, the consultants and the manage links' key. */
export interface BookingServices {
  store: BookingStore;
  rules: BookingRules;
  consultants: readonly Consultant[];
  /** Reads the consultants' calendars in the background (started and stopped by server/start.ts). */
  calendars: CalendarSync;
  /** The outbox's calendar lane: writes booked calls into their consultant's CalDAV calendar. */
  calendarSender: Sender;
  secret: string;
  /** Who is free when over the bookable days, read afresh from the database; `except` a booking being moved, whose time is its own. */
  availability(now: Date, except?: number): Promise<Availability>;
}

export function bookingServices(core: CoreServices): BookingServices {
  const rules = bookingRules(core.settings);
  const consultants = loadConsultants(core.settings.CONSULTANTS_FILE, rules);
  const writesCalendar = (id: string) => writableCalendar(consultants.find((c) => c.id === id)) !== undefined;
  const store = new BookingStore(core.database, rules.callsPerMailbox, writesCalendar);
  const { settings } = core;
  const limits = { timeoutMs: settings.CALENDAR_TIMEOUT_MS, maxBytes: settings.CALENDAR_MAX_BYTES };
  const calendars = new CalendarSync(core.database, consultants, {
    intervalMs: settings.CALENDAR_REFRESH_SECONDS * 1000,
    limits,
    horizonDays: rules.horizonDays,
    host: new URL(settings.SITE_URL).hostname,
  });
  return {
    store,
    rules,
    consultants,
    calendars,
    calendarSender: calendarSender({ find: (id) => store.find(id), consultants, limits, siteUrl: settings.SITE_URL }),
    secret: manageTokenSecret(core.settings, core.secrets),
    async availability(now, except) {
      const window = claimWindow(rules, now);
      const [claims, lastBooked, busy] = await Promise.all([
        store.claims(window.from, window.to),
        store.lastBooked(),
        calendars.busy(window.from, window.to),
      ]);
      const others = except === undefined ? claims : claims.filter((claim) => claim.bookingId !== except);
      return new Availability(consultants, rules, { claims: others, busy, lastBooked });
    },
  };
}
