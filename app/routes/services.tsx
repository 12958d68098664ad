import { PageHero } from "~/components/sections/page-hero";
import { pageMeta } from "~/content/page-meta";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = (args) => seo(args, { ...pageMeta.services, path: "/services" });

export default function ServicesPage() {
  return <PageHero title="Our Services" lead={pageMeta.services.description} />;
}
