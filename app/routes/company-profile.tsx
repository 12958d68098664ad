import { CompanyProfileForm } from "~/components/forms/company-profile-form";
import { FormRegion } from "~/components/sections/form-region";
import { PageHero } from "~/components/sections/page-hero";
import { pageMeta } from "~/content/page-meta";
import { leadClientAction } from "~/forms/transport";
import { seo } from "~/lib/seo";
import { formPageLoader } from "../../server/leads/form-page";
import { companyProfileForm } from "~/forms/company-profile";
import { steppedLeadAction } from "../../server/leads/actions";
import type { Route } from "./+types/company-profile";

// Continue and Back posted without JavaScript only move between the two steps; Download PDF runs the lead pipeline.
export const action = steppedLeadAction(companyProfileForm);
export const clientAction = leadClientAction(companyProfileForm);
export { shouldRevalidate } from "~/forms/transport";

// The company profile dialog loads this too, for its form token and captcha.
export const loader = formPageLoader;

export const meta: Route.MetaFunction = (args) => seo(args, { ...pageMeta.companyProfile, path: "/company-profile" });

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
