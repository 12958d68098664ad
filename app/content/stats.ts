/** A headline figure with what it measures. */
export interface Stat {
  value: string;
  label: string;
}

/**
 * The agency's marketing claims (SPEC.md section 9), as the agency edits them at /admin/figures (decision
 * 0052): pages and descriptions pick them by name rather than retype them. This is SPEC.md's, what a new
 * site starts with.
 */
export const specFigures = {
  roi: { value: "287%", label: "Average ROI increase" },
  adSpend: { value: "R250K", label: "Ad spend optimised" },
  clients: { value: "50+", label: "Clients scaled" },
  years: { value: "8+", label: "Years of paid media experience" },
  retention: { value: "90%", label: "Client retention" },
  savingsFound: { value: "R850K", label: "Average savings found" },
  auditsCompleted: { value: "50+", label: "Audits completed" },
  auditValue: { value: "R45,000+", label: "Value of comparable audits" },
} as const satisfies Record<string, Stat>;

export type FigureKey = keyof typeof specFigures;
export type FiguresContent = Record<FigureKey, Stat>;

/** A label inside a sentence: "Average ROI increase" reads "average ROI increase", "ROI in 90 days" stays. */
export const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);

/** The home hero's three figures, worded as SPEC.md section 2 does. */
export const heroStats = (figures: FiguresContent): Stat[] =>
  [figures.roi, figures.adSpend, figures.clients].map((stat) => ({ value: stat.value, label: inSentence(stat.label) }));

/** The free audit's delivery time: a response promise (SPEC.md section 9), in the page's title too, not a claim. */
export const auditTurnaround: Stat = { value: "48 hours", label: "Audit delivered within" };

/** The three promises every service page repeats. */
export const trustStats: readonly Stat[] = [
  { value: "2-4 hrs", label: "Response time" },
  { value: "100%", label: "Free audit or session" },
  { value: "No", label: "Sales pressure" },
];
