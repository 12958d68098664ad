import { PageHero } from "~/components/sections/page-hero";
import { leadAction } from "~/forms/lead-action.server";
import { pageMeta } from "~/content/page-meta";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/free-audit";

export const action = leadAction("audit");

export const meta: Route.MetaFunction = (args) => seo(args, { ...pageMeta.freeAudit, path: "/free-audit" });

export default function FreeAuditPage() {
  return <PageHero title="Get Your Free Ad Audit" lead={pageMeta.freeAudit.description} />;
}
