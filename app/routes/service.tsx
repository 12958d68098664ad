import { data } from "react-router";
import { PageHero } from "~/components/sections/page-hero";
import { serviceMeta } from "~/content/page-meta";
import { isServiceSlug } from "~/content/services";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/service";

export function loader({ params }: Route.LoaderArgs) {
  if (!isServiceSlug(params.slug)) throw data(null, { status: 404 });
  return { slug: params.slug };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData ? seo(args, { ...serviceMeta[args.loaderData.slug], path: `/services/${args.loaderData.slug}` }) : [];

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const page = serviceMeta[loaderData.slug];
  return <PageHero title={page.title} lead={page.description} />;
}
