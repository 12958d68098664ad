import type { ServiceSlug } from "#app/content/services.ts";
import { type FigureKey, type FiguresContent, inSentence, specFigures } from "#app/content/stats.ts";

/** Each page's search title (at most 60 characters with the brand) and description (50-160). */
export interface PageMeta {
  title: string;
  description: string;
}

/**
 * A page at a path of its own: routes hand it to `seo()` whole, and the build draws its
 * social card from the same title (scripts/social-images.ts).
 */
interface PageAt extends PageMeta {
  path: string;
}

/**
 * The descriptions that repeat the agency's figures (and so its social cards' text), built from them: an
 * edit at /admin/figures changes them with the pages (decision 0052). `uses`: the figures each names.
 */
export const figureDescriptions = {
  home: {
    uses: ["roi", "clients"],
    text: (f: FiguresContent) =>
      `Google, Meta and LinkedIn ads that pay for themselves. ${f.roi.value} ${inSentence(f.roi.label)} for ${f.clients.value} South African clients. Get a free ad audit within 48 hours.`,
  },
  about: {
    uses: ["years", "retention", "adSpend"],
    text: (f: FiguresContent) =>
      `The co-founders of our Johannesburg performance-marketing agency: ${f.years.value} ${inSentence(f.years.label)}, ${f.retention.value} ${inSentence(f.retention.label)} and ${f.adSpend.value} ${inSentence(f.adSpend.label)}.`,
  },
} satisfies Record<string, { uses: readonly FigureKey[]; text: (figures: FiguresContent) => string }>;

export const pageMeta = {
  home: {
    path: "/",
    title: "Performance Marketing Agency in Johannesburg",
    description: figureDescriptions.home.text(specFigures),
  },
  about: {
    path: "/about",
    title: "About Us: Founders, Values and Results",
    description: figureDescriptions.about.text(specFigures),
  },
  services: {
    path: "/services",
    title: "Performance Marketing Services",
    description:
      "Google Ads, Meta Ads, LinkedIn Ads, funnel and CRO, analytics, strategy and AI prompt engineering: every service built around measurable return on ad spend.",
  },
  pricing: {
    path: "/pricing",
    title: "Pricing in Rand: Ads, CRO, Analytics and AI",
    description:
      "Transparent monthly pricing in South African rand for Google, Meta and LinkedIn ads, CRO, analytics, strategy and AI automation, backed by a 90-day guarantee.",
  },
  blog: {
    path: "/blog",
    title: "Blog: Paid Advertising Insights for South Africa",
    description:
      "Practical guides on Google Ads, Meta attribution, LinkedIn lead costs, CRO and attribution models, written for South African advertisers by our co-founders.",
  },
  contact: {
    path: "/contact",
    title: "Contact Us: Free ROI Analysis in 2-4 Hours",
    description:
      "Email, call or book a 15-minute ROI consultation with our Johannesburg team. Tell us about your ads and get a free ROI analysis within 2-4 hours.",
  },
  freeAudit: {
    path: "/free-audit",
    title: "Free Ad Audit: Find Wasted Spend in 48 Hours",
    description:
      "Get a complete audit of your Google, Meta and LinkedIn ad accounts within 48 hours. No credit card, no sales calls, and a custom ROI improvement roadmap.",
  },
  freeAiAssessment: {
    path: "/free-ai-assessment",
    title: "Free AI Assessment with ROI, Our AI Agent",
    description:
      "Find out where AI can save your team time: a free AI readiness analysis, custom ROI roadmap, quick wins and growth projections within 24 hours.",
  },
  getStarted: {
    path: "/get-started",
    title: "Get Started: Order a Service Package",
    description:
      "Choose your service and tier, tell us about your business and goals, and pick a start date. We contact you within 24 hours to discuss your project.",
  },
  companyProfile: {
    path: "/company-profile",
    title: "Download Our Company Profile",
    description:
      "Get our company profile as a PDF: our services, results, pricing approach and team. Leave your name and email and the download starts at once.",
  },
  caseStudies: {
    path: "/case-studies",
    title: "Case Studies: Measured Results for Our Clients",
    description:
      "How South African businesses grew with paid advertising, CRO, analytics and AI automation: the problem, what we did and the measured result of each.",
  },
  calendar: {
    path: "/calendar",
    title: "Book a 15-Minute ROI Consultation",
    description:
      "Pick a free 15-minute slot on a weekday between 9AM and 6PM SAST for a no-pressure ROI consultation about your advertising, and get a calendar invite.",
  },
  privacy: {
    path: "/privacy",
    title: "Privacy Policy (POPIA)",
    description:
      "How we collect, use, keep and protect the personal information you share through our forms and cookies, and how to exercise your rights under POPIA.",
  },
  terms: {
    path: "/terms",
    title: "Terms of Service",
    description:
      "The terms that govern our performance-marketing services: monthly billing in advance, payment within 30 days, 30 days' notice and limits of liability.",
  },
} satisfies Record<string, PageAt>;

export const serviceMeta: Record<ServiceSlug, PageMeta> = {
  "google-ads": {
    title: "Google Ads Management in South Africa",
    description:
      "Google Ads management that lifts return on ad spend: search, Performance Max and shopping campaigns, with measurable ROAS improvement within 60 days.",
  },
  "meta-ads": {
    title: "Meta Ads: Facebook and Instagram Advertising",
    description:
      "Facebook and Instagram campaigns that scale profitably: creative testing, audience strategy and server-side tracking, with profitable scaling in 90 days.",
  },
  "linkedin-ads": {
    title: "LinkedIn Ads Lead Generation for B2B",
    description:
      "B2B lead generation on LinkedIn: account-based targeting, lead gen forms and nurture sequences that deliver qualified meetings within 60 days.",
  },
  "seo-content": {
    title: "SEO and Content Marketing Services",
    description:
      "Technical SEO, content strategy and link earning for South African businesses, aiming for first-page rankings on the searches that bring buyers within 6 months.",
  },
  "funnel-cro": {
    title: "Funnel and Conversion Rate Optimisation",
    description:
      "Landing page audits, A/B testing and funnel fixes that turn more of your paid traffic into leads and sales, with measurable conversion gains in 60 days.",
  },
  analytics: {
    title: "Analytics and Reporting: GA4 and Dashboards",
    description:
      "GA4, server-side tracking, conversion APIs and live dashboards you can trust: 95%+ data accuracy within 30 days, so every rand of spend is accounted for.",
  },
  strategy: {
    title: "Marketing Strategy and Consulting",
    description:
      "Channel strategy, budget allocation and growth planning from senior performance marketers, from a one-time audit to a premium partnership, in rand.",
  },
  "prompt-engineering": {
    title: "AI Prompt Engineering with ROI, Our AI Agent",
    description:
      "Automate reporting, content and lead follow-up with ROI, our custom AI agent: prompt engineering, workflows and team training from R2,000 a month.",
  },
};
