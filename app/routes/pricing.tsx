import { PageHero } from "~/components/sections/page-hero";
import { pageMeta } from "~/content/page-meta";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/pricing";

export const meta: Route.MetaFunction = (args) => seo(args, { ...pageMeta.pricing, path: "/pricing" });

export default function PricingPage() {
  return <PageHero title="Pricing" lead={pageMeta.pricing.description} />;
}
