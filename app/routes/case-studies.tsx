import { PageHero } from "~/components/sections/page-hero";
import { pageMeta } from "~/content/page-meta";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/case-studies";

export const meta: Route.MetaFunction = (args) => seo(args, { ...pageMeta.caseStudies, path: "/case-studies" });

export default function CaseStudiesPage() {
  return <PageHero title="Case Studies" lead={pageMeta.caseStudies.description} />;
}
