import { site } from "#app/config/site.ts";
import type { Offer, Service } from "schema-dts";
import { absoluteUrl, capOffers } from "#app/lib/seo.ts";
import { priceBounds, type ServiceOffer } from "#app/content/pricing.ts";
import { type ServiceSlug, servicePath, serviceSummary } from "#app/content/services.ts";

/** A monthly rand offer as schema.org describes it. */
function monthlyOffer(siteUrl: string, name: string, price: string, path: string): Offer {
  const { min, max } = priceBounds(price);
  return {
    "@type": "Offer",
    name,
    priceCurrency: site.currency,
    priceSpecification: {
      "@type": "UnitPriceSpecification",
      priceCurrency: site.currency,
      minPrice: min,
      ...(max === undefined ? {} : { maxPrice: max }),
      unitText: "MONTH",
    },
    url: absoluteUrl(siteUrl, path),
  };
}

/** A service page's Service with its price tiers in rand (SEO, which has no tiers, offers its add-on price). */
export function serviceJsonLd(siteUrl: string, slug: ServiceSlug, description: string, serviceOffers: readonly ServiceOffer[]): Service {
  const name = serviceSummary(slug).name;
  const offers = serviceOffers.map((offer) => monthlyOffer(siteUrl, offer.tier ? `${name} ${offer.tier}` : name, offer.price, offer.path));
  return {
    "@type": "Service",
    name,
    serviceType: name,
    description,
    url: absoluteUrl(siteUrl, servicePath(slug)),
    provider: { "@id": `${siteUrl}/#agency` },
    areaServed: { "@type": "Country", name: site.address.country },
    offers: capOffers(offers),
  };
}
