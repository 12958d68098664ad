import { describe, expect, it } from "vitest";
import { publicRoutes } from "~/config/public-routes";
import { expectNoAxeViolations, hydrated } from "../support/browser";
import { useBrowser, useServer } from "../support/e2e";
import { startServer } from "../support/server";

const browser = useBrowser();
const server = useServer(() => startServer());

/**
 * Every public page once hydrated, as a visitor on a desktop and on a phone
 * sees it: its head (React keeps what the server wrote), and nothing axe
 * finds at either width; on the phone, no sideways scrolling.
 */
describe("every public route", () => {
  it.each(publicRoutes.map((r) => r.path))("%s: meta tags, JSON-LD, no axe violations at 1280 px and at 375 px", async (path) => {
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(server.url + path);
    await hydrated(page);
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
    expect(parsed.some((d) => d["@type"] === "ProfessionalService")).toBe(true);
    for (const d of parsed) expect(d["@context"]).toBe("https://schema.org");
    await expectNoAxeViolations(page);

    // The same page on a phone: its layout follows the width (CSS), the drawer's button in the navigation's place.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole("button", { name: "Open menu" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });
});
