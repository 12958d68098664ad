import { auditTurnaround, type FiguresContent, type Stat } from "#app/content/stats.ts";

/** The six audit inclusions of SPEC.md section 3, shown on the home page. */
export const auditInclusions = [
  "Complete ad account analysis across all platforms.",
  "Audience targeting and bidding optimisation review.",
  "Landing page conversion audit.",
  "Competitor analysis and market positioning.",
  "Custom ROI improvement roadmap.",
  "Priority action items for immediate wins.",
] as const;

/** The free-audit page lists eight: SPEC.md's six and two more. */
export const fullAuditInclusions = [
  ...auditInclusions,
  "Conversion tracking and attribution health check.",
  "Budget allocation review across campaigns and channels.",
] as const;

/** The promises made wherever the free audit is offered. */
export const auditPromises = ["Delivered within 48 hours", "No credit card required", "No sales calls"] as const;

/** The free-audit page's four headline figures. */
export const auditStats = (figures: FiguresContent): Stat[] => [
  figures.savingsFound,
  figures.auditsCompleted,
  figures.auditValue,
  auditTurnaround,
];

/** The audit guarantee card (SPEC.md section 9). */
export const auditGuarantee = (figures: FiguresContent) => ({
  title: "The R90,000 Guarantee",
  text: `If our audit does not find at least R90,000 in wasted spend or opportunities, the work is free and you owe us nothing. Comparable audits are valued at ${figures.auditValue.value}.`,
});
