import { isPublicHoliday } from "#server/booking/holidays.ts";
import { addDays, type IsoDate, sastDate, sastInstant, sastMinutes, weekday } from "#app/lib/sast.ts";

// The consultation is 15 minutes (SPEC.md section 9).
export const SLOT_MINUTES = 15;
const SLOT_MS = SLOT_MINUTES * 60_000;

export interface BookingRules {
  opensAt: number;
  closesAt: number;
  minNoticeMinutes: number;
  horizonDays: number;
  bufferMinutes: number;
  blockedDays: ReadonlySet<IsoDate>;
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

function datesInHorizon(rules: BookingRules, now: Date): IsoDate[] {
  const today = sastDate(now);
  return Array.from({ length: rules.horizonDays + 1 }, (_, i) => addDays(today, i));
}

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

/** The buffer's cells too: the primary key on the cell keeps calls a buffer apart without a check-then-insert. */
export function claimCells(start: Date, rules: BookingRules): Date[] {
  const count = Math.ceil((SLOT_MINUTES + rules.bufferMinutes) / SLOT_MINUTES);
  return Array.from({ length: count }, (_, i) => new Date(start.getTime() + i * SLOT_MS));
}

export function claimWindow(rules: BookingRules, now: Date): { from: Date; to: Date } {
  const dates = datesInHorizon(rules, now);
  const reach = claimCells(new Date(0), rules).length * SLOT_MS;
  return { from: new Date(sastInstant(dates[0]!, 0).getTime() - reach), to: sastInstant(addDays(dates.at(-1)!, 1), 0) };
}

export interface BookingDay {
  date: IsoDate;
  starts: Date[];
}

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
