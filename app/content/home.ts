import type { FiguresContent } from "#app/content/stats.ts";

/** The home page's copy (SPEC.md section 2). Figures come from the figures the agency edits (./stats). */
export const homeHero = {
  eyebrow: "Johannesburg performance-marketing agency",
  title: "Paid Advertising That Pays for Itself",
  lead: "We manage Google, Meta and LinkedIn ads for South African businesses and hold every campaign to one measure: the return it brings you.",
  videoTitle: "Watch: how we find the rand your ads are wasting",
  videoCaption: "A 2-minute introduction to how we work",
} as const;

export const homeServicesIntro = {
  title: "Services Built Around Your Return on Ad Spend",
  lead: "Every service we offer is measured in rand earned, not clicks bought. Pick one channel or let us run the whole funnel.",
} as const;

export const homeTestimonialsIntro = {
  title: "Results Our Clients Talk About",
  lead: (figures: FiguresContent) =>
    `Certified by the platforms we manage and trusted by ${figures.clients.value} South African businesses.`,
} as const;

export const homeAuditBlock = {
  title: "Get Your Free Ad Audit",
  lead: "Find out exactly where your ad budget is leaking. We deliver a complete audit within 48 hours, with no credit card and no sales calls.",
  inclusionsTitle: "Your free audit includes",
} as const;
