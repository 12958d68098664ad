import type { IconName } from "#app/lib/icon-names.ts";

/** The eight service pages, in the order the navigation lists them. */
export const serviceSlugs = [
  "google-ads",
  "meta-ads",
  "linkedin-ads",
  "seo-content",
  "funnel-cro",
  "analytics",
  "strategy",
  "prompt-engineering",
] as const;

export type ServiceSlug = (typeof serviceSlugs)[number];

export const servicePath = (slug: ServiceSlug) => `/services/${slug}`;

export interface ServiceSummary {
  slug: ServiceSlug;
  /** Name used in navigation and page titles. */
  name: string;
  icon: IconName;
}

export const serviceSummaries: readonly ServiceSummary[] = [
  { slug: "google-ads", name: "Google Ads", icon: "search" },
  { slug: "meta-ads", name: "Meta Ads", icon: "megaphone" },
  { slug: "linkedin-ads", name: "LinkedIn Ads", icon: "briefcase" },
  { slug: "seo-content", name: "SEO & Content", icon: "target" },
  { slug: "funnel-cro", name: "Funnel & CRO", icon: "funnel" },
  { slug: "analytics", name: "Analytics & Reporting", icon: "chart-column" },
  { slug: "strategy", name: "Strategy & Consulting", icon: "compass" },
  { slug: "prompt-engineering", name: "AI Prompt Engineering", icon: "bot" },
];

export function isServiceSlug(value: string | undefined): value is ServiceSlug {
  return (serviceSlugs as readonly string[]).includes(value ?? "");
}

export function serviceSummary(slug: ServiceSlug): ServiceSummary {
  return serviceSummaries.find((service) => service.slug === slug)!;
}

/** A card on the Services page (SPEC.md section 3). */
export interface ServiceCard {
  slug: ServiceSlug;
  title: string;
  description: string;
  features: readonly string[];
  results: string;
  /** The 'starting at' text, in the currency SPEC.md section 9 gives for it. */
  pricingFrom: string;
}

/** The seven services of the Services page, in SPEC.md's order (SEO has its own page, not a card). */
export const serviceCards: readonly ServiceCard[] = [
  {
    slug: "google-ads",
    title: "Google Ads Mastery",
    description: "Search, Performance Max and Shopping campaigns rebuilt around profit, so every click has a job to do.",
    features: [
      "Keyword and search-term strategy",
      "Smart bidding tuned to margins",
      "Performance Max and Shopping",
      "Landing page alignment",
    ],
    results: "+240% average ROAS",
    pricingFrom: "Starting at $2,500/month",
  },
  {
    slug: "meta-ads",
    title: "Meta Ads Scaling",
    description: "Facebook and Instagram campaigns that scale profitably, with creative testing and tracking built for iOS privacy.",
    features: ["Creative testing framework", "Conversions API tracking", "Prospecting and retargeting", "Advantage+ campaigns"],
    results: "+320% revenue from paid social",
    pricingFrom: "Starting at $2,000/month",
  },
  {
    slug: "linkedin-ads",
    title: "LinkedIn Lead Generation",
    description: "B2B campaigns that reach decision-makers by job title, company and industry, and turn them into meetings.",
    features: ["Account-based targeting", "Lead gen forms and CRM sync", "Thought-leader ads", "Lead nurture sequences"],
    results: "+165% qualified leads",
    pricingFrom: "Starting at $3,000/month",
  },
  {
    slug: "funnel-cro",
    title: "Funnel & CRO Optimization",
    description: "Landing pages, forms and checkouts that convert more of the traffic you already pay for.",
    features: ["Conversion audits", "A/B and multivariate testing", "Checkout and form fixes", "Heatmaps and recordings"],
    results: "+210% conversion rate",
    pricingFrom: "Starting at $1,500/month",
  },
  {
    slug: "analytics",
    title: "Analytics & Reporting",
    description: "GA4, server-side tracking and live dashboards that show which rand earns its keep.",
    features: ["GA4 and Tag Manager", "Server-side tracking", "Attribution modelling", "Live dashboards"],
    results: "95%+ data accuracy",
    pricingFrom: "Starting at $1,000/month",
  },
  {
    slug: "strategy",
    title: "Strategy & Consulting",
    description: "Senior advice on channels, budgets and growth plans, from a one-time audit to a fractional head of growth.",
    features: ["Channel and budget strategy", "Competitor benchmarking", "Quarterly growth plans", "Team coaching"],
    results: "200%+ ROI in 90 days",
    pricingFrom: "Starting at $5,000/month",
  },
  {
    slug: "prompt-engineering",
    title: "AI Prompt Engineering",
    description: "ROI, our custom AI agent, automates reporting, content drafts and lead follow-up for your team.",
    features: ["Custom ROI agent setup", "Automated workflows", "Prompt libraries", "Team training"],
    results: "90% time savings on repeat tasks",
    pricingFrom: "Starting at R2,000/month",
  },
];
