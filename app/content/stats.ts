/** A headline figure with what it measures. */
export interface Stat {
  value: string;
  label: string;
}

/** The agency's static marketing claims (SPEC.md section 9), named so pages pick them rather than retype them. */
export const claims = {
  roi: { value: "287%", label: "Average ROI increase" },
  adSpend: { value: "R250K", label: "Ad spend optimised" },
  clients: { value: "50+", label: "Clients scaled" },
  years: { value: "8+", label: "Years of paid media experience" },
  retention: { value: "90%", label: "Client retention" },
  roiIn90Days: { value: "200%+", label: "ROI in 90 days" },
  savingsFound: { value: "R850K", label: "Average savings found" },
  auditsCompleted: { value: "50+", label: "Audits completed" },
  auditValue: { value: "R45,000+", label: "Value of comparable audits" },
  auditTurnaround: { value: "48 hours", label: "Audit delivered within" },
} as const satisfies Record<string, Stat>;

/** The home hero's three figures, as SPEC.md section 2 words them. */
export const heroStats: readonly Stat[] = [
  { value: claims.roi.value, label: "average ROI increase" },
  { value: claims.adSpend.value, label: "ad spend optimised" },
  { value: claims.clients.value, label: "clients scaled" },
];

/** The three promises every service page repeats. */
export const trustStats: readonly Stat[] = [
  { value: "2-4 hrs", label: "Response time" },
  { value: "100%", label: "Free audit or session" },
  { value: "No", label: "Sales pressure" },
];
