import { Link } from "react-router";
import { CaseStudyCard } from "#app/components/sections/case-study-card.tsx";
import { CtaBand } from "#app/components/sections/cta-band.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { StaticHtml } from "#app/components/ui/static-html.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import type { CaseStudiesContent } from "#app/content/case-studies.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { documentOnly, useDocumentOnly } from "#app/lib/document-only-data.ts";
import { seo } from "#app/lib/seo.ts";
import { siteContentOf } from "#server/site-content/read.server.ts";
import type { Route } from "./+types/case-studies";

const ROUTE_ID = "routes/case-studies";
/** While the document hydrates: the case studies are adopted as the server wrote them. */
const ADOPTED: CaseStudiesContent = { studies: [] };

// Prerendered, and prepared again when the case studies change (decision 0052); they stay out of the
// document's hydration data and out of the page's JavaScript.
export function loader(args: Route.LoaderArgs) {
  return documentOnly(args, ROUTE_ID, siteContentOf(args.context, "caseStudies"));
}

export const meta: Route.MetaFunction = (args) => seo(args, pageMeta.caseStudies);

export default function CaseStudiesPage({ loaderData }: Route.ComponentProps) {
  const { studies } = useDocumentOnly(ROUTE_ID, loaderData.documentOnly) ?? ADOPTED;
  return (
    <>
      <PageHero
        eyebrow="Case studies"
        title="Measured Results for Real Businesses"
        lead="One story from each of our services: the problem our client faced, what we did about it and the result we measured."
      />
      <StaticHtml className="mx-auto max-w-6xl space-y-8 px-4 pb-16 sm:px-6 sm:pb-20 lg:px-8">
        {studies.map((study, index) => (
          <CaseStudyCard key={index} study={study} headingLevel={2} />
        ))}
      </StaticHtml>
      <CtaBand
        id="case-studies-cta-title"
        title="Want Results Like These?"
        lead="Start with a free audit of your ad accounts. Delivered within 48 hours, no credit card, no sales calls."
      >
        <Link to="/free-audit" className={buttonClass({ variant: "inverse", size: "lg" })}>
          Get Your Free Audit
        </Link>
        <Link to="/contact" className={buttonClass({ size: "lg", className: "ring-1 ring-white/40" })}>
          Contact Us
        </Link>
      </CtaBand>
    </>
  );
}
