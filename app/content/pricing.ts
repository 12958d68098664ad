import { labelOf, type ServiceKey, serviceOptions } from "#app/forms/options.ts";
import { aiPackages } from "#app/content/ai-packages.ts";
import type { ServiceSlug } from "#app/content/services.ts";
import { nextShowing, type ShowsFrom, shownAt } from "#app/content/shows-from.ts";

/** The pricing groups are keyed like the order wizard's services (`/get-started?service=`). */
export type PricingGroupKey = ServiceKey;

/** One tier of SPEC.md section 9's price table, in rand per month. */
export interface PricingTier {
  name: string;
  price: string;
  /** Recommended monthly ad spend: the three ad services only. */
  adSpend?: string;
  features: readonly string[];
  idealFor: string;
  results: string;
  popular: boolean;
}

export interface PricingGroup {
  key: PricingGroupKey;
  /** The service's label in the order wizard. */
  title: string;
  summary: string;
  serviceSlug: ServiceSlug;
  tiers: readonly PricingTier[];
}

/** The ad spend each tier of an ad service is built for (the contact form's budget bands). */
const adSpend = { starter: "R3,500-6,400", growth: "R6,500-12,400", premium: "R23,000-60,000+" } as const;

export const pricingGroups: readonly PricingGroup[] = [
  {
    key: "googleAds",
    title: labelOf(serviceOptions, "googleAds"),
    summary: "Search, Performance Max, Shopping and YouTube campaigns managed for return on ad spend.",
    serviceSlug: "google-ads",
    tiers: [
      {
        name: "Starter",
        price: "R1,500-3,200",
        adSpend: adSpend.starter,
        features: [
          "Search campaign setup and management",
          "Keyword research and negative lists",
          "Conversion tracking setup",
          "Monthly performance report",
        ],
        idealFor: "Local businesses starting with paid search",
        results: "Lower cost per lead within 60 days",
        popular: false,
      },
      {
        name: "Growth",
        price: "R3,250-6,000",
        adSpend: adSpend.growth,
        features: [
          "Search, Performance Max and Shopping",
          "Weekly bid and budget optimisation",
          "Ad copy A/B testing",
          "Bi-weekly reporting call",
        ],
        idealFor: "Established businesses ready to scale what works",
        results: "+240% ROAS on average",
        popular: true,
      },
      {
        name: "Premium",
        price: "R12,000-30,000+",
        adSpend: adSpend.premium,
        features: [
          "Full-funnel Google strategy incl. YouTube",
          "Dedicated account manager",
          "Landing page recommendations",
          "Live dashboard and weekly calls",
        ],
        idealFor: "High-spend advertisers and e-commerce brands",
        results: "200%+ ROI in 90 days",
        popular: false,
      },
    ],
  },
  {
    key: "metaAds",
    title: labelOf(serviceOptions, "metaAds"),
    summary: "Creative-led Facebook and Instagram campaigns with tracking that survives iOS privacy changes.",
    serviceSlug: "meta-ads",
    tiers: [
      {
        name: "Starter",
        price: "R1,200-2,800",
        adSpend: adSpend.starter,
        features: [
          "Campaign and audience setup",
          "Pixel and Conversions API setup",
          "4 ad creatives per month",
          "Monthly performance report",
        ],
        idealFor: "Brands testing social advertising",
        results: "Profitable first campaigns within 60 days",
        popular: false,
      },
      {
        name: "Growth",
        price: "R3,000-5,500",
        adSpend: adSpend.growth,
        features: [
          "Full-funnel prospecting and retargeting",
          "Creative testing framework",
          "Lookalike and interest audiences",
          "Bi-weekly reporting call",
        ],
        idealFor: "E-commerce and lead-generation brands scaling up",
        results: "+320% revenue from paid social",
        popular: true,
      },
      {
        name: "Premium",
        price: "R10,000-25,000+",
        adSpend: adSpend.premium,
        features: [
          "Dedicated creative strategist",
          "Advantage+ and catalogue campaigns",
          "Incrementality testing",
          "Live dashboard and weekly calls",
        ],
        idealFor: "Brands spending heavily on social",
        results: "Profitable scaling within 90 days",
        popular: false,
      },
    ],
  },
  {
    key: "linkedinAds",
    title: labelOf(serviceOptions, "linkedinAds"),
    summary: "B2B lead generation aimed at the job titles, companies and industries that buy from you.",
    serviceSlug: "linkedin-ads",
    tiers: [
      {
        name: "Starter",
        price: "R2,500-4,000",
        adSpend: adSpend.starter,
        features: [
          "Audience targeting by title and industry",
          "Lead gen form campaigns",
          "Insight Tag setup",
          "Monthly performance report",
        ],
        idealFor: "B2B companies testing LinkedIn",
        results: "First qualified leads within 30 days",
        popular: false,
      },
      {
        name: "Growth",
        price: "R4,500-8,000",
        adSpend: adSpend.growth,
        features: ["Account-based marketing lists", "Thought-leader and document ads", "CRM lead sync", "Bi-weekly reporting call"],
        idealFor: "B2B teams with a defined sales pipeline",
        results: "+165% qualified leads",
        popular: true,
      },
      {
        name: "Premium",
        price: "R15,000-35,000+",
        adSpend: adSpend.premium,
        features: ["Full ABM programme", "Conversation and video ads", "Lead nurture sequences", "Pipeline reporting with sales"],
        idealFor: "Enterprise B2B with long sales cycles",
        results: "Qualified meetings within 60 days",
        popular: false,
      },
    ],
  },
  {
    key: "funnelCRO",
    title: labelOf(serviceOptions, "funnelCRO"),
    summary: "Landing pages, checkouts and forms that turn more of the traffic you pay for into customers.",
    serviceSlug: "funnel-cro",
    tiers: [
      {
        name: "Starter",
        price: "R1,500-2,500",
        features: ["Landing page conversion audit", "Heatmap and session recording setup", "Prioritised fix list", "Monthly review"],
        idealFor: "Businesses with one key landing page",
        results: "Quick wins within 30 days",
        popular: false,
      },
      {
        name: "Growth",
        price: "R3,000-5,000",
        features: ["2 A/B tests per month", "Form and checkout optimisation", "Funnel drop-off analysis", "Bi-weekly reporting"],
        idealFor: "Sites with steady paid traffic",
        results: "+210% conversion rate",
        popular: true,
      },
      {
        name: "Premium",
        price: "R8,000-15,000+",
        features: [
          "Continuous experimentation programme",
          "Landing page design and build",
          "Personalisation by audience",
          "Dedicated CRO strategist",
        ],
        idealFor: "E-commerce and high-traffic lead funnels",
        results: "Measurable conversion improvement within 60 days",
        popular: false,
      },
    ],
  },
  {
    key: "analytics",
    title: labelOf(serviceOptions, "analytics"),
    summary: "GA4, server-side tracking and dashboards you can trust, so every rand of spend is accounted for.",
    serviceSlug: "analytics",
    tiers: [
      {
        name: "Starter",
        price: "R1,000-2,000",
        features: ["GA4 and Tag Manager audit", "Conversion tracking fixes", "Monthly report", "Consent Mode v2 setup"],
        idealFor: "Businesses unsure their numbers are right",
        results: "Reliable conversion data within 30 days",
        popular: false,
      },
      {
        name: "Growth",
        price: "R2,500-4,500",
        features: ["Server-side tracking", "Conversions APIs for ad platforms", "Live Looker Studio dashboard", "Monthly insights call"],
        idealFor: "Advertisers on two or more platforms",
        results: "95%+ data accuracy within 30 days",
        popular: true,
      },
      {
        name: "Premium",
        price: "R6,000-12,000+",
        features: ["Multi-touch attribution modelling", "Data warehouse and CRM joins", "Custom executive dashboards", "Dedicated analyst"],
        idealFor: "Companies making budget decisions across channels",
        results: "Full-funnel attribution you can act on",
        popular: false,
      },
    ],
  },
  {
    key: "strategy",
    title: labelOf(serviceOptions, "strategy"),
    summary: "Senior advice on channels, budgets and growth, from a one-off audit to an ongoing partnership.",
    serviceSlug: "strategy",
    tiers: [
      {
        name: "One-Time Audit",
        price: "R5,000-8,000",
        features: ["Full marketing and ad account audit", "Competitor benchmarking", "90-day action plan", "Walk-through workshop"],
        idealFor: "Teams that run their own ads and want a second opinion",
        results: "A clear plan in 2 weeks",
        popular: false,
      },
      {
        name: "Monthly Retainer",
        price: "R5,000-10,000",
        features: [
          "Monthly strategy sessions",
          "Budget allocation across channels",
          "Quarterly growth plan",
          "On-call advice for your team",
        ],
        idealFor: "In-house teams that need senior guidance",
        results: "Measurable growth within 90 days",
        popular: true,
      },
      {
        name: "Premium Partnership",
        price: "R15,000-30,000+",
        features: ["Fractional head of growth", "Weekly leadership sessions", "Agency and vendor management", "Board-level reporting"],
        idealFor: "Scale-ups without a senior marketing lead",
        results: "200%+ ROI in 90 days",
        popular: false,
      },
    ],
  },
  {
    key: "promptEngineering",
    title: labelOf(serviceOptions, "promptEngineering"),
    summary: "ROI, our custom AI agent, automates reporting, content and follow-up for your team.",
    serviceSlug: "prompt-engineering",
    tiers: aiPackages.map(({ name, priceRange, features, idealFor, results, popular }) => ({
      name,
      price: priceRange,
      features,
      idealFor,
      results,
      popular,
    })),
  },
];

export function pricingGroupForService(content: PricingContent, slug: ServiceSlug): PricingGroup | undefined {
  return content.groups.find((group) => group.serviceSlug === slug);
}

/** Where a tier's Get Started link leads: the order wizard with the service chosen. */
export function getStartedHref(key: PricingGroupKey): string {
  return `/get-started?service=${key}`;
}

export interface AddOn extends ShowsFrom {
  service: string;
  description: string;
  price: string;
  /** The page that describes the add-on's service. */
  serviceSlug: ServiceSlug;
}

export const addOns: readonly AddOn[] = [
  {
    service: "B2B social ads",
    description: "LinkedIn campaigns added to any plan to reach decision-makers by title and company.",
    price: "R4,000/month",
    serviceSlug: "linkedin-ads",
  },
  {
    service: "SEO",
    description: "Technical SEO, content and link earning so you win the clicks you do not pay for.",
    price: "from R3,500",
    serviceSlug: "seo-content",
  },
  {
    service: "Advanced CRO",
    description: "A/B testing programme on your highest-traffic landing pages and checkout.",
    price: "R3,000",
    serviceSlug: "funnel-cro",
  },
  {
    service: "Custom analytics",
    description: "Server-side tracking, attribution and a custom dashboard built around your KPIs.",
    price: "R6,000",
    serviceSlug: "analytics",
  },
  {
    service: "Strategy",
    description: "A senior strategy session and written growth plan for your leadership team.",
    price: "R5,000",
    serviceSlug: "strategy",
  },
];

/**
 * Everything the agency edits of its pricing in the inbox (docs/decisions/0052).
 * What is above is SPEC.md's pricing: what a new site starts with (and what the
 * build prerenders); the pages read the records (server/site-content/).
 */
export interface PricingContent {
  groups: readonly PricingGroup[];
  addOns: readonly AddOn[];
}

export const specPricing: PricingContent = { groups: pricingGroups, addOns };

/** What the pages show of `content` at `now`: the add-ons whose time has come. */
export function pricingShownAt(content: PricingContent, now: number): PricingContent {
  const shown = shownAt(content.addOns, now);
  return shown === content.addOns ? content : { ...content, addOns: shown };
}

/** The next moment after `now` at which what the pages show of `content` changes, if any. */
export const pricingChangesAfter = (content: PricingContent, now: number): number | undefined => nextShowing(content.addOns, now);

/** The tiers the order wizard offers for each service: the live pricing's, by name. */
export function tierNamesOf(content: PricingContent): Record<PricingGroupKey, readonly string[]> {
  const names = {} as Record<PricingGroupKey, readonly string[]>;
  for (const group of content.groups) names[group.key] = group.tiers.map((tier) => tier.name);
  return names;
}

/** A price a service page offers in its structured data: a tier's (named), or else an add-on's. */
export interface ServiceOffer {
  tier: string | null;
  price: string;
  path: string;
}

/**
 * What a service page takes of the pricing: the tiers it shows (the ROI Agent's
 * page only), and its offers. No more: its data rides in its document.
 */
export interface ServicePricing {
  shown: PricingGroup | null;
  offers: readonly ServiceOffer[];
}

export function servicePricing(content: PricingContent, slug: ServiceSlug, showsTiers: boolean): ServicePricing {
  const group = pricingGroupForService(content, slug);
  const offers = group
    ? group.tiers.map((tier) => ({ tier: tier.name, price: tier.price, path: getStartedHref(group.key) }))
    : content.addOns.filter((addOn) => addOn.serviceSlug === slug).map((addOn) => ({ tier: null, price: addOn.price, path: "/pricing" }));
  return { shown: showsTiers ? (group ?? null) : null, offers };
}

/** The performance guarantee of SPEC.md section 9. */
export const guarantee = {
  title: "Our Performance Guarantee",
  lead: "We only win when you do. Every plan comes with the same promises.",
  points: [
    { value: "90-day", label: "performance window", description: "Clear targets agreed up front and measured over 90 days." },
    { value: "2x ROAS", label: "minimum", description: "We work towards a minimum 2x return on ad spend for every ad plan." },
    { value: "100%", label: "transparency", description: "Full access to your ad accounts, data and every rand we spend." },
  ],
  audit: "Our audit guarantee: we find at least R90,000 in wasted spend or opportunities, or the work is free.",
} as const;

/**
 * The lowest and highest rand amounts in a price text ("R1,500-3,200", "from R3,500",
 * "R12,000-R25,000+"), for structured data. An open-ended "+" range has no maximum.
 */
export function priceBounds(text: string): { min: number; max?: number } {
  const amounts = [...text.matchAll(/\d[\d,]*/g)].map((m) => Number(m[0].replaceAll(",", "")));
  const min = amounts[0] ?? 0;
  const openEnded = text.trim().endsWith("+") || amounts.length < 2;
  return openEnded ? { min } : { min, max: amounts[amounts.length - 1] };
}
