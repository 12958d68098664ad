import { PageHero } from "~/components/sections/page-hero";
import { pageMeta } from "~/content/page-meta";
import { leadAction } from "~/forms/lead-action.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/company-profile";

export const action = leadAction("companyProfile");

export const meta: Route.MetaFunction = (args) => seo(args, { ...pageMeta.companyProfile, path: "/company-profile" });

export default function CompanyProfilePage() {
  return (
    <PageHero
      title="Download Our Company Profile"
      lead="Our services, results and team in one PDF. Tell us who you are and the download starts straight away."
    />
  );
}
