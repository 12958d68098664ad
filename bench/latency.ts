// The percentile summary and table row the timing benches share.

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

export interface LatencySummary {
  medianMs: number;
  p90Ms: number;
  maxMs: number;
}

export function latencySummary(values: number[]): LatencySummary {
  const sorted = values.toSorted((a, b) => a - b);
  return { medianMs: percentile(sorted, 50), p90Ms: percentile(sorted, 90), maxMs: sorted.at(-1)! };
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** A markdown row: label, median, p90, max. */
export const latencyRow = (label: string, t: LatencySummary) => `| ${label} | ${ms(t.medianMs)} | ${ms(t.p90Ms)} | ${ms(t.maxMs)} |`;
