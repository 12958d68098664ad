import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#server/audit/audit.ts";
import { type ArticleContent, createArticle, findArticleById, saveArticle } from "#server/articles/store.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import { openSiteDatabase } from "#server/migrations.ts";
import { type Cluster, startCluster } from "#tests/support/cluster.ts";

/**
 * Publishing is live on every instance within seconds, at file speed
 * (issue 33, docs/decisions/0039): two instances on one PostgreSQL, the
 * article written by the agency (through the same store the editor saves
 * with) and each instance's pages, listing, feed and sitemap asked as a
 * browser asks them, until they show it.
 */

const LIVE_WITHIN_MS = 5000;
const ADMIN: Actor = { userId: null, name: "Thandi (admin)" };

const content: ArticleContent = {
  slug: "budgets-for-the-festive-season",
  title: "Budgets for the festive season",
  excerpt: "How South African advertisers can spread a December budget across search and social without paying January's prices.",
  category: "Google Ads",
  author: "lindiwe-dlamini",
  keywords: ["festive season", "budgets"],
  seoTitle: null,
  seoDescription: "Spread a December ad budget across search and social.",
  imagePath: null,
  imageAlt: null,
  body: "## Plan the month\n\nStart with the weeks that sell. **Then** the rest.\n\n- Search first\n- Social second\n",
  featured: false,
  readTimeMinutes: null,
};

const browserHeaders = { "Accept-Encoding": "gzip, deflate, br, zstd", Accept: "text/html" };

/** Asks `ask` until it says yes, and how long that took; fails past `withinMs`. */
async function until(ask: () => Promise<boolean>, withinMs = LIVE_WITHIN_MS * 3): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await ask()) return performance.now() - start;
    if (performance.now() - start > withinMs) throw new Error(`not so after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("articles live on every instance (PostgreSQL, two instances)", () => {
  let cluster: Cluster;
  let handle: DatabaseHandle;
  let dataDir: string;
  const get = (i: number, pathname: string, headers: Record<string, string> = browserHeaders) =>
    fetch(cluster.instances[i]!.url + pathname, { headers, redirect: "manual" });
  const everyInstance = (check: (i: number) => Promise<boolean>) =>
    until(async () => (await Promise.all([0, 1].map(check))).every(Boolean));

  beforeAll(async () => {
    cluster = await startCluster({ count: 2, env: () => ({ ARTICLES_POLL_MS: "500" }) });
    dataDir = mkdtempSync(path.join(tmpdir(), "articles-live-"));
    handle = await openSiteDatabase({ DATABASE_URL: cluster.url, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await handle?.close();
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a publish is served by both within 5 s as a prepared page, and follows an unpublish and a new slug", async () => {
    const page = `/blog/${content.slug}`;
    expect((await get(0, page)).status).toBe(404);
    const created = await createArticle(handle.db, content, ADMIN);
    expect(created.ok).toBe(true);
    const id = created.ok ? created.id : 0;
    const published = await saveArticle(handle.db, id, 1, content, { to: "published" }, ADMIN);
    expect(published.ok).toBe(true);

    // Live, and served from its prepared file (which alone has an ETag), on both.
    const took = await everyInstance(async (i) => {
      const answer = await get(i, page);
      return answer.status === 200 && answer.headers.has("etag");
    });
    expect(took).toBeLessThan(LIVE_WITHIN_MS);
    // Prepared once as a file on each: an ETag, compressed, its CSP by hashes (no per-request nonce).
    // (Each test instance has a SITE_URL of its own, so their bytes differ.)
    const answers = await Promise.all([0, 1].map((i) => get(i, page)));
    const etags = answers.map((answer) => answer.headers.get("etag"));
    for (const answer of answers) {
      expect(answer.headers.get("etag")).toMatch(/^W\/"/);
      expect(answer.headers.get("content-encoding")).toBe("br");
      expect(answer.headers.get("content-security-policy")).not.toMatch(/nonce-/);
    }
    const html = await answers[0]!.text();
    expect(html).toContain("<h1");
    expect(html).toContain(content.title);
    expect(html).toContain("<strong>Then</strong>");
    expect(html).toContain(`<meta name="description" content="${content.seoDescription}"/>`);
    expect((await get(1, page, { ...browserHeaders, "If-None-Match": etags[1]! })).status).toBe(304);

    // Its social card is drawn when it goes live: the og:image the page names is a 1200x630 PNG on both.
    for (const i of [0, 1]) {
      const html = await (await get(i, page)).text();
      const card = new URL(/<meta property="og:image" content="([^"]+)"/.exec(html)![1]!);
      expect(card.pathname).toMatch(/^\/og\/blog-budgets-for-the-festive-season\.\w+\.png$/);
      const image = await get(i, card.pathname);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");
      expect(image.headers.get("cache-control")).toContain("immutable");
      const png = Buffer.from(await image.arrayBuffer());
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
      // Without an image of its own, the article shows its card as its featured image.
      expect(html).toContain(`src="${card.pathname}"`);
    }

    // The listing, the feed and the sitemap list it on both, newest first.
    await everyInstance(async (i) => {
      const [listing = "", feed = "", sitemap = ""] = await Promise.all(
        ["/blog", "/blog/rss.xml", "/sitemap.xml"].map(async (p) => (await get(i, p)).text()),
      );
      return listing.includes(content.title) && feed.includes(`<title>${content.title}</title>`) && sitemap.includes(page);
    });
    const feed = await (await get(1, "/blog/rss.xml")).text();
    expect(feed.indexOf(content.title)).toBeLessThan(feed.indexOf("<item>", feed.indexOf("<item>") + 1));

    // A new slug: the old address answers 301 with the new one on both.
    const moved = { ...content, slug: "festive-season-budgets" };
    expect((await saveArticle(handle.db, id, 2, moved, { to: "keep" }, ADMIN)).ok).toBe(true);
    await everyInstance(async (i) => {
      const answer = await get(i, page);
      return answer.status === 301 && answer.headers.get("location") === "/blog/festive-season-budgets";
    });
    expect((await get(0, "/blog/festive-season-budgets")).status).toBe(200);

    // Unpublished: gone from the page, the listing and the feed on both.
    expect((await saveArticle(handle.db, id, 3, moved, { to: "unpublished" }, ADMIN)).ok).toBe(true);
    await everyInstance(async (i) => {
      const [answer, listing] = await Promise.all([get(i, "/blog/festive-season-budgets"), get(i, "/blog")]);
      return answer.status === 404 && !(await listing.text()).includes(content.title);
    });
  });

  it("a scheduled article goes live at its time on both, dated then", async () => {
    const scheduled = { ...content, slug: "scheduled-for-later", title: "Scheduled for later" };
    const created = await createArticle(handle.db, scheduled, ADMIN);
    const id = created.ok ? created.id : 0;
    const at = new Date(Date.now() + 2500);
    expect((await saveArticle(handle.db, id, 1, scheduled, { to: "scheduled", at }, ADMIN)).ok).toBe(true);
    // Not before its time (asked while it is still ahead, however slow the machine).
    const early = await get(1, "/blog/scheduled-for-later");
    if (Date.now() < at.getTime()) expect(early.status).toBe(404);

    await everyInstance(async (i) => (await get(i, "/blog/scheduled-for-later")).status === 200);
    const live = Date.now();
    expect(live - at.getTime()).toBeLessThan(LIVE_WITHIN_MS);
    const record = await findArticleById(handle.db, id);
    expect(record).toMatchObject({ status: "published", publishedAt: at });
    const listing = await (await get(0, "/blog")).text();
    expect(listing).toContain("Scheduled for later");
  });
});
