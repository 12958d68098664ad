import type { FigureKey, FiguresContent, Stat } from "#app/content/stats.ts";
import type { ServiceSlug } from "#app/content/services.ts";

/** A result card: what moved, by how much, and how. */
export interface ResultMetric {
  metric: string;
  value: string;
  description: string;
}

export interface ProcessStep {
  /** Shown as 01 to 04. */
  number: string;
  title: string;
  description: string;
}

/** A hero metric: its own, or one of the agency's figures (/admin/figures), under its own label if given. */
type Metric = Stat | { figure: FigureKey; label?: string };

/** Everything one service page shows besides what it shares with the others (SPEC.md section 2). */
export interface ServicePageContent {
  eyebrow: string;
  title: string;
  lead: string;
  metrics: readonly [Metric, Metric, Metric, Metric];
  included: readonly string[];
  /** The service's guarantee, as SPEC.md section 1 states it. */
  guarantee: string;
  results: readonly [ResultMetric, ResultMetric, ResultMetric, ResultMetric];
  process: readonly [ProcessStep, ProcessStep, ProcessStep, ProcessStep];
}

export const servicePages: Record<ServiceSlug, ServicePageContent> = {
  "google-ads": {
    eyebrow: "Google Ads Management",
    title: "Google Ads That Turn Searches Into Profit",
    lead: "We rebuild your Google Ads around margins and real conversions, so budget flows to the searches that make you money and stops leaking on the ones that do not.",
    metrics: [
      { value: "+240%", label: "Average ROAS" },
      { value: "-45%", label: "Cost per acquisition" },
      { value: "60 days", label: "To measurable ROAS gains" },
      { figure: "adSpend" },
    ],
    included: [
      "Full account audit and restructure",
      "Keyword research and negative keyword lists",
      "Search, Performance Max and Shopping campaigns",
      "Smart bidding tuned to your margins",
      "Responsive search ad copy and testing",
      "Conversion tracking and enhanced conversions",
      "Landing page recommendations",
      "Monthly report and strategy call",
    ],
    guarantee: "Measurable ROAS improvement within 60 days.",
    results: [
      { metric: "Return on ad spend", value: "+240%", description: "Average ROAS lift across accounts we restructured." },
      { metric: "Wasted spend", value: "-38%", description: "Less budget spent on irrelevant search terms." },
      { metric: "Conversion rate", value: "+65%", description: "From tighter ad groups and aligned landing pages." },
      { metric: "Quality Score", value: "8/10", description: "Average after restructuring, lowering cost per click." },
    ],
    process: [
      { number: "01", title: "Audit", description: "We analyse your account, tracking and search terms to find waste and missed demand." },
      {
        number: "02",
        title: "Rebuild",
        description: "We restructure campaigns around products and margins, with clean conversion tracking.",
      },
      { number: "03", title: "Optimise", description: "Weekly bid, budget, keyword and ad copy optimisation against your ROAS target." },
      { number: "04", title: "Scale", description: "We move budget into the campaigns that pay back and expand into new demand." },
    ],
  },
  "meta-ads": {
    eyebrow: "Meta Ads (Facebook & Instagram)",
    title: "Meta Ads That Scale Without Burning Budget",
    lead: "Creative-led Facebook and Instagram campaigns with tracking that survives iOS privacy changes, built to grow revenue while keeping every rand profitable.",
    metrics: [
      { value: "+320%", label: "Revenue from paid social" },
      { value: "3.4x", label: "Average ROAS" },
      { value: "90 days", label: "To profitable scaling" },
      { figure: "clients", label: "Brands scaled" },
    ],
    included: [
      "Pixel and Conversions API setup",
      "Audience strategy: broad, lookalike and interest",
      "Creative testing framework",
      "Ad copy and hook writing",
      "Prospecting and retargeting funnels",
      "Advantage+ shopping and catalogue campaigns",
      "Weekly budget and bid optimisation",
      "Monthly report and strategy call",
    ],
    guarantee: "Profitable scaling within 90 days.",
    results: [
      { metric: "Revenue", value: "+320%", description: "From paid social for our best-performing e-commerce client." },
      { metric: "Cost per purchase", value: "-42%", description: "After moving to a structured creative-testing cadence." },
      { metric: "Tracked conversions", value: "+30%", description: "Recovered with the Conversions API after iOS 14.5." },
      { metric: "Creative win rate", value: "1 in 4", description: "New creatives that beat the control in testing." },
    ],
    process: [
      { number: "01", title: "Track", description: "We fix your pixel and Conversions API so Meta learns from every real sale." },
      { number: "02", title: "Test", description: "We launch structured creative and audience tests to find your winners fast." },
      { number: "03", title: "Optimise", description: "We cut what does not pay, refresh creative and tune budgets every week." },
      { number: "04", title: "Scale", description: "We raise budgets on proven winners while watching profitability daily." },
    ],
  },
  "linkedin-ads": {
    eyebrow: "LinkedIn Ads for B2B",
    title: "LinkedIn Ads That Fill Your Sales Calendar",
    lead: "Reach the decision-makers you sell to by job title, company and industry, and turn them into qualified meetings your sales team wants to take.",
    metrics: [
      { value: "+165%", label: "Qualified leads" },
      { value: "-35%", label: "Cost per lead" },
      { value: "60 days", label: "To qualified meetings" },
      { figure: "retention" },
    ],
    included: [
      "Ideal customer profile and account lists",
      "Job title, seniority and industry targeting",
      "Lead gen form campaigns",
      "Thought-leader and document ads",
      "Insight Tag and conversion tracking",
      "CRM lead sync",
      "Lead nurture sequences",
      "Pipeline report and strategy call",
    ],
    guarantee: "Qualified meetings within 60 days.",
    results: [
      { metric: "Qualified leads", value: "+165%", description: "Leads that sales accepted, not just form fills." },
      { metric: "Cost per lead", value: "-35%", description: "From tighter audiences and lead gen forms." },
      { metric: "Meeting rate", value: "28%", description: "Of leads booked a meeting with sales." },
      { metric: "Pipeline", value: "R4.2M", description: "Sales pipeline sourced in six months for one client." },
    ],
    process: [
      { number: "01", title: "Define", description: "We agree your ideal customer profile and account list with your sales team." },
      { number: "02", title: "Launch", description: "We launch lead gen, thought-leader and retargeting campaigns to those accounts." },
      { number: "03", title: "Qualify", description: "Leads sync to your CRM and we nurture them until they are ready for sales." },
      { number: "04", title: "Refine", description: "We cut audiences that do not convert to meetings and scale those that do." },
    ],
  },
  "seo-content": {
    eyebrow: "SEO & Content",
    title: "SEO and Content That Win the Clicks You Don't Pay For",
    lead: "Technical SEO, content built on real search demand and links earned from publications your buyers read, so you rank where your customers search.",
    metrics: [
      { value: "+180%", label: "Organic enquiries" },
      { value: "Page 1", label: "Rankings for target searches" },
      { value: "6 months", label: "To first-page rankings" },
      { figure: "years", label: "Years of experience" },
    ],
    included: [
      "Technical SEO audit and fixes",
      "Keyword and search intent research",
      "Content strategy and calendar",
      "Optimised articles and landing pages",
      "Local SEO and Google Business Profile",
      "Link earning from relevant publications",
      "Core Web Vitals improvements",
      "Monthly rankings and traffic report",
    ],
    guarantee: "First-page rankings within 6 months.",
    results: [
      { metric: "Organic enquiries", value: "+180%", description: "In six months for a property group in the Western Cape." },
      { metric: "Keywords on page 1", value: "+220%", description: "Target keywords ranking on the first page of Google." },
      { metric: "Organic traffic", value: "+175%", description: "Year-on-year growth in visits from search." },
      { metric: "Cost per lead", value: "-60%", description: "Compared with leads bought through paid channels." },
    ],
    process: [
      { number: "01", title: "Audit", description: "We find the technical issues and content gaps holding your rankings back." },
      { number: "02", title: "Plan", description: "We map keywords to pages and build a content calendar around buyer intent." },
      { number: "03", title: "Create", description: "We write and optimise content and earn links from relevant local publications." },
      { number: "04", title: "Grow", description: "We track rankings and enquiries and double down on the pages that convert." },
    ],
  },
  "funnel-cro": {
    eyebrow: "Funnel & CRO Optimization",
    title: "Convert More of the Traffic You Already Pay For",
    lead: "We find where visitors drop out of your funnel, fix it, and prove every change with A/B tests, so the same ad budget brings in more leads and sales.",
    metrics: [
      { value: "+210%", label: "Conversion rate" },
      { value: "-50%", label: "Cost per lead" },
      { value: "60 days", label: "To measurable improvement" },
      { value: "2 tests", label: "Per month on Growth" },
    ],
    included: [
      "Conversion audit of key landing pages",
      "Funnel drop-off analysis",
      "Heatmaps and session recordings",
      "A/B and multivariate testing",
      "Form and checkout optimisation",
      "Landing page copy and design",
      "Mobile speed improvements",
      "Monthly test results report",
    ],
    guarantee: "Measurable conversion improvement within 60 days.",
    results: [
      { metric: "Conversion rate", value: "+210%", description: "On paid traffic after rebuilding landing pages." },
      { metric: "Form completions", value: "+85%", description: "After cutting a nine-field form to three fields." },
      { metric: "Checkout abandonment", value: "-30%", description: "From a simpler checkout and clearer delivery costs." },
      { metric: "Page load time", value: "1.8s", description: "On mobile, down from over five seconds." },
    ],
    process: [
      { number: "01", title: "Analyse", description: "We map your funnel with analytics, heatmaps and recordings to find the leaks." },
      { number: "02", title: "Prioritise", description: "We rank fixes by expected impact and effort, so the biggest wins come first." },
      { number: "03", title: "Test", description: "We run A/B tests on offers, copy, forms and layout with clear success measures." },
      { number: "04", title: "Roll out", description: "We ship the winners, report the gains and plan the next round of tests." },
    ],
  },
  analytics: {
    eyebrow: "Analytics & Reporting",
    title: "Analytics You Can Trust With Your Budget",
    lead: "GA4, server-side tracking, conversion APIs and one live dashboard, so you know which campaigns earn revenue and can move budget with confidence.",
    metrics: [
      { value: "95%+", label: "Data accuracy" },
      { value: "30 days", label: "To trustworthy data" },
      { value: "1", label: "Dashboard for every channel" },
      { value: "100%", label: "Transparency" },
    ],
    included: [
      "GA4 and Tag Manager audit",
      "Conversion tracking setup and fixes",
      "Server-side tracking",
      "Google, Meta and LinkedIn conversion APIs",
      "Consent Mode v2 and POPIA-friendly consent",
      "Attribution modelling",
      "Live Looker Studio dashboard",
      "Monthly insights call",
    ],
    guarantee: "95%+ data accuracy within 30 days.",
    results: [
      { metric: "Data accuracy", value: "97%", description: "Tracked revenue matched against actual store sales." },
      {
        metric: "Recovered conversions",
        value: "+30%",
        description: "Conversions ad platforms could see again after server-side tracking.",
      },
      { metric: "Reporting time", value: "-80%", description: "Hours spent each month assembling reports by hand." },
      { metric: "Budget moved", value: "25%", description: "Of spend reallocated to channels that proved their worth." },
    ],
    process: [
      { number: "01", title: "Audit", description: "We check every tag, event and conversion against your real sales and leads." },
      {
        number: "02",
        title: "Implement",
        description: "We fix tracking, move it server-side and connect the ad platforms' conversion APIs.",
      },
      { number: "03", title: "Visualise", description: "We build one live dashboard with the numbers your team makes decisions on." },
      { number: "04", title: "Advise", description: "Each month we turn the data into clear recommendations for your budget." },
    ],
  },
  strategy: {
    eyebrow: "Strategy & Consulting",
    title: "A Growth Strategy Built on Your Numbers",
    lead: "Senior performance marketers review your channels, budgets and funnel, then give you a plan your team can act on, from a one-time audit to an ongoing partnership.",
    metrics: [
      { value: "200%+", label: "ROI in 90 days" },
      { figure: "years", label: "Years of experience" },
      { value: "90 days", label: "To measurable growth" },
      { figure: "retention" },
    ],
    included: [
      "Marketing and ad account audit",
      "Competitor and market benchmarking",
      "Channel and budget allocation plan",
      "Customer journey and funnel review",
      "KPI and target setting",
      "90-day action plan",
      "Team workshops and coaching",
      "Quarterly strategy reviews",
    ],
    guarantee: "Measurable growth within 90 days.",
    results: [
      { metric: "Return on investment", value: "200%+", description: "In 90 days after reallocating budget to proven channels." },
      { metric: "Customer acquisition cost", value: "-40%", description: "By cutting channels that did not pay back." },
      { metric: "Revenue growth", value: "+150%", description: "Year-on-year for a retained strategy client." },
      { metric: "Time to plan", value: "2 weeks", description: "From kickoff to a written growth plan." },
    ],
    process: [
      { number: "01", title: "Discover", description: "We interview your team and review your data, channels and competitors." },
      { number: "02", title: "Diagnose", description: "We pinpoint what is holding growth back and where the biggest opportunities are." },
      { number: "03", title: "Plan", description: "We deliver a prioritised plan with budgets, targets and owners." },
      { number: "04", title: "Guide", description: "We support your team as they execute and adjust the plan each quarter." },
    ],
  },
  "prompt-engineering": {
    eyebrow: "AI Prompt Engineering",
    title: "Meet ROI, the AI Agent That Works for Your Team",
    lead: "We configure ROI, our custom AI agent, with prompts and workflows for your business, so reporting, content drafts and lead follow-up run themselves.",
    metrics: [
      { value: "90%", label: "Time savings" },
      { value: "10x", label: "Faster outputs" },
      { value: "24/7", label: "Availability" },
      { value: "R2,000", label: "Starting price per month" },
    ],
    included: [
      "AI readiness assessment",
      "Custom ROI agent setup",
      "Prompt library in your brand voice",
      "Automated reporting workflows",
      "Content and ad copy drafting",
      "Lead follow-up automation",
      "CRM and tool integrations",
      "Team training sessions",
    ],
    guarantee: "Your first automated workflow live and saving your team time within 30 days.",
    results: [
      { metric: "Time savings", value: "90%", description: "On weekly reporting for a financial-services client." },
      { metric: "Output speed", value: "10x", description: "Faster first drafts of ad copy, emails and reports." },
      { metric: "Lead response", value: "< 5 min", description: "Average first reply to new leads, day or night." },
      { metric: "Availability", value: "24/7", description: "ROI works around the clock, weekends included." },
    ],
    process: [
      { number: "01", title: "Assess", description: "We find the repetitive tasks where AI saves your team the most time." },
      { number: "02", title: "Configure", description: "We set up ROI with prompts, data sources and approval steps for your business." },
      { number: "03", title: "Train", description: "We train your team to use, review and improve ROI's work with confidence." },
      { number: "04", title: "Expand", description: "We add workflows as your team finds new jobs for ROI to take on." },
    ],
  },
};

/** A page's hero metrics, with the agency's figures as they are now. */
export const metricsOf = (metrics: readonly Metric[], figures: FiguresContent): Stat[] =>
  metrics.map((metric) =>
    "figure" in metric ? { value: figures[metric.figure].value, label: metric.label ?? figures[metric.figure].label } : metric,
  );

/** The service pages whose hero shows one of the agency's figures. */
export const servicesShowingFigures = (Object.keys(servicePages) as ServiceSlug[]).filter((slug) =>
  servicePages[slug].metrics.some((metric) => "figure" in metric),
);
