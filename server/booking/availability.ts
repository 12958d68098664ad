import { sastDate, sastMinutes, weekday } from "#app/lib/sast.ts";
import type { Consultant } from "#server/booking/consultants.ts";
import { type BookingRules, claimCells, SLOT_MINUTES } from "#server/booking/slots.ts";
import type { Claim } from "#server/booking/store.ts";

export interface BusyInterval {
  start: number;
  end: number;
}

/** Calendars fail closed: a consultant whose calendars went unread is free at no time (calendar-outages.ts). */
export class Availability {
  readonly #consultants: readonly Consultant[];
  readonly #rules: BookingRules;
  readonly #claimed = new Map<string, Set<number>>();
  // Calls booked before there were consultants held the agency's one time: their cells are taken for all.
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

  isFree(consultant: Consultant, start: Date): boolean {
    if (this.#unread.has(consultant.id)) return false;
    const hours = consultant.hours[weekday(sastDate(start))];
    const minutes = sastMinutes(start);
    if (!hours || minutes < hours.opensAt || minutes + SLOT_MINUTES > hours.closesAt) return false;
    const claimed = this.#claimed.get(consultant.id);
    for (const cell of claimCells(start, this.#rules)) {
      if (this.#everyone.has(cell.getTime()) || claimed?.has(cell.getTime())) return false;
    }
    const buffer = this.#rules.bufferMinutes * 60_000;
    const from = start.getTime() - buffer;
    const to = start.getTime() + SLOT_MINUTES * 60_000 + buffer;
    return !overlaps(this.#busy.get(consultant.id) ?? [], from, to);
  }

  anyoneFree(start: Date): boolean {
    return this.#consultants.some((consultant) => this.isFree(consultant, start));
  }

  /** Round-robin: whoever was given a call longest ago (or never) first, ties in the configured order. */
  freeAt(start: Date): Consultant[] {
    const turn = (consultant: Consultant) => this.#lastBooked.get(consultant.id) ?? -Infinity;
    return this.#consultants
      .map((consultant, order) => ({ consultant, order }))
      .filter(({ consultant }) => this.isFree(consultant, start))
      .sort((a, b) => turn(a.consultant) - turn(b.consultant) || a.order - b.order)
      .map(({ consultant }) => consultant);
  }
}

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
