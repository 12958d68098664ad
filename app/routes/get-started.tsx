import { OrderWizard } from "#app/components/forms/order-wizard.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { leadClientAction } from "#app/forms/transport.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { seo } from "#app/lib/seo.ts";
import { formPageData } from "#server/forms/form-page.ts";
import { tierNamesOf } from "#app/content/pricing.ts";
import { servicesOf } from "#server/services.ts";
import { siteContentOf } from "#server/site-content/read.server.ts";
import { orderForm } from "#app/forms/order.ts";
import { steppedLeadAction } from "#server/leads/actions.ts";
import type { Route } from "./+types/get-started";

// Next and Previous posted without JavaScript only move between steps; Submit Order runs the lead pipeline.
export const action = steppedLeadAction(orderForm);
export const clientAction = leadClientAction(orderForm);
export { shouldRevalidate } from "#app/forms/transport.ts";
export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export function loader({ context, request }: Route.LoaderArgs) {
  return { formPage: formPageData(servicesOf(context), request), tiers: tierNamesOf(siteContentOf(context, "pricing")) };
}

export const meta: Route.MetaFunction = (args) => seo(args, pageMeta.getStarted);

export default function GetStartedPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Get Started" lead={pageMeta.getStarted.description} />
      <div className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">
        <div id="order-form" className="rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8">
          <OrderWizard page={loaderData.formPage} tiers={loaderData.tiers} />
        </div>
      </div>
    </>
  );
}
