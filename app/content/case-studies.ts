import type { ServiceSlug } from "#app/content/services.ts";
import { nextShowing, type ShowsFrom, shownAt } from "#app/content/shows-from.ts";

/** A client success story: one per service, shown on its service page and on /case-studies. */
export interface CaseStudy extends ShowsFrom {
  service: ServiceSlug;
  client: string;
  industry: string;
  headline: string;
  problem: string;
  solution: string;
  result: { value: string; label: string };
  /** An image uploaded in the editor (its /media/ path and size as uploaded), with its alt text; SPEC.md's have none. */
  image?: CaseStudyImage;
}

export interface CaseStudyImage {
  path: string;
  width: number;
  height: number;
  alt: string;
}

export const caseStudies: readonly CaseStudy[] = [
  {
    service: "google-ads",
    client: "Ndlovu Auto Parts",
    industry: "Automotive e-commerce",
    headline: "From break-even search ads to the store's most profitable channel",
    problem: "Broad-match keywords and a single catch-all campaign were spending a third of the budget on searches that never converted.",
    solution:
      "We rebuilt the account around product margins, added Shopping and Performance Max with clean feeds, and moved to value-based bidding.",
    result: { value: "+240%", label: "return on ad spend in 90 days" },
  },
  {
    service: "meta-ads",
    client: "Mokoena Skincare",
    industry: "Beauty and personal care",
    headline: "Scaling Instagram sales without losing profitability",
    problem: "Rising costs after iOS 14.5 and tired creative meant every budget increase lowered returns.",
    solution:
      "We set up the Conversions API, launched a weekly creative-testing cadence with creators, and split prospecting from retargeting.",
    result: { value: "+320%", label: "online revenue from paid social" },
  },
  {
    service: "linkedin-ads",
    client: "Veldt Logistics",
    industry: "B2B logistics",
    headline: "A sales calendar filled with the right accounts",
    problem: "Broad LinkedIn targeting produced cheap leads that sales could not use, and the channel was about to be switched off.",
    solution:
      "We built account lists with sales, ran thought-leader and document ads to them, and synced lead gen forms straight into the CRM.",
    result: { value: "+165%", label: "qualified leads, at a lower cost per lead" },
  },
  {
    service: "seo-content",
    client: "Cape Coast Property Group",
    industry: "Real estate",
    headline: "Winning the searches buyers make before they call an agent",
    problem: "The site ranked for its own name only, so every enquiry came through paid ads or property portals.",
    solution: "We fixed technical issues, built suburb guides around real search demand and earned links from local publications.",
    result: { value: "+180%", label: "organic enquiries in six months" },
  },
  {
    service: "funnel-cro",
    client: "Khumalo Fitness Studios",
    industry: "Health and fitness",
    headline: "More trial sign-ups from the same ad budget",
    problem: "Paid traffic landed on a slow homepage with a nine-field form, and most mobile visitors left before it loaded.",
    solution: "We built fast dedicated landing pages, cut the form to three fields and ran A/B tests on offer and proof.",
    result: { value: "+210%", label: "conversion rate on paid traffic" },
  },
  {
    service: "analytics",
    client: "Karoo Outdoor Gear",
    industry: "Outdoor retail",
    headline: "Numbers the whole business finally agrees on",
    problem: "GA4, Meta and Google reported three different revenue figures, so budget decisions came down to opinion.",
    solution: "We moved tracking server-side, connected the Conversions APIs and built one live dashboard joined to store sales.",
    result: { value: "97%", label: "data accuracy against actual sales" },
  },
  {
    service: "strategy",
    client: "Bright Horizons Tutoring",
    industry: "Education",
    headline: "A growth plan that moved budget to where it pays",
    problem: "The marketing budget was spread evenly over six channels with no view of which ones produced students.",
    solution: "We audited every channel, reallocated budget to the two that paid back and set up a quarterly testing plan for the rest.",
    result: { value: "200%+", label: "ROI in 90 days" },
  },
  {
    service: "prompt-engineering",
    client: "Summit Financial Advisers",
    industry: "Financial services",
    headline: "Reporting that writes itself every Monday",
    problem: "Two marketers spent most of Monday assembling client reports and drafting follow-up emails by hand.",
    solution: "We configured ROI to pull campaign data, draft the reports and follow-ups in the firm's voice and route them for approval.",
    result: { value: "90%", label: "time saved on weekly reporting" },
  },
];

/** The case studies as the agency edits them (/admin/case-studies, decision 0052), in the order /case-studies shows them. */
export interface CaseStudiesContent {
  studies: readonly CaseStudy[];
}

export const specCaseStudies: CaseStudiesContent = { studies: caseStudies };

/** What the pages show at `now`: the case studies whose time has come (decision 0052). */
export function caseStudiesShownAt(content: CaseStudiesContent, now: number): CaseStudiesContent {
  const studies = shownAt(content.studies, now);
  return studies === content.studies ? content : { studies };
}

export const caseStudiesChangeAfter = (content: CaseStudiesContent, now: number): number | undefined => nextShowing(content.studies, now);

/** A service page's story: the first of its service (the editor refuses a service left without one). */
export function caseStudyFor(slug: ServiceSlug, studies: readonly CaseStudy[] = caseStudies): CaseStudy {
  return studies.find((study) => study.service === slug)!;
}
