import type { Env } from "#server/env.ts";
import type { BookingRules } from "#server/booking/slots.ts";

type BookingSettings = Pick<
  Env,
  | "BOOKING_HOURS"
  | "BOOKING_MIN_NOTICE_MINUTES"
  | "BOOKING_HORIZON_DAYS"
  | "BOOKING_BUFFER_MINUTES"
  | "BOOKING_BLOCKED_DAYS"
  | "BOOKING_MAX_FUTURE_PER_EMAIL"
>;

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return hours! * 60 + minutes!;
}

/** server/env.ts has validated the settings. */
export function bookingRules(settings: BookingSettings): BookingRules {
  const [opens, closes] = settings.BOOKING_HOURS.split("-");
  return {
    opensAt: minutesOf(opens!),
    closesAt: minutesOf(closes!),
    minNoticeMinutes: settings.BOOKING_MIN_NOTICE_MINUTES,
    horizonDays: settings.BOOKING_HORIZON_DAYS,
    bufferMinutes: settings.BOOKING_BUFFER_MINUTES,
    blockedDays: new Set(settings.BOOKING_BLOCKED_DAYS),
    callsPerMailbox: settings.BOOKING_MAX_FUTURE_PER_EMAIL,
  };
}
