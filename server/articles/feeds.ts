import { createHash } from "node:crypto";
import { site } from "#app/config/site.ts";
import { publicRoutes } from "#app/config/public-routes.ts";
import { articlePath, type ArticleSummary } from "#app/content/articles.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { BLOG_FEED_PATH, rfc822, xmlEscape } from "#app/lib/feed.ts";
import { REVALIDATE } from "#app/lib/cache-control.ts";
import { absoluteUrl } from "#app/lib/seo.ts";
import { matches } from "#server/http/static.ts";

/**
 * The blog's RSS feed and the site's sitemap, as XML, from the live articles
 * (server/articles/live.ts). Everything an editor typed is escaped, and what
 * XML 1.0 cannot hold at all is left out (xmlEscape): the editor refuses
 * control characters, but whatever is stored, the feed and the sitemap stay
 * XML a reader parses (tests/unit/feeds.test.ts tries random text).
 */

type FeedArticle = Pick<ArticleSummary, "slug" | "title" | "excerpt" | "category" | "author" | "date" | "updated">;

/** The day the newest article's content last changed, if there is an article. */
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

/** The site's own pages, then the live articles, each with the day its content last changed where that is known. */
/** `pageDates`: the day a page's content last changed, by its path (the pricing pages after an edit). */
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

/**
 * The feed or the sitemap as an answer: asked again on every use, with an
 * ETag that makes an unchanged one a 304, so a published article is in both at
 * once rather than an hour later (a reader's cache or a proxy's).
 */
export function xmlAnswer(request: Request, xml: string, contentType: string): Response {
  const etag = `W/"${createHash("sha256").update(xml).digest("base64url").slice(0, 27)}"`;
  const headers = { "Content-Type": contentType, "Cache-Control": REVALIDATE, ETag: etag };
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && matches(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  return new Response(xml, { headers });
}
