import { describe, expect, it } from "vitest";
import { aiPackages } from "#app/content/ai-packages.ts";
import { auditInclusions, fullAuditInclusions } from "#app/content/audit.ts";
import { caseStudies } from "#app/content/case-studies.ts";
import { contactFaq } from "#app/content/faq.ts";
import { serviceJsonLd } from "#app/content/json-ld.ts";
import { contrastWithWhite, partnerBadges } from "#app/content/partners.ts";
import { addOns, getStartedHref, guarantee, priceBounds, pricingGroups, servicePricing, specPricing } from "#app/content/pricing.ts";
import { servicePages } from "#app/content/service-pages.ts";
import { serviceCards, serviceSlugs } from "#app/content/services.ts";
import { heroStats, specFigures, trustStats } from "#app/content/stats.ts";
import { team } from "#app/content/team.ts";
import { testimonials } from "#app/content/testimonials.ts";
import { serviceOptions, tiersByService } from "#app/forms/options.ts";
import { MAX_STRUCTURED_OFFERS } from "#app/lib/seo.ts";

/** SPEC.md section 9's price table: group, tier, price, ad spend (the three ad services only), popular. */
const specPriceTable = {
  googleAds: [
    ["Starter", "R1,500-3,200", "R3,500-6,400", false],
    ["Growth", "R3,250-6,000", "R6,500-12,400", true],
    ["Premium", "R12,000-30,000+", "R23,000-60,000+", false],
  ],
  metaAds: [
    ["Starter", "R1,200-2,800", "R3,500-6,400", false],
    ["Growth", "R3,000-5,500", "R6,500-12,400", true],
    ["Premium", "R10,000-25,000+", "R23,000-60,000+", false],
  ],
  linkedinAds: [
    ["Starter", "R2,500-4,000", "R3,500-6,400", false],
    ["Growth", "R4,500-8,000", "R6,500-12,400", true],
    ["Premium", "R15,000-35,000+", "R23,000-60,000+", false],
  ],
  funnelCRO: [
    ["Starter", "R1,500-2,500", undefined, false],
    ["Growth", "R3,000-5,000", undefined, true],
    ["Premium", "R8,000-15,000+", undefined, false],
  ],
  analytics: [
    ["Starter", "R1,000-2,000", undefined, false],
    ["Growth", "R2,500-4,500", undefined, true],
    ["Premium", "R6,000-12,000+", undefined, false],
  ],
  strategy: [
    ["One-Time Audit", "R5,000-8,000", undefined, false],
    ["Monthly Retainer", "R5,000-10,000", undefined, true],
    ["Premium Partnership", "R15,000-30,000+", undefined, false],
  ],
  promptEngineering: [
    ["Starter", "R2,000-R3,500", undefined, false],
    ["Growth", "R4,500-R8,000", undefined, true],
    ["Enterprise", "R12,000-R25,000+", undefined, false],
  ],
} as const;

/** SPEC.md section 1's guarantee per service; prompt engineering's is our own. */
const specGuarantees = {
  "google-ads": "Measurable ROAS improvement within 60 days.",
  "meta-ads": "Profitable scaling within 90 days.",
  "linkedin-ads": "Qualified meetings within 60 days.",
  "seo-content": "First-page rankings within 6 months.",
  "funnel-cro": "Measurable conversion improvement within 60 days.",
  analytics: "95%+ data accuracy within 30 days.",
  strategy: "Measurable growth within 90 days.",
} as const;

describe("pricing", () => {
  it("holds every tier of SPEC.md section 9's price table, in the order wizard's service order", () => {
    expect(pricingGroups.map((g) => g.key)).toEqual(serviceOptions.map((o) => o.value));
    const actual = Object.fromEntries(pricingGroups.map((g) => [g.key, g.tiers.map((t) => [t.name, t.price, t.adSpend, t.popular])]));
    expect(actual).toEqual(specPriceTable);
  });

  it("offers the tiers the order wizard lets a visitor choose", () => {
    for (const group of pricingGroups) expect(group.tiers.map((t) => t.name)).toEqual(tiersByService[group.key]);
  });

  it("gives every tier features, an ideal-for text and results, and a Get Started link to its group", () => {
    for (const group of pricingGroups) {
      expect(getStartedHref(group.key)).toBe(`/get-started?service=${group.key}`);
      for (const tier of group.tiers) {
        expect(tier.features.length).toBeGreaterThanOrEqual(3);
        expect(tier.idealFor).not.toBe("");
        expect(tier.results).not.toBe("");
      }
    }
  });

  it("lists the add-ons and the guarantee of SPEC.md section 9", () => {
    expect(addOns.map((a) => [a.service, a.price])).toEqual([
      ["B2B social ads", "R4,000/month"],
      ["SEO", "from R3,500"],
      ["Advanced CRO", "R3,000"],
      ["Custom analytics", "R6,000"],
      ["Strategy", "R5,000"],
    ]);
    expect(guarantee.points.map((p) => `${p.value} ${p.label}`)).toEqual([
      "90-day performance window",
      "2x ROAS minimum",
      "100% transparency",
    ]);
    expect(guarantee.audit).toContain("at least R90,000 in wasted spend or opportunities");
    expect(guarantee.audit).toContain("the work is free");
  });

  it("describes the AI packages with the inclusions SPEC.md names", () => {
    const [starter, growth, enterprise] = aiPackages;
    expect(starter!.features).toEqual(expect.arrayContaining(["3 automated workflows", "2 hours of team training"]));
    expect(starter!.features.join(" ")).toMatch(/agent setup/);
    expect(growth!.features).toEqual(
      expect.arrayContaining(["10+ automated workflows", "5 hours of team training", "Bi-weekly optimisation sessions"]),
    );
    expect(enterprise!.features).toEqual(expect.arrayContaining(["Unlimited workflows", "Dedicated AI strategist", "24/7 support"]));
    expect(aiPackages.filter((p) => p.popular).map((p) => p.name)).toEqual(["Growth"]);
  });

  it("reads rand bounds from price texts for structured data", () => {
    expect(priceBounds("R1,500-3,200")).toEqual({ min: 1500, max: 3200 });
    expect(priceBounds("R12,000-R25,000+")).toEqual({ min: 12000 });
    expect(priceBounds("from R3,500")).toEqual({ min: 3500 });
  });
});

describe("services", () => {
  it("has the seven service cards of the Services page with SPEC.md's titles and starting prices", () => {
    expect(serviceCards.map((c) => [c.slug, c.title, c.pricingFrom])).toEqual([
      ["google-ads", "Google Ads Mastery", "Starting at $2,500/month"],
      ["meta-ads", "Meta Ads Scaling", "Starting at $2,000/month"],
      ["linkedin-ads", "LinkedIn Lead Generation", "Starting at $3,000/month"],
      ["funnel-cro", "Funnel & CRO Optimization", "Starting at $1,500/month"],
      ["analytics", "Analytics & Reporting", "Starting at $1,000/month"],
      ["strategy", "Strategy & Consulting", "Starting at $5,000/month"],
      ["prompt-engineering", "AI Prompt Engineering", "Starting at R2,000/month"],
    ]);
  });

  it.each(serviceSlugs)("gives %s its page content: 4 metrics, 8 inclusions, 4 results, steps 01-04 and a guarantee", (slug) => {
    const page = servicePages[slug];
    expect(page.metrics).toHaveLength(4);
    expect(page.included).toHaveLength(8);
    expect(new Set(page.included).size).toBe(8);
    expect(page.results).toHaveLength(4);
    expect(page.process.map((s) => s.number)).toEqual(["01", "02", "03", "04"]);
    if (slug in specGuarantees) expect(page.guarantee).toBe(specGuarantees[slug as keyof typeof specGuarantees]);
    else expect(page.guarantee.length).toBeGreaterThan(20);
  });

  it("has exactly one success story per service", () => {
    expect(caseStudies.map((s) => s.service).sort()).toEqual([...serviceSlugs].sort());
  });

  it("describes each service to search engines with at most 10 rand offers", () => {
    for (const slug of serviceSlugs) {
      const data = serviceJsonLd("https://example.test", slug, "d", servicePricing(specPricing, slug, false).offers) as unknown as {
        offers: unknown;
      };
      const offers = data.offers as Array<{ priceCurrency: string; priceSpecification: { minPrice: number } }>;
      expect(offers.length).toBeGreaterThan(0);
      expect(offers.length).toBeLessThanOrEqual(MAX_STRUCTURED_OFFERS);
      for (const offer of offers) {
        expect(offer.priceCurrency).toBe("ZAR");
        expect(offer.priceSpecification.minPrice).toBeGreaterThan(0);
      }
    }
  });
});

describe("people and proof", () => {
  it("shows three five-star testimonials with every field", () => {
    expect(testimonials).toHaveLength(3);
    for (const t of testimonials) {
      expect(t.rating).toBe(5);
      for (const field of [t.name, t.title, t.company, t.initials, t.quote, t.results]) expect(field).not.toBe("");
    }
  });

  it("shows the six partner badges, each dark enough for white text", () => {
    expect(partnerBadges.map((b) => b.name)).toEqual([
      "Google Partner",
      "Meta Certified",
      "LinkedIn Partner",
      "HubSpot Partner",
      "Shopify Expert",
      "Microsoft Partner",
    ]);
    for (const badge of partnerBadges) expect(contrastWithWhite(badge.colour), badge.name).toBeGreaterThanOrEqual(4.5);
  });

  it("has three co-founders with unique ids for the blog's authors", () => {
    expect(team).toHaveLength(3);
    expect(new Set(team.map((m) => m.id)).size).toBe(3);
    for (const member of team) {
      expect(member.id).toMatch(/^[a-z]+(-[a-z]+)+$/);
      expect(member.expertise.length).toBeGreaterThan(0);
    }
  });

  it("lists SPEC.md's six audit inclusions, and two more on the free-audit page", () => {
    expect(auditInclusions).toEqual([
      "Complete ad account analysis across all platforms.",
      "Audience targeting and bidding optimisation review.",
      "Landing page conversion audit.",
      "Competitor analysis and market positioning.",
      "Custom ROI improvement roadmap.",
      "Priority action items for immediate wins.",
    ]);
    expect(fullAuditInclusions).toHaveLength(8);
    expect(fullAuditInclusions.slice(0, 6)).toEqual([...auditInclusions]);
  });

  it("states the hero figures and the three service-page promises", () => {
    expect(heroStats(specFigures).map((s) => `${s.value} ${s.label}`)).toEqual([
      "287% average ROI increase",
      "R250K ad spend optimised",
      "50+ clients scaled",
    ]);
    expect(trustStats.map((s) => s.value)).toEqual(["2-4 hrs", "100%", "No"]);
  });

  it("answers four contact questions, with SPEC.md's figures", () => {
    expect(contactFaq).toHaveLength(4);
    const answers = contactFaq.map((f) => f.answer).join(" ");
    expect(answers).toContain("R90,000+ per month");
    expect(answers).toContain("30-60 days");
    expect(answers).toContain("significant ROI by 90 days");
    expect(answers).toContain("month-to-month or 6-month");
  });
});
