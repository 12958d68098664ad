/** A client's words about working with us (SPEC.md section 3). */
import { nextShowing, type ShowsFrom, shownAt } from "#app/content/shows-from.ts";

export interface Testimonial extends ShowsFrom {
  name: string;
  title: string;
  company: string;
  initials: string;
  rating: 5;
  quote: string;
  results: string;
}

/**
 * The testimonials as the agency edits them (/admin/testimonials, decision 0052): the home page's list,
 * of which it shows the first three, and the free-audit page's, of which it shows the first two; the
 * first of those is also the quote in the home page's free-audit block.
 */
export interface TestimonialsContent {
  home: readonly Testimonial[];
  freeAudit: readonly Testimonial[];
}

export const HOME_SHOWS = 3;
export const FREE_AUDIT_SHOWS = 2;

/** What the pages show at `now`: the testimonials whose time has come (decision 0052). */
export function testimonialsShownAt(content: TestimonialsContent, now: number): TestimonialsContent {
  const home = shownAt(content.home, now);
  const freeAudit = shownAt(content.freeAudit, now);
  return home === content.home && freeAudit === content.freeAudit ? content : { home, freeAudit };
}

export const testimonialsChangeAfter = (content: TestimonialsContent, now: number): number | undefined =>
  nextShowing([...content.home, ...content.freeAudit], now);

export const shownOnHome = (content: TestimonialsContent) => content.home.slice(0, HOME_SHOWS);
export const shownOnFreeAudit = (content: TestimonialsContent) => content.freeAudit.slice(0, FREE_AUDIT_SHOWS);
export const homeAuditQuote = (content: TestimonialsContent) => content.freeAudit[0];

/** The three shown on the home page. */
export const testimonials: readonly Testimonial[] = [
  {
    name: "Thandi Mokoena",
    title: "Founder",
    company: "Mokoena Skincare",
    initials: "TM",
    rating: 5,
    quote:
      "Within three months our Meta and Google campaigns went from breaking even to our biggest sales channel. They explain every rand they spend and the reporting is crystal clear.",
    results: "+320% online revenue in 90 days",
  },
  {
    name: "Pieter van der Merwe",
    title: "Sales Director",
    company: "Veldt Logistics",
    initials: "PM",
    rating: 5,
    quote:
      "LinkedIn never worked for us until they rebuilt our targeting around the accounts we actually sell to. Our sales team now has a full calendar of qualified meetings.",
    results: "+165% qualified B2B leads",
  },
  {
    name: "Ayesha Patel",
    title: "Marketing Manager",
    company: "Cape Coast Property Group",
    initials: "AP",
    rating: 5,
    quote:
      "The free audit alone found waste we had been paying for for two years. Our cost per lead halved and we finally trust the numbers in our dashboard.",
    results: "52% lower cost per lead",
  },
];

/** The quote in the home page's free-audit block. */
export const auditQuote: Testimonial = {
  name: "Sipho Ndlovu",
  title: "Managing Director",
  company: "Ndlovu Auto Parts",
  initials: "SN",
  rating: 5,
  quote:
    "Their free audit showed us exactly where our Google Ads budget was leaking. We fixed the top three items the same week and saw the difference in our first monthly report.",
  results: "R120,000 in wasted spend found",
};

/** The two on the free-audit page. */
export const auditTestimonials: readonly Testimonial[] = [
  auditQuote,
  {
    name: "Lerato Khumalo",
    title: "Head of Growth",
    company: "Khumalo Fitness Studios",
    initials: "LK",
    rating: 5,
    quote:
      "I expected a sales pitch and got a 20-page roadmap instead. No pressure, just clear priorities we could act on ourselves, which is exactly why we then hired them.",
    results: "+240% ROAS after the roadmap",
  },
];

/** What a new site starts with: SPEC.md's. */
export const specTestimonials: TestimonialsContent = { home: testimonials, freeAudit: auditTestimonials };
