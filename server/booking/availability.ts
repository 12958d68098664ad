import { sastDate, sastMinutes, weekday } from "#app/lib/sast.ts";
import type { Consultant } from "#server/booking/consultants.ts";
import { type BookingRules, claimCells, SLOT_MINUTES } from "#server/booking/slots.ts";
import type { Claim } from "#server/booking/store.ts";

/** A busy stretch of a consultant's calendar, in epoch milliseconds, end excluded. */
export interface BusyInterval {
  start: number;
  end: number;
}

/**
 * Who is free when, as one request reads it from the database: the claims of
 * booked calls, the busy times cached from each consultant's calendars, the
 * consultants whose calendars went unread (free at no time: calendars fail
 * closed, calendar-outages.ts), and when each was last given a call (the
 * round-robin's turn).
 */
export class Availability {
  readonly #consultants: readonly Consultant[];
  readonly #rules: BookingRules;
  readonly #claimed = new Map<string, Set<number>>();
  /** Calls booked before there were consultants held the agency's one time: their cells are taken for all. */
  readonly #everyone = new Set<number>();
  readonly #busy = new Map<string, BusyInterval[]>();
  readonly #lastBooked: ReadonlyMap<string, number>;
  readonly #unread: ReadonlySet<string>;

  constructor(
    consultants: readonly Consultant[],
    rules: BookingRules,
    state: {
      claims: Iterable<Claim>;
      busy: ReadonlyMap<string, BusyInterval[]>;
      lastBooked: ReadonlyMap<string, number>;
      /** Consultants whose calendars were not read (recently enough): what they hold is unknown. */
      unread: ReadonlySet<string>;
    },
  ) {
    this.#consultants = consultants;
    this.#rules = rules;
    for (const { consultant, cell } of state.claims) {
      if (consultant === "") this.#everyone.add(cell.getTime());
      else {
        let cells = this.#claimed.get(consultant);
        if (!cells) this.#claimed.set(consultant, (cells = new Set()));
        cells.add(cell.getTime());
      }
    }
    for (const [id, intervals] of state.busy) this.#busy.set(id, merged(intervals));
    this.#lastBooked = state.lastBooked;
    this.#unread = state.unread;
  }

  /**
   * Whether a consultant could take a call starting then: their calendars read, in their hours, no call of theirs
   * near, nothing in their calendars.
   */
  isFree(consultant: Consultant, start: Date): boolean {
    if (this.#unread.has(consultant.id)) return false;
    const hours = consultant.hours[weekday(sastDate(start))];
    const minutes = sastMinutes(start);
    if (!hours || minutes < hours.opensAt || minutes + SLOT_MINUTES > hours.closesAt) return false;
    const claimed = this.#claimed.get(consultant.id);
    for (const cell of claimCells(start, this.#rules)) {
      if (this.#everyone.has(cell.getTime()) || claimed?.has(cell.getTime())) return false;
    }
    // The buffer kept between calls is kept around their other meetings too.
    const buffer = this.#rules.bufferMinutes * 60_000;
    const from = start.getTime() - buffer;
    const to = start.getTime() + SLOT_MINUTES * 60_000 + buffer;
    return !overlaps(this.#busy.get(consultant.id) ?? [], from, to);
  }

  /** Whether anyone could take a call starting then. */
  anyoneFree(start: Date): boolean {
    return this.#consultants.some((consultant) => this.isFree(consultant, start));
  }

  /**
   * The consultants free at a start, in round-robin order: whoever was given a
   * call longest ago (or never) first, ties in the configured order.
   */
  freeAt(start: Date): Consultant[] {
    const turn = (consultant: Consultant) => this.#lastBooked.get(consultant.id) ?? -Infinity;
    return this.#consultants
      .map((consultant, order) => ({ consultant, order }))
      .filter(({ consultant }) => this.isFree(consultant, start))
      .sort((a, b) => turn(a.consultant) - turn(b.consultant) || a.order - b.order)
      .map(({ consultant }) => consultant);
  }
}

/** Sorted by start, overlapping and touching stretches joined: each start is after the previous end. */
function merged(intervals: readonly BusyInterval[]): BusyInterval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const out: BusyInterval[] = [];
  for (const interval of sorted) {
    const last = out.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else out.push({ ...interval });
  }
  return out;
}

/** Whether [from, to) meets a busy stretch: the last stretch starting before `to` ends after `from` (binary search). */
function overlaps(busy: readonly BusyInterval[], from: number, to: number): boolean {
  let low = 0;
  let high = busy.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (busy[mid]!.start < to) low = mid + 1;
    else high = mid;
  }
  return low > 0 && busy[low - 1]!.end > from;
}
