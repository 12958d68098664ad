import { env } from "#server/env.ts";
import { HOURLY } from "#app/lib/cache-control.ts";

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /calendar/manage",
    "Disallow: /calendar/feeds/",
    "Disallow: /newsletter/",
    "",
    `Sitemap: ${env().SITE_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": HOURLY },
  });
}
