import { sitemapXml, xmlAnswer } from "#server/articles/feeds.ts";
import { env } from "#server/env.ts";
import { servicesOf } from "#server/services.ts";
import type { Route } from "./+types/sitemap";

export function loader({ context, request }: Route.LoaderArgs) {
  return xmlAnswer(request, sitemapXml(env().SITE_URL, servicesOf(context).articles.list()), "application/xml; charset=utf-8");
}
