import { type ServicePageContent, servicePages } from "#app/content/service-pages.ts";
import { type ServiceCard, serviceCards, type ServiceSlug, serviceSlugs } from "#app/content/services.ts";

/**
 * The service pages' words and the services' cards, one kind of site content the agency edits at
 * /admin/service-pages (decision 0052). SPEC.md's are what a new site starts with; the layout stays
 * SPEC.md's: four hero metrics, eight included items, four result cards, four steps.
 */

/** A card on /services and the home page, without the service it is of. */
export type ServiceCardWords = Omit<ServiceCard, "slug">;

export interface ServiceWordsContent {
  pages: Record<ServiceSlug, ServicePageContent>;
  /** The seven services with a card, SPEC.md's (SEO has its page, not a card). */
  cards: Partial<Record<ServiceSlug, ServiceCardWords>>;
}

/** The services with a card, in the cards' order. */
export const cardSlugs: readonly ServiceSlug[] = serviceCards.map((card) => card.slug);

export const specServiceWords: ServiceWordsContent = {
  pages: servicePages,
  cards: Object.fromEntries(serviceCards.map(({ slug, ...card }) => [slug, card])),
};

/** The cards as the pages show them, in SPEC.md's order. */
export const serviceCardsOf = (words: ServiceWordsContent): ServiceCard[] =>
  serviceSlugs.flatMap((slug) => {
    const card = words.cards[slug];
    return card ? [{ slug, ...card }] : [];
  });
