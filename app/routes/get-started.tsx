import { PageHero } from "~/components/sections/page-hero";
import { leadAction } from "~/forms/lead-action.server";
import { pageMeta } from "~/content/page-meta";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/get-started";

export const action = leadAction("order");

export const meta: Route.MetaFunction = (args) => seo(args, { ...pageMeta.getStarted, path: "/get-started" });

export default function GetStartedPage() {
  return <PageHero title="Get Started" lead={pageMeta.getStarted.description} />;
}
