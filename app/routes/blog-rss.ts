import { blogFeedXml, xmlAnswer } from "#server/articles/feeds.ts";
import { env } from "#server/env.ts";
import { servicesOf } from "#server/services.ts";
import type { Route } from "./+types/blog-rss";

export function loader({ context, request }: Route.LoaderArgs) {
  return xmlAnswer(request, blogFeedXml(env().SITE_URL, servicesOf(context).articles.list()), "application/rss+xml; charset=utf-8");
}
