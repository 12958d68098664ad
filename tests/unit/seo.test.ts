import { describe, expect, it } from "vitest";
import { MAX_STRUCTURED_OFFERS, capOffers, seo } from "#app/lib/seo.ts";

const args = { matches: [{ id: "root", loaderData: { siteUrl: "https://example.co.za" } }] };

describe("seo", () => {
  it("never lists more than 10 offers", () => {
    const offers = Array.from({ length: 25 }, (_, i) => ({ name: `Offer ${i}` }));
    expect(capOffers(offers)).toHaveLength(MAX_STRUCTURED_OFFERS);
    expect(MAX_STRUCTURED_OFFERS).toBe(10);
    expect(capOffers(offers.slice(0, 3))).toHaveLength(3);
  });

  it("builds the canonical URL from the site URL and the page path", () => {
    const tags = seo(args, { title: "Pricing", description: "d".repeat(60), path: "/pricing" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.co.za/pricing" });
    const home = seo(args, { title: "Home", description: "d".repeat(60), path: "/" });
    expect(home).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.co.za/" });
  });

  it("describes the agency as a ProfessionalService in Johannesburg priced in ZAR on every page but an article's", () => {
    const tags = seo(args, { title: "About", description: "d".repeat(60), path: "/about" });
    const tag = tags.find((t) => "script:ld+json" in t) as { "script:ld+json": Record<string, any> };
    const agency = tag["script:ld+json"];
    expect(agency["@type"]).toBe("ProfessionalService");
    expect(agency.address.addressLocality).toBe("Johannesburg");
    expect(agency.address.addressCountry).toBe("ZA");
    expect(agency.currenciesAccepted).toBe("ZAR");
    // An article's BlogPosting names the agency as its publisher, under the same @id (decision 0043).
    const article = seo(args, { title: "An article", description: "d".repeat(60), path: "/blog/an-article", type: "article" });
    expect(article.filter((t) => "script:ld+json" in t)).toEqual([]);
  });
});
