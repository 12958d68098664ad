import { publicRoutes } from "#app/config/public-routes.ts";
import { articlePath, type ArticleSummary } from "#app/content/articles.ts";
import { absoluteUrl } from "#app/lib/seo.ts";
import { env } from "#server/env.ts";
import { servicesOf } from "#server/services.ts";
import { HOURLY } from "#app/lib/cache-control.ts";
import type { Route } from "./+types/sitemap";

/** The site's own pages, then the live articles, each with the day its content last changed where that is known. */
function entries(articles: readonly ArticleSummary[]): Array<{ path: string; lastmod?: string }> {
  const newest = articles
    .map((a) => a.updated ?? a.date)
    .sort()
    .at(-1);
  const pages = publicRoutes
    .filter((route) => route.rendering !== "article")
    .map((route) => ({ path: route.path, ...(route.path === "/blog" && newest ? { lastmod: newest } : {}) }));
  return [...pages, ...articles.map((article) => ({ path: articlePath(article.slug), lastmod: article.updated ?? article.date }))];
}

export function loader({ context }: Route.LoaderArgs) {
  const siteUrl = env().SITE_URL;
  const urls = entries(servicesOf(context).articles.list()).map(
    ({ path, lastmod }) => `  <url><loc>${absoluteUrl(siteUrl, path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": HOURLY },
  });
}
