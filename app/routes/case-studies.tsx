import { Link } from "react-router";
import { CaseStudyCard } from "#app/components/sections/case-study-card.tsx";
import { CtaBand } from "#app/components/sections/cta-band.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { caseStudies } from "#app/content/case-studies.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/case-studies";

export const meta: Route.MetaFunction = (args) => seo(args, pageMeta.caseStudies);

export default function CaseStudiesPage() {
  return (
    <>
      <PageHero
        eyebrow="Case studies"
        title="Measured Results for Real Businesses"
        lead="One story from each of our services: the problem our client faced, what we did about it and the result we measured."
      />
      <div className="mx-auto max-w-6xl space-y-8 px-4 pb-16 sm:px-6 sm:pb-20 lg:px-8">
        {caseStudies.map((study) => (
          <CaseStudyCard key={study.service} study={study} headingLevel={2} />
        ))}
      </div>
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
