import { Icon } from "#app/components/ui/icon.tsx";
import { data, Link } from "react-router";
import { RoiMascot } from "#app/components/illustrations/roi-mascot.tsx";
import { AnalyticsBackdrop } from "#app/components/illustrations/analytics-backdrop.tsx";
import { CaseStudyCard } from "#app/components/sections/case-study-card.tsx";
import { CtaBand } from "#app/components/sections/cta-band.tsx";
import { ProcessSteps } from "#app/components/sections/process-steps.tsx";
import { ResultCards } from "#app/components/sections/result-cards.tsx";
import { Section, SectionHeading } from "#app/components/sections/section.tsx";
import { ServiceHero } from "#app/components/sections/service-hero.tsx";
import { ServiceIncluded, ServicePackages } from "#app/components/sections/service-sections.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { type CaseStudy, caseStudyFor } from "#app/content/case-studies.ts";
import { serviceJsonLd } from "#app/content/json-ld.ts";
import { serviceMeta } from "#app/content/page-meta.ts";
import { servicePricing } from "#app/content/pricing.ts";
import { metricsOf } from "#app/content/service-pages.ts";
import { isServiceSlug, servicePath, serviceSummary } from "#app/content/services.ts";
import { trustStats } from "#app/content/stats.ts";
import { documentOnly, useDocumentOnly } from "#app/lib/document-only-data.ts";
import { breadcrumbJsonLd, seo, siteUrlFrom } from "#app/lib/seo.ts";
import { siteContentOf } from "#server/site-content/read.server.ts";
import type { Route } from "./+types/service";

/** The page that shows its pricing tiers: the ROI Agent's packages. */
const AI_SERVICE = "prompt-engineering";

const ROUTE_ID = "routes/service";

/** While the document hydrates: the adopted sections' words are as the server wrote them. */
const ADOPTED = { included: [], guarantee: "", results: [], process: [], study: undefined };

// The hero's words are in the data; the adopted sections' words and success story stay out of the
// document's hydration data (decision 0052).
export function loader(args: Route.LoaderArgs) {
  const { params, context } = args;
  if (!isServiceSlug(params.slug)) throw data(null, { status: 404 });
  const page = siteContentOf(context, "serviceWords").pages[params.slug];
  const study: CaseStudy = caseStudyFor(params.slug, siteContentOf(context, "caseStudies").studies);
  return {
    slug: params.slug,
    pricing: servicePricing(siteContentOf(context, "pricing"), params.slug, params.slug === AI_SERVICE),
    hero: { eyebrow: page.eyebrow, title: page.title, lead: page.lead },
    metrics: metricsOf(page.metrics, siteContentOf(context, "figures")),
    ...documentOnly(args, ROUTE_ID, {
      included: page.included,
      guarantee: page.guarantee,
      results: page.results,
      process: page.process,
      study,
    }),
  };
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
  const { slug, pricing, hero } = loaderData;
  const { included, guarantee, results, process, study } = useDocumentOnly(ROUTE_ID, loaderData.documentOnly) ?? ADOPTED;
  const name = serviceSummary(slug).name;
  const isAi = slug === AI_SERVICE;
  const aiGroup = pricing.shown;

  return (
    <>
      <ServiceHero
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        metrics={loaderData.metrics}
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

      <ServiceIncluded name={name} included={included} guarantee={guarantee} />

      <Section tone="muted" labelledBy="results-title" adopt>
        <SectionHeading id="results-title" eyebrow="Results" title="The Results You Can Expect" />
        <div className="mt-12">
          <ResultCards results={results} />
        </div>
      </Section>

      {isAi && aiGroup && <ServicePackages group={aiGroup} />}

      <Section tone="dark" labelledBy="process-title" adopt>
        <SectionHeading id="process-title" eyebrow="How it works" title="Our Process" inverse />
        <div className="mt-12">
          <ProcessSteps steps={process} inverse />
        </div>
      </Section>

      <Section labelledBy="story-title" adopt>
        <SectionHeading id="story-title" eyebrow="Success story" title={`${name} in Action`} />
        <div className="mt-12">{study && <CaseStudyCard study={study} linkToAll />}</div>
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
