import { Icon } from "#app/components/ui/icon.tsx";
import { data, Link } from "react-router";
import { RoiMascot } from "#app/components/illustrations/roi-mascot.tsx";
import { AnalyticsBackdrop } from "#app/components/illustrations/analytics-backdrop.tsx";
import { CaseStudyCard } from "#app/components/sections/case-study-card.tsx";
import { CheckList } from "#app/components/sections/check-list.tsx";
import { CtaBand } from "#app/components/sections/cta-band.tsx";
import { GuaranteeBox } from "#app/components/sections/guarantee-box.tsx";
import { ProcessSteps } from "#app/components/sections/process-steps.tsx";
import { ResultCards } from "#app/components/sections/result-cards.tsx";
import { Section, SectionHeading } from "#app/components/sections/section.tsx";
import { ServiceHero } from "#app/components/sections/service-hero.tsx";
import { TierCard, TierGrid } from "#app/components/sections/tier-card.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { caseStudyFor } from "#app/content/case-studies.ts";
import { serviceJsonLd } from "#app/content/json-ld.ts";
import { serviceMeta } from "#app/content/page-meta.ts";
import { getStartedHref, servicePricing } from "#app/content/pricing.ts";
import { servicePages } from "#app/content/service-pages.ts";
import { isServiceSlug, servicePath, serviceSummary } from "#app/content/services.ts";
import { trustStats } from "#app/content/stats.ts";
import { breadcrumbJsonLd, seo, siteUrlFrom } from "#app/lib/seo.ts";
import { pricingOf } from "#server/site-content/read.ts";
import type { Route } from "./+types/service";

/** The page that shows its pricing tiers: the ROI Agent's packages. */
const AI_SERVICE = "prompt-engineering";

export function loader({ params, context }: Route.LoaderArgs) {
  if (!isServiceSlug(params.slug)) throw data(null, { status: 404 });
  return { slug: params.slug, pricing: servicePricing(pricingOf(context), params.slug, params.slug === AI_SERVICE) };
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) return [];
  const { slug, pricing } = args.loaderData;
  const page = serviceMeta[slug];
  const siteUrl = siteUrlFrom(args);
  const path = servicePath(slug);
  return seo(args, {
    ...page,
    path,
    jsonLd: [
      serviceJsonLd(siteUrl, slug, page.description, pricing.offers),
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: "Services", path: "/services" },
        { name: serviceSummary(slug).name, path },
      ]),
    ],
  });
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { slug, pricing } = loaderData;
  const page = servicePages[slug];
  const name = serviceSummary(slug).name;
  const isAi = slug === AI_SERVICE;
  const aiGroup = pricing.shown;

  return (
    <>
      <ServiceHero
        eyebrow={page.eyebrow}
        title={page.title}
        lead={page.lead}
        metrics={page.metrics}
        backdrop={slug === "analytics" ? <AnalyticsBackdrop /> : undefined}
        aside={isAi ? <RoiMascot title="ROI, our friendly AI agent, waving hello" size={260} /> : undefined}
      >
        {isAi ? (
          <Link to="/free-ai-assessment" className={buttonClass({ variant: "inverse", size: "lg" })}>
            Get a Free AI Assessment
          </Link>
        ) : (
          <Link to="/free-audit" className={buttonClass({ variant: "inverse", size: "lg" })}>
            Get a Free Audit
          </Link>
        )}
        <Link to="/contact" className={buttonClass({ size: "lg", className: "ring-1 ring-white/40" })}>
          Talk to an Expert
        </Link>
      </ServiceHero>

      <Section labelledBy="included-title" adopt>
        <div className="grid gap-12 lg:grid-cols-[3fr_2fr] lg:items-start">
          <div>
            <SectionHeading id="included-title" eyebrow="What's included" title={`Everything in Our ${name} Service`} align="left" />
            <CheckList items={page.included} columns={2} className="mt-8" />
            <Link to="/pricing" className="mt-8 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
              See plans and pricing <Icon name="arrow-right" className="size-4" />
            </Link>
          </div>
          <GuaranteeBox id="guarantee-title" title="Our Guarantee">
            <p className="text-lg font-semibold text-ink">{page.guarantee}</p>
            <p className="mt-2">
              We agree your baseline and targets before we start, and report progress against them every month, with full access to your
              accounts.
            </p>
          </GuaranteeBox>
        </div>
      </Section>

      <Section tone="muted" labelledBy="results-title" adopt>
        <SectionHeading id="results-title" eyebrow="Results" title="The Results You Can Expect" />
        <div className="mt-12">
          <ResultCards results={page.results} />
        </div>
      </Section>

      {isAi && aiGroup && (
        <Section labelledBy="packages-title" adopt>
          <SectionHeading
            id="packages-title"
            eyebrow="Packages"
            title="ROI Agent Packages"
            lead="Prices in rand per month. Every package starts with a free AI assessment."
          />
          <div className="mt-12">
            <TierGrid>
              {aiGroup.tiers.map((tier) => (
                <TierCard key={tier.name} tier={tier} href={getStartedHref(aiGroup.key)} serviceName={aiGroup.title} />
              ))}
            </TierGrid>
          </div>
        </Section>
      )}

      <Section tone="dark" labelledBy="process-title" adopt>
        <SectionHeading id="process-title" eyebrow="How it works" title="Our Process" inverse />
        <div className="mt-12">
          <ProcessSteps steps={page.process} inverse />
        </div>
      </Section>

      <Section labelledBy="story-title" adopt>
        <SectionHeading id="story-title" eyebrow="Success story" title={`${name} in Action`} />
        <div className="mt-12">
          <CaseStudyCard study={caseStudyFor(slug)} linkToAll />
        </div>
      </Section>

      <CtaBand
        id="service-cta-title"
        title={`Ready to Grow With ${name}?`}
        lead="Get a free audit or strategy session and a clear plan for your next 90 days."
        stats={trustStats}
      >
        <Link to="/free-audit" className={buttonClass({ variant: "inverse", size: "lg" })}>
          Get Your Free Audit
        </Link>
        <Link to="/contact" className={buttonClass({ size: "lg", className: "ring-1 ring-white/40" })}>
          Book a Strategy Session
        </Link>
        {!isAi && (
          <Link to="/free-ai-assessment" className={buttonClass({ size: "lg", className: "ring-1 ring-white/40" })}>
            <Icon name="bot" className="size-5" /> Free AI Assessment
          </Link>
        )}
      </CtaBand>
    </>
  );
}
