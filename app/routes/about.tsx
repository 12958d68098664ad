import { PageHero } from "~/components/sections/page-hero";
import { pageMeta } from "~/content/page-meta";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) => seo(args, { ...pageMeta.about, path: "/about" });

export default function AboutPage() {
  return <PageHero title="About Us" lead={pageMeta.about.description} />;
}
