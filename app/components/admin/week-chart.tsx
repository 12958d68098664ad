import { useId } from "react";

export interface ChartSeries {
  key: string;
  label: string;
  counts: number[];
  total: number;
}

/** Distinct on white and from each other, each at least 3:1 against white (WCAG's non-text contrast). */
const COLORS = ["#1d4ed8", "#b45309", "#047857", "#7c3aed", "#be123c", "#0e7490", "#4b5563"];

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2 Nov" from "2026-11-02", the same on the server and in the browser (no locale data involved). */
const shortDay = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1] ?? ""}`;

/** A round step for the y axis: 1, 2 or 5 times a power of ten, about four lines. */
function stepOf(max: number): number {
  const rough = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= rough) ?? rough;
}

/**
 * Leads per week as stacked bars, drawn on the server as SVG: readable
 * without JavaScript, named for assistive technology by its title and
 * summary, with the same figures in the table beside it.
 */
export function WeekChart({ title, weeks, series }: { title: string; weeks: string[]; series: ChartSeries[] }) {
  const id = useId();
  const totals = weeks.map((_, week) => series.reduce((sum, s) => sum + (s.counts[week] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const step = stepOf(max);
  const top = Math.ceil(max / step) * step;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, weeks.length);
  const barWidth = Math.max(2, slot * 0.7);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const labelEvery = Math.ceil(weeks.length / 8);
  const summary = `${series.reduce((sum, s) => sum + s.total, 0)} leads over ${weeks.length} weeks from ${shortDay(weeks[0] ?? "")}; ${series
    .map((s) => `${s.label}: ${s.total}`)
    .join(", ")}. The table that follows gives each week.`;

  return (
    <figure className="space-y-3">
      <figcaption className="text-sm font-semibold text-ink">{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="h-auto w-full">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {Array.from({ length: top / step + 1 }, (_, i) => i * step).map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#475569">
              {tick}
            </text>
          </g>
        ))}
        {weeks.map((week, w) => {
          let base = 0;
          const x = PAD.left + w * slot + (slot - barWidth) / 2;
          return (
            <g key={week}>
              {series.map((s, i) => {
                const value = s.counts[w] ?? 0;
                if (value === 0) return null;
                const rect = (
                  <rect
                    key={s.key}
                    x={x}
                    width={barWidth}
                    y={y(base + value)}
                    height={y(base) - y(base + value)}
                    fill={COLORS[i % COLORS.length]}
                  />
                );
                base += value;
                return rect;
              })}
              {w % labelEvery === 0 && (
                <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="#475569">
                  {shortDay(week)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={`${title}: key`}>
        {series.map((s, i) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: COLORS[i % COLORS.length] }} />
            {s.label} ({s.total})
          </li>
        ))}
      </ul>
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm tabular-nums">
          <caption className="sr-only">{title}, per week</caption>
          <thead className="text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Week of
              </th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="py-1 pr-3 font-semibold normal-case">
                  {s.label}
                </th>
              ))}
              <th scope="col" className="py-1 font-semibold">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {weeks.map((week, w) => (
              <tr key={week}>
                <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                  {shortDay(week)}
                </th>
                {series.map((s) => (
                  <td key={s.key} className="py-1 pr-3">
                    {s.counts[w]}
                  </td>
                ))}
                <td className="py-1 font-medium">{totals[w]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
