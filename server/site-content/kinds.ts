import { prerenderedPaths } from "#app/config/public-routes.ts";
import { type CaseStudiesContent, caseStudiesChangeAfter, caseStudiesShownAt, specCaseStudies } from "#app/content/case-studies.ts";
import { type ContactContent, specContact } from "#app/content/contact-details.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { type PartnersContent, specPartners } from "#app/content/partners.ts";
import { type FiguresContent, specFigures } from "#app/content/stats.ts";
import { specTeam, type TeamContent } from "#app/content/team.ts";
import { type PricingContent, pricingChangesAfter, pricingShownAt, specPricing, tierNamesOf } from "#app/content/pricing.ts";
import { servicesShowingFigures } from "#app/content/service-pages.ts";
import { servicePath, serviceSlugs } from "#app/content/services.ts";
import { type ServiceWordsContent, specServiceWords } from "#app/content/service-words.ts";
import { specTestimonials, testimonialsChangeAfter, testimonialsShownAt, type TestimonialsContent } from "#app/content/testimonials.ts";
import { offerTiers } from "#app/forms/options.ts";
import {
  parseCaseStudies,
  parseContact,
  parseFigures,
  parsePartners,
  parsePricing,
  parseServiceWords,
  parseTeam,
  parseTestimonials,
} from "#server/site-content/schema.ts";

/**
 * The kinds of site content the agency edits (decision 0052), each one document: what a new site starts
 * with (SPEC.md's), how its stored text is read back, and the pages that show it, whose sitemap dates
 * follow its changes and which, where prerendered, are prepared again after each change.
 */
export interface SiteContent {
  pricing: PricingContent;
  testimonials: TestimonialsContent;
  partners: PartnersContent;
  caseStudies: CaseStudiesContent;
  figures: FiguresContent;
  team: TeamContent;
  contact: ContactContent;
  serviceWords: ServiceWordsContent;
}
export type ContentKind = keyof SiteContent;

interface KindRules<K extends ContentKind> {
  spec: SiteContent[K];
  parse: (document: string) => SiteContent[K] | null;
  shownOn: readonly string[];
  /** What else follows the content once read (the order form's tiers). */
  follow?: (content: SiteContent[K]) => void;
  /** What the pages show of the content at `now` (the add-ons whose time has come), and when that next changes. */
  shownAt?: (content: SiteContent[K], now: number) => SiteContent[K];
  changesAfter?: (content: SiteContent[K], now: number) => number | undefined;
}

export const contentKinds: { [K in ContentKind]: KindRules<K> } = {
  pricing: {
    spec: specPricing,
    parse: parsePricing,
    shownOn: [pageMeta.pricing.path, ...serviceSlugs.map(servicePath)],
    follow: (pricing) => offerTiers(tierNamesOf(pricing)),
    shownAt: pricingShownAt,
    changesAfter: pricingChangesAfter,
  },
  testimonials: {
    spec: specTestimonials,
    parse: parseTestimonials,
    shownOn: [pageMeta.home.path, pageMeta.freeAudit.path],
    shownAt: testimonialsShownAt,
    changesAfter: testimonialsChangeAfter,
  },
  partners: { spec: specPartners, parse: parsePartners, shownOn: [pageMeta.home.path] },
  caseStudies: {
    spec: specCaseStudies,
    parse: parseCaseStudies,
    shownOn: [pageMeta.caseStudies.path, ...serviceSlugs.map(servicePath)],
    shownAt: caseStudiesShownAt,
    changesAfter: caseStudiesChangeAfter,
  },
  // The home and about pages' descriptions (their social cards' text) repeat figures too.
  figures: {
    spec: specFigures,
    parse: parseFigures,
    shownOn: [
      pageMeta.home.path,
      pageMeta.about.path,
      pageMeta.services.path,
      pageMeta.freeAudit.path,
      ...servicesShowingFigures.map(servicePath),
    ],
  },
  // Articles name their author by id, resolved from app/content/team.ts when they are read (decision 0052).
  team: { spec: specTeam, parse: parseTeam, shownOn: [pageMeta.about.path] },
  // The footer is on every page: every prerendered one is prepared again. The article pages follow it as
  // they follow the team (server/articles/prepared-pages.ts); /blog is rendered per request, as are
  // /contact and the legal pages, listed for the sitemap, which dates the pages listed here by it.
  contact: {
    spec: specContact,
    parse: parseContact,
    shownOn: [...prerenderedPaths(), pageMeta.contact.path, pageMeta.privacy.path, pageMeta.terms.path],
  },
  // Each service page's words, and the services' cards on /services and the home page.
  serviceWords: {
    spec: specServiceWords,
    parse: parseServiceWords,
    shownOn: [pageMeta.home.path, pageMeta.services.path, ...serviceSlugs.map(servicePath)],
  },
};

export const contentKindNames = Object.keys(contentKinds) as ContentKind[];

/** The pages showing `kind` that are served as prepared files; the others are rendered per request. */
export const preparedPagesOf = (kind: ContentKind) => {
  const prerendered = new Set(prerenderedPaths());
  return contentKinds[kind].shownOn.filter((path) => prerendered.has(path));
};
