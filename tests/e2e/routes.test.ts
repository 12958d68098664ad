import { describe, expect, it } from "vitest";
import { publicRoutes } from "#app/config/public-routes.ts";
import { axeViolations, expectNoAxeViolations, hydrated } from "#tests/support/browser.ts";
import { useBrowser, useSharedServer } from "#tests/support/e2e.ts";
import { layoutPaths } from "#tests/support/layout-pages.ts";

const browser = useBrowser();
const server = useSharedServer();

/**
 * Every public page as a visitor on a desktop and on a phone sees it: its head, on the phone no
 * sideways scrolling (an article's words may overflow where another's do not). A page of each
 * layout is hydrated first (React keeps the head the server wrote; the other pages' heads are the
 * server's, tests/integration/findability.test.ts) and axe finds nothing on it at either width.
 */
describe("every public route", () => {
  it("runs axe on a page of each layout", () => {
    const paths = publicRoutes.map((route) => route.path);
    expect([...layoutPaths].filter((path) => !paths.includes(path))).toEqual([]);
  });

  it("has axe find a page's violations (a control: a checker that checks nothing cannot pass)", async () => {
    const { page } = await browser.sharedPage();
    await page.goto(server.url + "/");
    await page.evaluate(() =>
      document.querySelector("main")?.insertAdjacentHTML("afterbegin", '<img src="/favicon.ico"><button></button>'),
    );
    const found = await axeViolations(page);
    expect(found.map((line) => line.split(":")[0]).sort()).toEqual(["button-name", "image-alt"]);
  });

  it.each(publicRoutes.map((r) => r.path))("%s: meta tags, JSON-LD; fits a phone; axe if its layout's page", async (path) => {
    // One page for every route: each is a document load of its own, from a warm cache.
    const { page } = await browser.sharedPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url + path);
    if (layoutPaths.has(path)) await hydrated(page);
    const head = await page.evaluate(() => ({
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute("content"),
      robots: document.querySelector('meta[name="robots"]')?.getAttribute("content"),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href"),
      ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute("content"),
      ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute("content"),
      twitterCard: document.querySelector('meta[name="twitter:card"]')?.getAttribute("content"),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ""),
    }));
    expect(head.title.length).toBeGreaterThan(10);
    expect(head.description?.length).toBeGreaterThanOrEqual(50);
    expect(head.robots).toBe("index, follow");
    expect(head.canonical).toBe(path === "/" ? `${server.url}/` : server.url + path);
    expect(head.ogUrl).toBe(head.canonical);
    expect(head.ogTitle).toBe(head.title);
    expect(head.twitterCard).toBeTruthy();
    expect(head.jsonLd.length).toBeGreaterThan(0);
    const parsed = head.jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>);
    // The agency: its own node, or an article's publisher under the same @id (decision 0043).
    const blogPosting = parsed.find((d) => d["@type"] === "BlogPosting");
    const agency =
      parsed.find((d) => d["@type"] === "ProfessionalService") ?? (blogPosting?.publisher as Record<string, unknown> | undefined);
    expect(agency).toMatchObject({ "@id": expect.stringMatching(/\/#agency$/), name: "ROI Media" });
    for (const d of parsed) expect(d["@context"]).toBe("https://schema.org");
    if (layoutPaths.has(path)) await expectNoAxeViolations(page);

    // The same page on a phone: its layout follows the width (CSS), the drawer's button in the navigation's place.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole("button", { name: "Open menu" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    if (layoutPaths.has(path)) await expectNoAxeViolations(page);
  });
});
