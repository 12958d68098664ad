import { z } from "#app/lib/zod.ts";
import type { CaseStudiesContent } from "#app/content/case-studies.ts";
import type { ContactContent } from "#app/content/contact-details.ts";
import { southAfricanPhone } from "#app/content/contact-form.ts";
import { mediaImageOf } from "#app/lib/media-images.ts";
import type { PartnersContent } from "#app/content/partners.ts";
import type { PricingContent } from "#app/content/pricing.ts";
import { type FiguresContent, specFigures } from "#app/content/stats.ts";
import type { TeamContent } from "#app/content/team.ts";
import type { TestimonialsContent } from "#app/content/testimonials.ts";
import { cardSlugs, type ServiceWordsContent } from "#app/content/service-words.ts";
import { serviceOptions } from "#app/forms/options.ts";
import { serviceSlugs } from "#app/content/services.ts";

/**
 * The stored documents' shapes, checked when it is read back
 * (server/site-content/live.ts): a document that fails keeps the pages on the
 * last good one rather than break them. What an edit may say is checked on
 * the way in (app/content/pricing-form.ts), with a message per field.
 */
const text = z.string().check(z.minLength(1));
const tier = z.object({
  name: text,
  price: text,
  adSpend: z.optional(text),
  features: z.array(text).check(z.minLength(1)),
  idealFor: z.string(),
  results: z.string(),
  popular: z.boolean(),
});
const group = z.object({
  key: z.enum(serviceOptions.map((option) => option.value) as [PricingContent["groups"][number]["key"]]),
  title: text,
  summary: z.string(),
  serviceSlug: z.enum(serviceSlugs),
  tiers: z.array(tier).check(z.minLength(1)),
});
const addOn = z.object({
  service: text,
  description: z.string(),
  price: text,
  serviceSlug: z.enum(serviceSlugs),
  showsFrom: z.optional(z.iso.datetime()),
});

export const pricingDocument = z.object({ groups: z.array(group), addOns: z.array(addOn) });

const testimonial = z.object({
  name: text,
  title: text,
  company: text,
  initials: text,
  rating: z.literal(5),
  quote: text,
  results: text,
  showsFrom: z.optional(z.iso.datetime()),
});
const testimonialList = z.array(testimonial).check(z.minLength(1));
const badge = z.object({ name: text, text, colour: z.string().check(z.regex(/^#[0-9a-f]{6}$/)) });
export const partnersDocument = z.object({ badges: z.array(badge).check(z.minLength(1)) });
export const testimonialsDocument = z.object({ home: testimonialList, freeAudit: testimonialList });
const size = z.number().check(z.int(), z.positive());
const caseStudyImage = z.object({
  path: z.string().check(z.refine((path) => mediaImageOf(path) !== null)),
  width: size,
  height: size,
  alt: text,
});
const caseStudy = z.object({
  service: z.enum(serviceSlugs),
  client: text,
  industry: text,
  headline: text,
  problem: text,
  solution: text,
  result: z.object({ value: text, label: text }),
  image: z.optional(caseStudyImage),
  showsFrom: z.optional(z.iso.datetime()),
});
// Every service page shows one.
export const caseStudiesDocument = z.object({
  studies: z.array(caseStudy).check(z.refine((studies) => serviceSlugs.every((slug) => studies.some((study) => study.service === slug)))),
});

const stat = z.object({ value: text, label: text });
// Every figure a page picks by name.
const figuresDocument = z.object(
  Object.fromEntries(Object.keys(specFigures).map((key) => [key, stat])) as Record<keyof FiguresContent, typeof stat>,
);

const colour = z.string().check(z.regex(/^#[0-9a-f]{6}$/));
const member = z.object({
  id: text,
  name: text,
  role: text,
  bio: text,
  expertise: z.array(text).check(z.minLength(1)),
  initials: text,
  avatar: z.object({ background: colour, accent: colour }),
});
const teamDocument = z.object({ members: z.array(member).check(z.minLength(1)) });

// The phone as the form stores it: its tel: link is made from it.
const contactDocument = z.object({
  email: text,
  phone: text.check(z.refine((phone) => southAfricanPhone(phone) === phone)),
  phoneHours: text,
  locality: text,
  region: text,
});

// The layout is SPEC.md's: four metrics, eight included items, four results, four steps, a card for each of seven.
const four = <T extends z.ZodMiniType>(item: T) => z.tuple([item, item, item, item]);
const figureKey = z.enum(Object.keys(specFigures) as [keyof FiguresContent]);
const servicePage = z.object({
  eyebrow: text,
  title: text,
  lead: text,
  metrics: four(z.union([stat, z.object({ figure: figureKey, label: z.optional(text) })])),
  included: z.array(text).check(z.length(8)),
  guarantee: text,
  results: four(z.object({ metric: text, value: text, description: text })),
  process: four(z.object({ number: text, title: text, description: text })),
});
const serviceCard = z.object({
  title: text,
  description: text,
  features: z.array(text).check(z.minLength(1)),
  results: text,
  pricingFrom: text,
});
const serviceWordsDocument = z.object({
  pages: z.object(
    Object.fromEntries(serviceSlugs.map((slug) => [slug, servicePage])) as Record<(typeof serviceSlugs)[number], typeof servicePage>,
  ),
  cards: z.object(
    Object.fromEntries(cardSlugs.map((slug) => [slug, serviceCard])) as Record<(typeof serviceSlugs)[number], typeof serviceCard>,
  ),
});

/** The stored text as the document `shape` gives, or null when it is not one. */
function parseAs<T>(shape: z.ZodMiniType<T>, document: string): T | null {
  try {
    const parsed = shape.safeParse(JSON.parse(document));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const parsePricing = (document: string): PricingContent | null => parseAs(pricingDocument, document);
export const parseCaseStudies = (document: string): CaseStudiesContent | null => parseAs(caseStudiesDocument, document);
export const parseFigures = (document: string): FiguresContent | null => parseAs(figuresDocument, document);
export const parseContact = (document: string): ContactContent | null => parseAs(contactDocument, document);
export const parseTeam = (document: string): TeamContent | null => parseAs(teamDocument, document);
export const parsePartners = (document: string): PartnersContent | null => parseAs(partnersDocument, document);
export const parseServiceWords = (document: string): ServiceWordsContent | null =>
  parseAs(serviceWordsDocument, document) as ServiceWordsContent | null;
export const parseTestimonials = (document: string): TestimonialsContent | null => parseAs(testimonialsDocument, document);
