import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { cn } from "#app/lib/cn.ts";
import { escapeHtml } from "#app/lib/escape-html.ts";
import { type SlotDay, slotChoice } from "#app/forms/booking.ts";
import { visitorClock } from "#app/lib/sast.ts";

interface SlotPickerProps {
  days: SlotDay[];
  chosen?: string;
  error?: string;
  errorId: string;
  idPrefix: string;
}

/** Styled once on their group rather than on hundreds of faces, which keeps the HTML small. */
const choices = cn(
  "[&_label]:block [&_label]:cursor-pointer",
  "[&_input+span]:block [&_input+span]:rounded-lg [&_input+span]:border [&_input+span]:border-slate-300 [&_input+span]:text-center [&_input+span]:text-sm",
  "[&_input+span]:hover:border-brand-600 [&_input:checked+span]:border-brand-600 [&_input:checked+span]:bg-brand-600 [&_input:checked+span]:text-white",
  "[&_input:focus-visible+span]:outline-2 [&_input:focus-visible+span]:outline-offset-2 [&_input:focus-visible+span]:outline-brand-600",
);

/** As static HTML inside one element, so React hydrates that element, not hundreds of radios. */
function timesMarkup(day: SlotDay, chosen: string | undefined): string {
  return day.starts
    .map((minutes) => slotChoice(day.date, minutes))
    .map(
      (slot) =>
        `<label><input type="radio" name="slot" value="${escapeHtml(slot.value)}" class="sr-only"${slot.value === chosen ? " checked" : ""}>` +
        `<span class="px-2 py-2 font-medium tabular-nums">${escapeHtml(slot.label)}<span class="sr-only"> SAST</span></span></label>`,
    )
    .join("");
}

/** The visitor's own time only when it differs from SAST, a day per task so hundreds of times never hold up input. */
function useVisitorTimes(picker: RefObject<HTMLElement | null>, days: SlotDay[]): boolean {
  const [differs, setDiffers] = useState(false);
  useEffect(() => {
    const root = picker.current;
    if (!root) return;
    let timer: ReturnType<typeof setTimeout>;
    const shownDay = root.querySelector<HTMLInputElement>("input[name=day]:checked")?.value;
    const grids = [...root.querySelectorAll<HTMLElement>("[data-booking-times]")].sort(
      (a, b) => Number(b.dataset.bookingTimes === shownDay) - Number(a.dataset.bookingTimes === shownDay),
    );
    const annotate = () => {
      const grid = grids.shift();
      if (!grid) return;
      for (const input of grid.querySelectorAll<HTMLInputElement>("input[name=slot]")) {
        const local = visitorClock(new Date(input.value));
        const face = input.nextElementSibling;
        if (!local || !face || face.querySelector("[data-visitor-time]")) continue;
        const note = document.createElement("span");
        note.className = "block text-xs font-normal";
        note.dataset.visitorTime = "";
        note.textContent = local;
        face.append(note);
      }
      timer = setTimeout(annotate);
    };
    timer = setTimeout(() => {
      const first = root.querySelector<HTMLInputElement>("input[name=slot]");
      if (!first || visitorClock(new Date(first.value)) === null) return;
      setDiffers(true);
      annotate();
    });
    return () => clearTimeout(timer);
  }, [picker, days]);
  return differs;
}

/** Native radios give keyboard use and names for free; where :has() is missing every day's times are listed. */
export function SlotPicker({ days, chosen, error, errorId, idPrefix }: SlotPickerProps) {
  const pickerRef = useRef<HTMLDivElement>(null);
  const differs = useVisitorTimes(pickerRef, days);
  const chosenDay = days.find((day) => day.starts.some((minutes) => slotChoice(day.date, minutes).value === chosen))?.date ?? days[0]?.date;

  // One rule per day: a stylesheet, not JavaScript, decides which times show.
  const css = useMemo(
    () =>
      `@supports selector(:has(*)){[data-booking-times]{display:none}${days
        .map((day) => `form:has(#${idPrefix}-day-${day.date}:checked) [data-booking-times="${day.date}"]{display:block}`)
        .join("")}}`,
    [days, idPrefix],
  );

  return (
    <div ref={pickerRef} className="space-y-6">
      <style>{css}</style>
      <fieldset>
        <legend className="text-base font-semibold text-ink">1. Choose a day</legend>
        <div className={cn("mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5", choices)}>
          {days.map((day) => (
            <label key={day.date}>
              <input
                type="radio"
                name="day"
                value={day.date}
                id={`${idPrefix}-day-${day.date}`}
                defaultChecked={day.date === chosenDay}
                className="sr-only"
              />
              <span className="px-1 py-2.5">
                <span className="block font-semibold">{day.shortLabel}</span>
                <span className="block text-xs">
                  {day.starts.length} free {day.starts.length === 1 ? "time" : "times"}
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
            <div
              className={cn("mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6", choices)}
              dangerouslySetInnerHTML={{ __html: timesMarkup(day, chosen) }}
            />
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
