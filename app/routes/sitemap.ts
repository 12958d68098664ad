import { publicRoutes } from "~/config/public-routes";
import { absoluteUrl } from "~/lib/seo";
import { env } from "../../server/env";

export function loader() {
  const siteUrl = env().SITE_URL;
  const urls = publicRoutes
    .map((route) => `  <url><loc>${absoluteUrl(siteUrl, route.path)}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
