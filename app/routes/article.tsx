import { data } from "react-router";
import { PageHero } from "~/components/sections/page-hero";
import { isArticleSlug } from "~/content/articles";
import { articleMeta } from "~/content/page-meta";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/article";

export function loader({ params }: Route.LoaderArgs) {
  if (!isArticleSlug(params.slug)) throw data(null, { status: 404 });
  return { slug: params.slug };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? seo(args, { ...articleMeta[args.loaderData.slug], path: `/blog/${args.loaderData.slug}`, type: "article" })
    : [];

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const page = articleMeta[loaderData.slug];
  return <PageHero title={page.title} lead={page.description} />;
}
