import { PageHero } from "~/components/sections/page-hero";
import { leadAction } from "~/forms/lead-action.server";
import { pageMeta } from "~/content/page-meta";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/free-ai-assessment";

export const action = leadAction("aiAssessment");

export const meta: Route.MetaFunction = (args) => seo(args, { ...pageMeta.freeAiAssessment, path: "/free-ai-assessment" });

export default function FreeAiAssessmentPage() {
  return <PageHero title="Free AI Assessment" lead={pageMeta.freeAiAssessment.description} />;
}
