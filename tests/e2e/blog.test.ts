import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { site } from "#app/config/site.ts";
import { articleSlugs, blogCategories, newsletterReaders, totalPosts } from "#app/content/articles.ts";
import { articles } from "#app/content/blog.server.ts";
import { formatLongDate } from "#app/lib/sast.ts";
import { hydrated } from "#tests/support/browser.ts";
import { useBrowser, useSharedServer } from "#tests/support/e2e.ts";

const browser = useBrowser();
const server = useSharedServer();

/** The server's HTML as a browser without JavaScript shows it: no hydration, nothing added on the client. */
async function openServerHtml(path: string): Promise<{ page: Page; html: string }> {
  const res = await fetch(server.url + path);
  expect(res.status).toBe(200);
  const html = await res.text();
  const { page } = await browser.openPage({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  await page.goto(server.url + path);
  return { page, html };
}

function jsonLdBlocks(html: string): Array<Record<string, any>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .trim();
const featured = articles.find((a) => a.featured)!;

describe("blog listing, as the server renders it", () => {
  it("shows the topic counts, the featured article, six cards and the newsletter region", async () => {
    const { page } = await openServerHtml("/blog");
    const main = page.locator("main");

    // Each topic counts the live articles it shows; the archive's figures stay the agency's claim above them.
    const topics = main.getByRole("navigation", { name: "Topics" });
    expect(await topics.textContent()).toContain(`${totalPosts} articles across ${blogCategories.length} topics in our archive`);
    const countOf = (category: string) => articles.filter((a) => a.category === category).length;
    const plural = (n: number) => `${n} ${n === 1 ? "article" : "articles"}`;
    const chips = (await topics.getByRole("link").allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());
    expect(chips).toEqual([`All topics ${plural(articles.length)}`, ...blogCategories.map((c) => `${c.name} ${plural(countOf(c.name))}`)]);
    expect(await topics.getByRole("link", { name: /^All topics/ }).getAttribute("aria-current")).toBe("page");

    const featuredRegion = main.getByRole("region", { name: "Featured article" });
    const featuredLink = featuredRegion.getByRole("link", { name: featured.title });
    expect(await featuredLink.getAttribute("href")).toBe(`/blog/${featured.slug}`);
    expect(await featuredRegion.getByRole("img", { name: featured.imageAlt }).count()).toBe(1);

    const latest = main.getByRole("region", { name: "Latest articles" });
    const cards = latest.getByRole("article");
    expect(await cards.count()).toBe(6);
    const hrefs = await latest.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs.toSorted()).toEqual(articleSlugs.map((slug) => `/blog/${slug}`).toSorted());
    for (const article of articles) {
      const card = cards.filter({ has: page.getByRole("link", { name: article.title, exact: true }) });
      const text = (await card.textContent()) ?? "";
      expect(text).toContain(article.category);
      expect(text).toContain(`${article.readTime} read`);
      expect(text).toContain(article.author);
      const image = card.getByRole("img", { name: article.imageAlt });
      expect(await image.getAttribute("width")).toBe("1200");
      expect(await image.getAttribute("height")).toBe("630");
    }
    expect(await main.getByRole("button", { name: /load more/i }).count()).toBe(0);

    const newsletter = main.locator("#newsletter");
    expect(await newsletter.getByRole("heading", { name: "Get weekly ROI insights" }).count()).toBe(1);
    expect(await newsletter.textContent()).toContain(`${newsletterReaders} readers`);
  });

  it("filters by topic with links that work without JavaScript", async () => {
    const { page } = await openServerHtml("/blog");
    const topics = page.getByRole("navigation", { name: "Topics" });
    await topics.getByRole("link", { name: /^Meta Ads/ }).click();
    await page.waitForURL(/\/blog\?category=meta-ads$/);
    expect(
      await page
        .getByRole("navigation", { name: "Topics" })
        .getByRole("link", { name: /^Meta Ads/ })
        .getAttribute("aria-current"),
    ).toBe("page");
    const latest = page.getByRole("region", { name: "Latest in Meta Ads" });
    const titles = await latest.getByRole("article").getByRole("heading").allTextContents();
    expect(titles).toEqual(articles.filter((a) => a.category === "Meta Ads").map((a) => a.title));
    // A topic's page lists its articles only, not the featured one above them.
    expect(await page.getByRole("region", { name: "Featured article" }).count()).toBe(0);
  });
});

describe("article pages, as the server renders them", () => {
  it.each(articles.map((a) => [a.slug, a] as const))("/blog/%s has the full layout and valid BlogPosting data", async (slug, article) => {
    const path = `/blog/${slug}`;
    const { page, html } = await openServerHtml(path);

    expect(await page.title()).toBe(`${article.seoTitle ?? article.title} | ${site.name}`);
    const main = page.locator("main");
    expect(await main.getByRole("link", { name: "Back to blog" }).getAttribute("href")).toBe("/blog");
    expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe(article.title);
    const header = main.locator("article header");
    const headerText = (await header.textContent()) ?? "";
    for (const fact of [article.category, `${article.readTime} read`, article.excerpt, article.author, article.authorRole]) {
      expect(headerText).toContain(fact);
    }
    expect(await header.locator("time").getAttribute("datetime")).toBe(article.date);
    expect(await header.locator("time").textContent()).toBe(formatLongDate(new Date(`${article.date}T12:00:00Z`)));

    // The Share button is in the HTML but needs JavaScript: without it, it is neither shown nor focusable.
    const share = header.locator("button", { hasText: "Share" });
    expect(await share.count()).toBe(1);
    expect(await share.isVisible()).toBe(false);

    const image = main.getByRole("img", { name: article.imageAlt });
    expect(await image.getAttribute("width")).toBe("1200");
    expect(await image.getAttribute("height")).toBe("630");
    const imageResponse = await fetch(new URL((await image.getAttribute("src"))!, server.url));
    expect(imageResponse.headers.get("content-type")).toMatch(/image\/svg\+xml/);

    // Every section of the Markdown body is on the page as a heading.
    const bodyHeadings = [...article.html.matchAll(/<h([23])>([\s\S]*?)<\/h\1>/g)].map((m) => textOf(m[2]!));
    expect(bodyHeadings.length).toBeGreaterThanOrEqual(4);
    for (const heading of bodyHeadings) {
      expect(await main.getByRole("heading", { name: heading, exact: true }).count(), heading).toBeGreaterThanOrEqual(1);
    }

    const cta = main.getByRole("region", { name: /ad budget/ });
    expect(await cta.getByRole("link", { name: /Free Audit/ }).getAttribute("href")).toBe("/free-audit");

    const data = jsonLdBlocks(html);
    const posting = data.find((d) => d["@type"] === "BlogPosting")!;
    expect(posting).toMatchObject({
      "@context": "https://schema.org",
      headline: article.title,
      description: article.excerpt,
      datePublished: article.date,
      dateModified: article.updated ?? article.date,
      author: { "@type": "Person", name: article.author, jobTitle: article.authorRole },
      publisher: { name: site.name },
      mainEntityOfPage: { "@type": "WebPage", "@id": server.url + path },
      image: { "@type": "ImageObject", width: "1200", height: "630" },
    });
    expect(posting.keywords).toBe(article.keywords.join(", "));
    expect((await fetch(posting.image.url)).status).toBe(200);
    const crumbs = data.find((d) => d["@type"] === "BreadcrumbList")!;
    expect(crumbs.itemListElement.map((c: { item: string }) => c.item)).toEqual([
      `${server.url}/`,
      `${server.url}/blog`,
      server.url + path,
    ]);
  });
});

describe("an article's body", () => {
  const [first, second] = articles;
  const firstHeading = (article: (typeof articles)[number]) => textOf(/<h2>([\s\S]*?)<\/h2>/.exec(article.html)![1]!);

  it("is in the page once: the data the page hydrates with leaves it out (decision 0026)", async () => {
    const html = await (await fetch(`${server.url}/blog/${first!.slug}`)).text();
    expect(html.split(firstHeading(first!)).length - 1).toBe(1);
    // A client navigation's data carries it.
    const data = await (await fetch(`${server.url}/blog/${first!.slug}.data`)).text();
    expect(data).toContain(firstHeading(first!));
  });

  it("stays once React has hydrated the page, and comes with a client navigation to another article and back", async () => {
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/blog/${first!.slug}`);
    await hydrated(page);
    const main = page.locator("main");
    const heading = (article: (typeof articles)[number]) => main.getByRole("heading", { name: firstHeading(article), exact: true });
    expect(await heading(first!).count()).toBe(1);

    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await main.getByRole("link", { name: "Back to blog" }).click();
    await page.waitForURL(`${server.url}/blog`);
    await main.locator(`a[href="/blog/${second!.slug}"]`).first().click();
    await page.waitForURL(`${server.url}/blog/${second!.slug}`);
    await expect.poll(() => heading(second!).count()).toBe(1);
    await page.goBack();
    await page.goBack();
    await page.waitForURL(`${server.url}/blog/${first!.slug}`);
    await expect.poll(() => heading(first!).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });
});

describe("Share button", () => {
  const article = articles.find((a) => a.slug === "cro-80-20-framework")!;
  const path = `/blog/${article.slug}`;

  it("copies the article's link and says so when the device has no share sheet, from the keyboard too", async () => {
    const { page } = await browser.openPage({ permissions: ["clipboard-read", "clipboard-write"], viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await page.goto(`${server.url}${path}#some-heading`);
    const share = page.getByRole("button", { name: "Share" });
    await share.click();
    await expect.poll(() => page.getByText("Link copied").isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(server.url + path);

    await page.evaluate(() => navigator.clipboard.writeText(""));
    await share.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(server.url + path);
  });

  it("opens the device's share sheet with the title and link where there is one", async () => {
    const { page } = await browser.openPage({ viewport: { width: 375, height: 740 } });
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: async (data: ShareData) => {
          (window as { shared?: ShareData }).shared = data;
        },
      });
    });
    await page.goto(server.url + path);
    await page.getByRole("button", { name: "Share" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as { shared?: ShareData }).shared))
      .toEqual({ title: article.title, text: article.excerpt, url: server.url + path });
    expect(await page.getByText("Link copied").count()).toBe(0);
  });
});
