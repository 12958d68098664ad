import { CompanyProfileForm } from "#app/components/forms/company-profile-form.tsx";
import { FormRegion } from "#app/components/sections/form-region.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { pageMeta } from "#app/content/page-meta.ts";
import { leadClientAction } from "#app/forms/transport.ts";
import { seo } from "#app/lib/seo.ts";
import { formPageLoader } from "#server/forms/form-page.ts";
import { companyProfileForm } from "#app/forms/company-profile.ts";
import { steppedLeadAction } from "#server/leads/actions.ts";
import type { Route } from "./+types/company-profile";

// Continue and Back without JavaScript only move between the steps.
export const action = steppedLeadAction(companyProfileForm);
export const clientAction = leadClientAction(companyProfileForm);
export { shouldRevalidate } from "#app/forms/transport.ts";
export { answerHeaders as headers } from "#app/lib/cache-control.ts";

// The company profile dialog loads this too, for its form token and captcha.
export const loader = formPageLoader;

export const meta: Route.MetaFunction = (args) => seo(args, pageMeta.companyProfile);

export default function CompanyProfilePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        title="Download Our Company Profile"
        lead="Our services, results and team in one PDF. Tell us who you are and the download starts straight away."
      />
      <div className="mx-auto max-w-xl px-4 pb-20 sm:px-6">
        <FormRegion id="company-profile-form" title="Get the PDF" lead="Two quick steps: who you are, then (if you like) your company.">
          <CompanyProfileForm page={loaderData.formPage} />
        </FormRegion>
      </div>
    </>
  );
}
