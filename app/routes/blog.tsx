import { PageHero } from "~/components/sections/page-hero";
import { leadAction } from "~/forms/lead-action.server";
import { pageMeta } from "~/content/page-meta";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/blog";

export const action = leadAction("newsletter");

export const meta: Route.MetaFunction = (args) => seo(args, { ...pageMeta.blog, path: "/blog" });

export default function BlogPage() {
  return <PageHero title="Blog" lead={pageMeta.blog.description} />;
}
