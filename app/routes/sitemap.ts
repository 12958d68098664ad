import { sitemapXml, xmlAnswer } from "#server/articles/feeds.ts";
import { env } from "#server/env.ts";
import { servicesOf } from "#server/services.ts";
import { pricingPagePaths } from "#server/site-content/prepared-pages.ts";
import type { Route } from "./+types/sitemap";

export function loader({ context, request }: Route.LoaderArgs) {
  const { articles, siteContent } = servicesOf(context);
  const pricingChanged = siteContent.pricingChangedOn();
  const pageDates = pricingChanged ? Object.fromEntries(pricingPagePaths.map((path) => [path, pricingChanged])) : {};
  return xmlAnswer(request, sitemapXml(env().SITE_URL, articles.list(), pageDates), "application/xml; charset=utf-8");
}
