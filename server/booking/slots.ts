import { isPublicHoliday } from "#server/booking/holidays.ts";
import { addDays, type IsoDate, sastDate, sastInstant, sastMinutes, weekday } from "#app/lib/sast.ts";

/** The ROI consultation is 15 minutes (SPEC.md section 9); slots sit on a 15-minute grid. */
export const SLOT_MINUTES = 15;
const SLOT_MS = SLOT_MINUTES * 60_000;

/** When the agency takes calls, all in SAST, and how many one visitor may hold; read from the BOOKING_* settings. */
export interface BookingRules {
  /** Minutes after midnight of the first slot's start and of the last slot's end. */
  opensAt: number;
  closesAt: number;
  minNoticeMinutes: number;
  /** How many days after today the last bookable day is. */
  horizonDays: number;
  /** Free time kept between two calls. */
  bufferMinutes: number;
  blockedDays: ReadonlySet<IsoDate>;
  /** Calls not yet over that one mailbox may hold (BOOKING_MAX_FUTURE_PER_EMAIL). */
  callsPerMailbox: number;
}

export type ClosedReason = "weekend" | "public holiday" | "blocked";

export function closedReason(date: IsoDate, rules: BookingRules): ClosedReason | null {
  const day = weekday(date);
  if (day === 0 || day === 6) return "weekend";
  if (isPublicHoliday(date)) return "public holiday";
  if (rules.blockedDays.has(date)) return "blocked";
  return null;
}

/** Every slot start of a day inside the hours, whether or not it is free. */
export function slotStartsOn(date: IsoDate, rules: BookingRules): Date[] {
  const starts: Date[] = [];
  for (let minutes = rules.opensAt; minutes + SLOT_MINUTES <= rules.closesAt; minutes += SLOT_MINUTES) {
    starts.push(sastInstant(date, minutes));
  }
  return starts;
}

export function slotEnd(start: Date): Date {
  return new Date(start.getTime() + SLOT_MS);
}

/** The dates a visitor may book on today: from today to today + horizon, in SAST. */
function datesInHorizon(rules: BookingRules, now: Date): IsoDate[] {
  const today = sastDate(now);
  return Array.from({ length: rules.horizonDays + 1 }, (_, i) => addDays(today, i));
}

/** Whether a slot start obeys every rule except being free: grid, day, hours, notice, horizon. */
export function isBookableStart(start: Date, rules: BookingRules, now: Date): boolean {
  if (start.getTime() % SLOT_MS !== 0) return false;
  const date = sastDate(start);
  const minutes = sastMinutes(start);
  if ((minutes - rules.opensAt) % SLOT_MINUTES !== 0) return false;
  if (minutes < rules.opensAt || minutes + SLOT_MINUTES > rules.closesAt) return false;
  if (closedReason(date, rules)) return false;
  if (start.getTime() < now.getTime() + rules.minNoticeMinutes * 60_000) return false;
  return date <= addDays(sastDate(now), rules.horizonDays);
}

/**
 * The 15-minute cells a call starting at `start` holds: its own and, after it,
 * enough to cover the buffer. Two calls conflict exactly when they share a
 * cell, so the database's primary key on the cell keeps every pair of calls
 * a buffer apart, before and after, without a check-then-insert.
 */
export function claimCells(start: Date, rules: BookingRules): Date[] {
  const count = Math.ceil((SLOT_MINUTES + rules.bufferMinutes) / SLOT_MINUTES);
  return Array.from({ length: count }, (_, i) => new Date(start.getTime() + i * SLOT_MS));
}

/** The span of cells that can touch a bookable slot now, for loading the claimed ones. */
export function claimWindow(rules: BookingRules, now: Date): { from: Date; to: Date } {
  const dates = datesInHorizon(rules, now);
  const reach = claimCells(new Date(0), rules).length * SLOT_MS;
  return { from: new Date(sastInstant(dates[0]!, 0).getTime() - reach), to: sastInstant(addDays(dates.at(-1)!, 1), 0) };
}

export interface BookingDay {
  date: IsoDate;
  starts: Date[];
}

/**
 * The days that still have a free slot, each with its free starts, in order:
 * no claimed cell in the slot's cells, and `isOpen` (someone free then).
 */
export function freeDays(
  rules: BookingRules,
  now: Date,
  claimed: Iterable<Date>,
  isOpen: (start: Date) => boolean = () => true,
): BookingDay[] {
  const taken = new Set<number>();
  for (const cell of claimed) taken.add(cell.getTime());
  const days: BookingDay[] = [];
  for (const date of datesInHorizon(rules, now)) {
    if (closedReason(date, rules)) continue;
    const starts = slotStartsOn(date, rules).filter(
      (start) =>
        isBookableStart(start, rules, now) && claimCells(start, rules).every((cell) => !taken.has(cell.getTime())) && isOpen(start),
    );
    if (starts.length) days.push({ date, starts });
  }
  return days;
}
