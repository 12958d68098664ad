import { PageHero } from "~/components/sections/page-hero";
import { pageMeta } from "~/content/page-meta";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => seo(args, { ...pageMeta.home, path: "/" });

export default function HomePage() {
  return <PageHero title="Paid Advertising That Pays for Itself" lead={pageMeta.home.description} />;
}
