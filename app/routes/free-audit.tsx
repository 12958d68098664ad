import { Icon } from "#app/components/ui/icon.tsx";
import { CheckList } from "#app/components/sections/check-list.tsx";
import { CtaBand } from "#app/components/sections/cta-band.tsx";
import { AuditForm } from "#app/components/forms/audit-form.tsx";
import { FormRegion } from "#app/components/sections/form-region.tsx";
import { GuaranteeBox } from "#app/components/sections/guarantee-box.tsx";
import { Section, SectionHeading } from "#app/components/sections/section.tsx";
import { StatGrid } from "#app/components/sections/stat-grid.tsx";
import { TestimonialGrid } from "#app/components/sections/testimonials.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { auditGuarantee, auditPromises, auditStats, fullAuditInclusions } from "#app/content/audit.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { shownOnFreeAudit, type Testimonial } from "#app/content/testimonials.ts";
import { documentOnly, useDocumentOnly } from "#app/lib/document-only-data.ts";
import { site } from "#app/config/site.ts";
import { leadClientAction } from "#app/forms/transport.ts";
import { absoluteUrl, seo, siteUrlFrom } from "#app/lib/seo.ts";
import { formPageLoader } from "#server/forms/form-page.ts";
import { auditForm } from "#app/forms/audit.ts";
import { leadAction } from "#server/leads/actions.ts";
import { siteContentOf } from "#server/site-content/read.server.ts";
import type { Route } from "./+types/free-audit";

export const action = leadAction(auditForm);
export const clientAction = leadClientAction(auditForm);
export { shouldRevalidate } from "#app/forms/transport.ts";
export { answerHeaders as headers } from "#app/lib/cache-control.ts";

const ROUTE_ID = "routes/free-audit";

/** The testimonials are in the document only: their section is adopted as the server wrote it. */
export function loader(args: Route.LoaderArgs) {
  return {
    ...formPageLoader(args),
    figures: siteContentOf(args.context, "figures"),
    ...documentOnly(args, ROUTE_ID, shownOnFreeAudit(siteContentOf(args.context, "testimonials"))),
  };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    ...pageMeta.freeAudit,
    jsonLd: [
      {
        "@type": "Offer",
        name: "Free Ad Audit",
        description: pageMeta.freeAudit.description,
        price: "0",
        priceCurrency: site.currency,
        availability: "https://schema.org/InStock",
        url: absoluteUrl(siteUrlFrom(args), "/free-audit"),
        seller: { "@id": `${siteUrlFrom(args)}/#agency` },
      },
    ],
  });

export default function FreeAuditPage({ loaderData }: Route.ComponentProps) {
  const testimonials: readonly Testimonial[] = useDocumentOnly(ROUTE_ID, loaderData.documentOnly) ?? [];
  const { figures } = loaderData;
  const guarantee = auditGuarantee(figures);
  return (
    <>
      <section id="top" className="scroll-mt-24 bg-gradient-to-br from-ink via-brand-900 to-brand-800">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:items-center lg:px-8">
          <div>
            <p className="text-sm font-semibold tracking-wide text-emerald-300 uppercase">Free ad audit</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-white sm:text-5xl">Find the Money Your Ads Are Wasting</h1>
            <p className="mt-5 text-lg leading-relaxed text-slate-200">
              Our specialists review your Google, Meta and LinkedIn accounts and send you a complete audit with a custom ROI roadmap within
              48 hours. We find an average of {figures.savingsFound.value} in savings.
            </p>
            <ul className="mt-8 space-y-3">
              {auditPromises.map((promise) => (
                <li key={promise} className="flex items-center gap-3 font-medium text-white">
                  <Icon name="circle-check" className="size-5 shrink-0 text-emerald-300" />
                  {promise}
                </li>
              ))}
            </ul>
          </div>
          <FormRegion id="audit-form" title="Request Your Free Audit" lead="Takes 2 minutes. Your audit arrives within 48 hours.">
            <AuditForm page={loaderData.formPage} />
          </FormRegion>
        </div>
      </section>

      <section aria-label="Audit figures" className="bg-slate-50 py-12">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <StatGrid stats={auditStats(figures)} />
        </div>
      </section>

      <Section labelledBy="inclusions-title">
        <div className="grid gap-12 lg:grid-cols-[3fr_2fr] lg:items-start">
          <div>
            <SectionHeading
              id="inclusions-title"
              eyebrow="What you get"
              title="What Your Free Audit Includes"
              align="left"
              lead={`A senior specialist's review, the same depth as comparable audits valued at ${figures.auditValue.value}.`}
            />
            <CheckList items={fullAuditInclusions} columns={2} className="mt-8" />
          </div>
          <GuaranteeBox id="audit-guarantee-title" title={guarantee.title}>
            <p>{guarantee.text}</p>
          </GuaranteeBox>
        </div>
      </Section>

      <Section tone="muted" labelledBy="audit-testimonials-title" adopt>
        <SectionHeading
          id="audit-testimonials-title"
          eyebrow="From our clients"
          title={`${figures.auditsCompleted.value} Audits Completed`}
          lead="What business owners said after receiving theirs."
        />
        <div className="mx-auto mt-12 max-w-5xl">
          <TestimonialGrid testimonials={testimonials} />
        </div>
      </Section>

      <CtaBand
        id="audit-cta-title"
        title="Ready to Stop Wasting Ad Spend?"
        lead="Request your free audit now: delivered within 48 hours, no credit card, no sales calls."
      >
        <a href="#top" className={buttonClass({ variant: "inverse", size: "lg" })}>
          <Icon name="arrow-up" className="size-5" /> Request My Free Audit
        </a>
      </CtaBand>
    </>
  );
}
