import { blogFeedXml } from "#server/articles/feeds.ts";
import { env } from "#server/env.ts";
import { servicesOf } from "#server/services.ts";
import { HOURLY } from "#app/lib/cache-control.ts";
import type { Route } from "./+types/blog-rss";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(blogFeedXml(env().SITE_URL, servicesOf(context).articles.list()), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": HOURLY },
  });
}
