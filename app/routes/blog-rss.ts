import { site } from "#app/config/site.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { BLOG_FEED_PATH, rfc822, xmlEscape } from "#app/lib/feed.ts";
import { absoluteUrl } from "#app/lib/seo.ts";
import { env } from "#server/env.ts";
import { servicesOf } from "#server/services.ts";
import { HOURLY } from "#app/lib/cache-control.ts";
import type { Route } from "./+types/blog-rss";

export function loader({ context }: Route.LoaderArgs) {
  const siteUrl = env().SITE_URL;
  const articles = servicesOf(context).articles.list();
  const items = articles.map((article) => {
    const url = absoluteUrl(siteUrl, `/blog/${article.slug}`);
    return [
      "    <item>",
      `      <title>${xmlEscape(article.title)}</title>`,
      `      <link>${url}</link>`,
      `      <guid isPermaLink="true">${url}</guid>`,
      `      <description>${xmlEscape(article.excerpt)}</description>`,
      `      <pubDate>${rfc822(article.date)}</pubDate>`,
      `      <category>${xmlEscape(article.category)}</category>`,
      `      <dc:creator>${xmlEscape(article.author)}</dc:creator>`,
      "    </item>",
    ].join("\n");
  });
  const newest = articles
    .map((a) => a.updated ?? a.date)
    .sort()
    .at(-1);
  const xml = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">`,
    "  <channel>",
    `    <title>${xmlEscape(`${site.name} Blog`)}</title>`,
    `    <link>${absoluteUrl(siteUrl, "/blog")}</link>`,
    `    <description>${xmlEscape(pageMeta.blog.description)}</description>`,
    `    <language>${site.locale.toLowerCase()}</language>`,
    ...(newest ? [`    <lastBuildDate>${rfc822(newest)}</lastBuildDate>`] : []),
    `    <atom:link href="${absoluteUrl(siteUrl, BLOG_FEED_PATH)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": HOURLY },
  });
}
