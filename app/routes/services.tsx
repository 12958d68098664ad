import { Icon } from "#app/components/ui/icon.tsx";
import { Link } from "react-router";
import { CtaBand } from "#app/components/sections/cta-band.tsx";
import { CompanyProfileButton } from "#app/components/forms/company-profile-button.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { ProcessSteps } from "#app/components/sections/process-steps.tsx";
import { Section, SectionHeading } from "#app/components/sections/section.tsx";
import { ServiceCards } from "#app/components/sections/service-cards.tsx";
import { StatGrid } from "#app/components/sections/stat-grid.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { serviceCardsOf } from "#app/content/service-words.ts";
import { engagementProcess, servicesHero, servicesStats } from "#app/content/services-page.ts";
import { documentOnly, useDocumentOnly } from "#app/lib/document-only-data.ts";
import { seo } from "#app/lib/seo.ts";
import { siteContentOf } from "#server/site-content/read.server.ts";
import type { Route } from "./+types/services";

const ROUTE_ID = "routes/services";

// Prerendered, and prepared again when the figures or the service words change (decision 0052); the cards
// stay out of the document's hydration data: their section is adopted.
export const loader = (args: Route.LoaderArgs) => ({
  stats: servicesStats(siteContentOf(args.context, "figures")),
  ...documentOnly(args, ROUTE_ID, serviceCardsOf(siteContentOf(args.context, "serviceWords"))),
});

export const meta: Route.MetaFunction = (args) => seo(args, pageMeta.services);

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  // While the document hydrates there are none: their section is adopted as the server wrote it.
  const cards = useDocumentOnly(ROUTE_ID, loaderData.documentOnly) ?? [];
  return (
    <>
      <PageHero eyebrow={servicesHero.eyebrow} title={servicesHero.title} lead={servicesHero.lead}>
        <Link to="/free-audit" className={buttonClass({ size: "lg" })}>
          Get a Free Audit
        </Link>
        <CompanyProfileButton className={buttonClass({ variant: "secondary", size: "lg" })}>
          <Icon name="download" className="size-5" /> Download Company Profile
        </CompanyProfileButton>
      </PageHero>

      <Section labelledBy="portfolio-title" adopt className="pt-4 sm:pt-6">
        <h2 id="portfolio-title" className="sr-only">
          Our services
        </h2>
        <ServiceCards cards={cards} />
      </Section>

      <Section tone="dark" labelledBy="process-title" adopt>
        <SectionHeading
          id="process-title"
          eyebrow="How we work"
          title="Our Four-Step Process"
          lead="Every engagement follows the same proven path, whichever service you start with."
          inverse
        />
        <div className="mt-12">
          <ProcessSteps steps={engagementProcess} inverse />
        </div>
      </Section>

      <Section tone="muted" labelledBy="stats-title" adopt>
        <SectionHeading id="stats-title" eyebrow="Proof" title="Results That Speak for Themselves" />
        <StatGrid stats={loaderData.stats} className="mt-12" />
      </Section>

      <CtaBand
        id="services-cta-title"
        title="Not Sure Which Service You Need?"
        lead="Start with a free audit and we will show you where your budget works hardest, or see how we have done it for others."
      >
        <Link to="/free-audit" className={buttonClass({ variant: "inverse", size: "lg" })}>
          Get Your Free Audit
        </Link>
        <Link to="/case-studies" className={buttonClass({ size: "lg", className: "ring-1 ring-white/40" })}>
          View Case Studies
        </Link>
        <CompanyProfileButton className={buttonClass({ size: "lg", className: "ring-1 ring-white/40" })}>
          <Icon name="download" className="size-5" /> Company Profile
        </CompanyProfileButton>
      </CtaBand>
    </>
  );
}
