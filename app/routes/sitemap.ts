import { sitemapXml, xmlAnswer } from "#server/articles/feeds.ts";
import { env } from "#server/env.ts";
import { servicesOf } from "#server/services.ts";
import { contentKindNames, contentKinds } from "#server/site-content/kinds.ts";
import type { Route } from "./+types/sitemap";

export function loader({ context, request }: Route.LoaderArgs) {
  const { articles, siteContent } = servicesOf(context);
  // A page's date is the last change of any content it shows (YYYY-MM-DD sorts as text).
  const pageDates: Record<string, string> = {};
  for (const kind of contentKindNames) {
    const changed = siteContent.changedOn(kind);
    if (!changed) continue;
    for (const path of contentKinds[kind].shownOn) if (!pageDates[path] || pageDates[path] < changed) pageDates[path] = changed;
  }
  return xmlAnswer(request, sitemapXml(env().SITE_URL, articles.list(), pageDates), "application/xml; charset=utf-8");
}
