import { publicRoutes } from "#app/config/public-routes.ts";
import { articleSummaries } from "#app/content/blog.server.ts";
import { absoluteUrl } from "#app/lib/seo.ts";
import { env } from "#server/env.ts";
import { HOURLY } from "#app/lib/cache-control.ts";

/** The day each page's content last changed, where the content records it. */
function lastModified(): Map<string, string> {
  const articles = articleSummaries();
  const dates = new Map(articles.map((a) => [`/blog/${a.slug}`, a.updated ?? a.date]));
  dates.set("/blog", [...dates.values()].sort().at(-1)!);
  return dates;
}

export function loader() {
  const siteUrl = env().SITE_URL;
  const modified = lastModified();
  const urls = publicRoutes.map((route) => {
    const lastmod = modified.get(route.path);
    return `  <url><loc>${absoluteUrl(siteUrl, route.path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": HOURLY },
  });
}
