import { useEffect, useMemo, useState } from "react";
import { cn } from "~/lib/cn";
import { visitorClock } from "./format";

/** A bookable day as the server lists it, labels already in SAST. */
export interface SlotDay {
  date: string;
  /** Tuesday, 24 November 2026 */
  longLabel: string;
  /** Tue, 24 Nov */
  shortLabel: string;
  slots: Array<{ value: string; label: string }>;
}

interface SlotPickerProps {
  days: SlotDay[];
  /** The slot to show chosen (a post that came back with an error). */
  chosen?: string;
  error?: string;
  errorId: string;
  /** Prefix for the element ids, unique on the page. */
  idPrefix: string;
}

/**
 * Each choice is a visually hidden native radio followed by its face. The
 * faces are styled once here on their group rather than on each of the
 * hundreds of times, which keeps the page's HTML small.
 */
const choices = cn(
  "[&_label]:block [&_label]:cursor-pointer",
  "[&_input+span]:block [&_input+span]:rounded-lg [&_input+span]:border [&_input+span]:border-slate-300 [&_input+span]:text-center [&_input+span]:text-sm",
  "[&_input+span]:hover:border-brand-600 [&_input:checked+span]:border-brand-600 [&_input:checked+span]:bg-brand-600 [&_input:checked+span]:text-white",
  "[&_input:focus-visible+span]:outline-2 [&_input:focus-visible+span]:outline-offset-2 [&_input:focus-visible+span]:outline-brand-600",
);

/** The visitor's time zone, known only in the browser (after hydration). */
function useVisitorTimeZone(): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  return zone;
}

/**
 * Two native radio groups: the day, then the time on that day. Native radios
 * give keyboard use (arrow keys within a group) and screen-reader names for
 * free, with JavaScript or without. Where the browser supports :has(), CSS
 * shows only the chosen day's times; elsewhere every day's times are listed,
 * grouped by day, and the form still works.
 */
export function SlotPicker({ days, chosen, error, errorId, idPrefix }: SlotPickerProps) {
  const zone = useVisitorTimeZone();
  const chosenDay = days.find((day) => day.slots.some((slot) => slot.value === chosen))?.date ?? days[0]?.date;
  const differs = zone !== null && days[0]?.slots[0] !== undefined && visitorClock(new Date(days[0].slots[0].value), zone) !== null;

  // One rule per day: a stylesheet, not JavaScript, decides which times show.
  const css = useMemo(
    () =>
      `@supports selector(:has(*)){[data-booking-times]{display:none}${days
        .map((day) => `form:has(#${idPrefix}-day-${day.date}:checked) [data-booking-times="${day.date}"]{display:block}`)
        .join("")}}`,
    [days, idPrefix],
  );

  return (
    <div className="space-y-6">
      <style>{css}</style>
      <fieldset>
        <legend className="text-base font-semibold text-ink">1. Choose a day</legend>
        <div className={cn("mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5", choices)}>
          {days.map((day) => (
            <label key={day.date}>
              <input type="radio" name="day" value={day.date} id={`${idPrefix}-day-${day.date}`} defaultChecked={day.date === chosenDay} className="sr-only" />
              <span className="px-1 py-2.5">
                <span className="block font-semibold">{day.shortLabel}</span>
                <span className="block text-xs">
                  {day.slots.length} free {day.slots.length === 1 ? "time" : "times"}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div aria-describedby={error ? errorId : undefined}>
        {days.map((day) => (
          <fieldset key={day.date} data-booking-times={day.date} className="mb-6 last:mb-0">
            <legend className="text-base font-semibold text-ink">2. Choose a time on {day.longLabel}</legend>
            <p className="mt-1 text-sm text-slate-600">
              Times in South African Standard Time (SAST, UTC+2){differs && <>, with your own time below each</>}.
            </p>
            <div className={cn("mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6", choices)}>
              {day.slots.map((slot) => (
                <SlotOption key={slot.value} slot={slot} zone={differs ? zone : null} chosen={slot.value === chosen} />
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function SlotOption({ slot, zone, chosen }: { slot: { value: string; label: string }; zone: string | null; chosen: boolean }) {
  const local = zone ? visitorClock(new Date(slot.value), zone) : null;
  return (
    <label>
      <input type="radio" name="slot" value={slot.value} defaultChecked={chosen} className="sr-only" />
      <span className="px-2 py-2 font-medium tabular-nums">
        {slot.label}
        <span className="sr-only"> SAST</span>
        {local && <span className="block text-xs font-normal">{local}</span>}
      </span>
    </label>
  );
}
