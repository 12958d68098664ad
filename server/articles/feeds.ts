import { createHash } from "node:crypto";
import { site } from "#app/config/site.ts";
import { publicRoutes } from "#app/config/public-routes.ts";
import { articlePath, type ArticleSummary } from "#app/content/articles.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { BLOG_FEED_PATH, rfc822, xmlEscape } from "#app/lib/feed.ts";
import { REVALIDATE } from "#app/lib/cache-control.ts";
import { absoluteUrl } from "#app/lib/seo.ts";
import { matches } from "#server/http/static.ts";

// What XML 1.0 cannot hold is left out, so the feed stays parseable whatever is stored (tests/unit/feeds.test.ts).

type FeedArticle = Pick<ArticleSummary, "slug" | "title" | "excerpt" | "category" | "author" | "date" | "updated">;

const newestDay = (articles: readonly FeedArticle[]) =>
  articles
    .map((a) => a.updated ?? a.date)
    .sort()
    .at(-1);

export function blogFeedXml(siteUrl: string, articles: readonly FeedArticle[]): string {
  const items = articles.map((article) => {
    const url = xmlEscape(absoluteUrl(siteUrl, articlePath(article.slug)));
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
  const newest = newestDay(articles);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">`,
    "  <channel>",
    `    <title>${xmlEscape(`${site.name} Blog`)}</title>`,
    `    <link>${xmlEscape(absoluteUrl(siteUrl, "/blog"))}</link>`,
    `    <description>${xmlEscape(pageMeta.blog.description)}</description>`,
    `    <language>${site.locale.toLowerCase()}</language>`,
    ...(newest ? [`    <lastBuildDate>${rfc822(newest)}</lastBuildDate>`] : []),
    `    <atom:link href="${xmlEscape(absoluteUrl(siteUrl, BLOG_FEED_PATH))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

export function sitemapXml(siteUrl: string, articles: readonly FeedArticle[], pageDates: Readonly<Record<string, string>> = {}): string {
  const newest = newestDay(articles);
  const pages = publicRoutes
    .filter((route) => route.rendering !== "article")
    .map((route) => {
      const lastmod = route.path === "/blog" ? newest : pageDates[route.path];
      return { path: route.path, ...(lastmod ? { lastmod } : {}) };
    });
  const entries = [...pages, ...articles.map((article) => ({ path: articlePath(article.slug), lastmod: article.updated ?? article.date }))];
  const urls = entries.map(
    ({ path, lastmod }) =>
      `  <url><loc>${xmlEscape(absoluteUrl(siteUrl, path))}</loc>${lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Re-asked on every use with an ETag, so a published article is in both at once, not a cache's hour later. */
export function xmlAnswer(request: Request, xml: string, contentType: string): Response {
  const etag = `W/"${createHash("sha256").update(xml).digest("base64url").slice(0, 27)}"`;
  const headers = { "Content-Type": contentType, "Cache-Control": REVALIDATE, ETag: etag };
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && matches(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  return new Response(xml, { headers });
}
