import { Icon } from "#app/components/ui/icon.tsx";
import { Link } from "react-router";
import { AddOnList } from "#app/components/sections/add-ons.tsx";
import { CtaBand } from "#app/components/sections/cta-band.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { PricingAccordion } from "#app/components/sections/pricing-accordion.tsx";
import { Section, SectionHeading } from "#app/components/sections/section.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { guarantee, type PricingContent } from "#app/content/pricing.ts";
import { documentOnly, useDocumentOnly } from "#app/lib/document-only-data.ts";
import { StaticHtml } from "#app/components/ui/static-html.tsx";
import { seo } from "#app/lib/seo.ts";
import { siteContentOf } from "#server/site-content/read.server.ts";
import type { Route } from "./+types/pricing";

export const meta: Route.MetaFunction = (args) => seo(args, pageMeta.pricing);

const ROUTE_ID = "routes/pricing";
/** While the document hydrates: the groups and add-ons are adopted as the server wrote them. */
const ADOPTED: PricingContent = { groups: [], addOns: [] };

export function loader(args: Route.LoaderArgs) {
  return documentOnly(args, ROUTE_ID, siteContentOf(args.context, "pricing"));
}

export default function PricingPage({ loaderData }: Route.ComponentProps) {
  const pricing = useDocumentOnly(ROUTE_ID, loaderData.documentOnly) ?? ADOPTED;
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Transparent Pricing in Rand"
        lead="Monthly management fees in South African rand, with no hidden costs and no long-term lock-in. Choose a service to see its plans."
      />

      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 lg:px-8">
        <StaticHtml>
          <PricingAccordion groups={pricing.groups} initiallyOpen="googleAds" />
        </StaticHtml>
        <p className="mt-6 text-center text-sm text-slate-600">
          Prices are per month and exclude VAT and advertising spend, which you pay to the platforms directly.
        </p>
      </div>

      <Section tone="muted" labelledBy="addons-title" adopt>
        <SectionHeading
          id="addons-title"
          eyebrow="Add-ons"
          title="Add More to Any Plan"
          lead="Extend any plan with specialist services as you grow."
        />
        <div className="mt-12">
          <AddOnList addOns={pricing.addOns} />
        </div>
      </Section>

      <Section labelledBy="guarantee-title" adopt>
        <div className="rounded-3xl bg-gradient-to-br from-emerald-50 to-white p-6 ring-1 ring-emerald-200 sm:p-10">
          <div className="flex flex-col items-center text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-accent-700 text-white">
              <Icon name="shield-check" className="size-7" />
            </span>
            <h2 id="guarantee-title" className="mt-4 text-3xl font-bold tracking-tight">
              {guarantee.title}
            </h2>
            <p className="mt-3 max-w-2xl text-lg text-slate-600">{guarantee.lead}</p>
          </div>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {guarantee.points.map((point) => (
              <li key={point.label} className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
                <p className="text-3xl font-extrabold text-accent-700">{point.value}</p>
                <h3 className="mt-1 font-semibold">{point.label}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{point.description}</p>
              </li>
            ))}
          </ul>
          <p className="mx-auto mt-8 max-w-3xl rounded-2xl bg-ink p-5 text-center font-semibold text-white">{guarantee.audit}</p>
        </div>
      </Section>

      <CtaBand
        id="pricing-cta-title"
        title="Not Sure Which Plan Fits?"
        lead="Get a free audit first. We will recommend the plan that pays back fastest for your budget, with no obligation."
      >
        <Link to="/free-audit" className={buttonClass({ variant: "inverse", size: "lg" })}>
          Get Your Free Audit
        </Link>
      </CtaBand>
    </>
  );
}
