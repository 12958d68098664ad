import { type MetaDescriptor, useRouteLoaderData } from "react-router";
import type { BreadcrumbList, ProfessionalService, Thing, WithContext } from "schema-dts";
import { site } from "#app/config/site.ts";
import { type ContactContent, specContact } from "#app/content/contact-details.ts";
import { OG_HEIGHT, OG_WIDTH, ogImagePath } from "#app/lib/og.ts";

/** SPEC.md section 2: structured data lists at most 10 offers. */
export const MAX_STRUCTURED_OFFERS = 10;

/** A schema.org object as schema-dts types it; `seo()` adds the `@context`. */
export type JsonLd = Exclude<Thing, string>;

export interface PageSeo {
  title: string;
  description: string;
  /** The page's own path, from which its canonical URL is built. */
  path: string;
  /** Search engines may index the page unless this says otherwise. */
  robots?: string;
  type?: "website" | "article";
  /** The page's own structured data, besides the agency's. */
  jsonLd?: JsonLd[];
}

/** What the root loader hands every page: its meta function, and the footer (app/root.tsx). */
export interface RootData {
  siteUrl: string;
  /** The live contact details (decision 0052). */
  contact: ContactContent;
}

interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

const rootDataOf = (args: MetaArgsLike) => args.matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;

/**
 * The live contact details, from the root's data: the footer's and any page's, so a page carries them
 * once. Here, beside the meta functions' reader, in the chunk every page loads. SPEC.md's where the root
 * has no data (an error before its loader answered).
 */
export function useContact(): ContactContent {
  return (useRouteLoaderData("root") as RootData | undefined)?.contact ?? specContact;
}

export function siteUrlFrom(args: MetaArgsLike): string {
  return rootDataOf(args)?.siteUrl ?? "http://localhost:3000";
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return path === "/" ? `${siteUrl}/` : `${siteUrl}${path}`;
}

/** Keeps structured data within the offer limit of SPEC.md section 2. */
export function capOffers<T>(offers: readonly T[]): T[] {
  return offers.slice(0, MAX_STRUCTURED_OFFERS);
}

/** The agency itself, as every page but an article's describes it to search engines (see seo). */
export function agencyJsonLd(siteUrl: string, contact: ContactContent): WithContext<ProfessionalService> {
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": `${siteUrl}/#agency`,
    name: site.name,
    legalName: site.legalName,
    description: site.description,
    url: `${siteUrl}/`,
    email: contact.email,
    telephone: contact.phone,
    priceRange: "R1,000-R35,000+",
    currenciesAccepted: site.currency,
    areaServed: { "@type": "Country", name: site.address.country },
    address: {
      "@type": "PostalAddress",
      addressLocality: contact.locality,
      addressRegion: contact.region,
      addressCountry: site.address.countryCode,
    },
    // SPEC.md's hours as schema.org words them. The agency types its hours as free text: once they are
    // not SPEC.md's, search engines are told none rather than old ones.
    ...(contact.phoneHours === specContact.phoneHours && {
      openingHoursSpecification: {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "18:00",
      },
    }),
  };
}

/** A trail of pages from the home page down to this one. */
export function breadcrumbJsonLd(siteUrl: string, trail: readonly { name: string; path: string }[]): BreadcrumbList {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

/** A page's title as the browser tab shows it: the page's own, then the agency's name. */
export function pageTitle(title: string): string {
  return title.includes(site.name) ? title : `${title} | ${site.name}`;
}

/** Every tag a page sets: title, description, robots, canonical, social cards and JSON-LD. */
export function seo(args: MetaArgsLike, page: PageSeo): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(args);
  const url = absoluteUrl(siteUrl, page.path);
  const title = pageTitle(page.title);
  return [
    { title },
    { name: "description", content: page.description },
    { name: "robots", content: page.robots ?? "index, follow" },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:locale", content: site.locale.replace("-", "_") },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${siteUrl}${ogImagePath(page.path, page.title)}` },
    { property: "og:image:width", content: String(OG_WIDTH) },
    { property: "og:image:height", content: String(OG_HEIGHT) },
    { property: "og:image:alt", content: page.title },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: `${siteUrl}${ogImagePath(page.path, page.title)}` },
    { name: "twitter:image:alt", content: page.title },
    // An article names the agency as its publisher, under the same @id (blog/structured-data.ts); the
    // agency's own node is on every other page. Google asks for it on one page; an article's document
    // must fit the first round trip (decision 0043).
    ...(page.type === "article" ? [] : [{ "script:ld+json": agencyJsonLd(siteUrl, rootDataOf(args)?.contact ?? specContact) }]),
    ...(page.jsonLd ?? []).map((data) => ({ "script:ld+json": { "@context": "https://schema.org", ...data } })),
  ];
}
