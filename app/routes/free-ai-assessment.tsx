import { Icon } from "#app/components/ui/icon.tsx";
import { Link } from "react-router";
import { RoiMascot } from "#app/components/illustrations/roi-mascot.tsx";
import { CtaBand } from "#app/components/sections/cta-band.tsx";
import { AiAssessmentForm } from "#app/components/forms/ai-assessment-form.tsx";
import { FormRegion } from "#app/components/sections/form-region.tsx";
import { Section, SectionHeading } from "#app/components/sections/section.tsx";
import { StatGrid } from "#app/components/sections/stat-grid.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { aiAssessmentBenefits, aiAssessmentHero, aiAssessmentStats } from "#app/content/ai-assessment.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { leadClientAction } from "#app/forms/transport.ts";
import { seo } from "#app/lib/seo.ts";
import { formPageLoader } from "#server/forms/form-page.ts";
import { aiAssessmentForm } from "#app/forms/ai-assessment.ts";
import { leadAction } from "#server/leads/actions.ts";
import type { Route } from "./+types/free-ai-assessment";

export const action = leadAction(aiAssessmentForm);
export const clientAction = leadClientAction(aiAssessmentForm);
export { shouldRevalidate } from "#app/forms/transport.ts";
export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const loader = formPageLoader;

export const meta: Route.MetaFunction = (args) => seo(args, pageMeta.freeAiAssessment);

export default function FreeAiAssessmentPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-br from-ink via-brand-900 to-brand-800">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:items-center lg:px-8">
          <div>
            <div className="flex items-end gap-3">
              <RoiMascot title="ROI, our AI agent" size={128} className="shrink-0" />
              <p className="mb-16 rounded-2xl rounded-bl-none bg-white px-4 py-3 text-sm font-semibold text-ink shadow-lg sm:text-base">
                {aiAssessmentHero.greeting}
              </p>
            </div>
            <p className="mt-8 text-sm font-semibold tracking-wide text-emerald-300 uppercase">{aiAssessmentHero.eyebrow}</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-white sm:text-5xl">{aiAssessmentHero.title}</h1>
            <p className="mt-5 text-lg leading-relaxed text-slate-200">{aiAssessmentHero.lead}</p>
            <StatGrid stats={aiAssessmentStats} variant="inverse" className="mt-10 grid-cols-3" />
          </div>
          <FormRegion
            id="ai-assessment-form"
            title="Request Your Free AI Assessment"
            lead="Tell ROI about your team and goals. We reply within 24 hours."
          >
            <AiAssessmentForm page={loaderData.formPage} />
          </FormRegion>
        </div>
      </section>

      <Section labelledBy="benefits-title">
        <SectionHeading id="benefits-title" eyebrow="What you get" title="Your Free AI Assessment Includes" />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {aiAssessmentBenefits.map((benefit) => {
            return (
              <li key={benefit.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={benefit.icon} className="size-6" />
                </span>
                <h3 className="mt-5 text-lg font-semibold">{benefit.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{benefit.text}</p>
              </li>
            );
          })}
        </ul>
      </Section>

      <CtaBand
        id="ai-cta-title"
        title="See What ROI Can Do for Your Team"
        lead="Explore our AI prompt-engineering packages, from agent setup to a dedicated AI strategist."
      >
        <Link to="/services/prompt-engineering" className={buttonClass({ variant: "inverse", size: "lg" })}>
          Explore AI Prompt Engineering
        </Link>
      </CtaBand>
    </>
  );
}
