import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PRICING_SCROLL_DELAY_MS } from "#app/components/sections/pricing-accordion.tsx";
import { pricingGroups } from "#app/content/pricing.ts";
import { expectNoAxeViolations, hydrated, holdAppScripts } from "#tests/support/browser.ts";
import { useBrowser, useSharedServer } from "#tests/support/e2e.ts";

const browser = useBrowser();
const server = useSharedServer();

/** A group's summary, the control that opens and closes it. */
const trigger = (page: Page, key: string) => page.locator(`details[id="${key}"] > summary`);
/** A group's tiers, shown while it is open. */
const panelOf = (page: Page, key: string) => page.locator(`details[id="${key}"] > div`);
const keyOf = (index: number) => pricingGroups[index]!.key;

async function openPricing(width = 1280, height = 800): Promise<Page> {
  const { page } = await browser.openPage({ viewport: { width, height } });
  await page.goto(`${server.url}/pricing`);
  await hydrated(page);
  return page;
}

/** Which groups are open, in order. */
const openStates = (page: Page): Promise<boolean[]> =>
  page.locator("details[name]").evaluateAll((groups) => groups.map((group) => (group as HTMLDetailsElement).open));

const onlyOpen = (index: number) => pricingGroups.map((_, i) => i === index);

describe("pricing accordion", () => {
  it("opens Google Ads first, keeps one group open at a time, collapses the open group when its summary is pressed again, and works with the keyboard alone", async () => {
    const page = await openPricing();
    expect(await openStates(page)).toEqual(onlyOpen(0));
    expect(await panelOf(page, "googleAds").isVisible()).toBe(true);
    expect(await panelOf(page, "metaAds").isVisible()).toBe(false);

    await trigger(page, keyOf(2)).click();
    await expect.poll(() => openStates(page)).toEqual(onlyOpen(2));
    expect(await panelOf(page, "googleAds").isVisible()).toBe(false);
    expect(await panelOf(page, "linkedinAds").isVisible()).toBe(true);

    await trigger(page, keyOf(2)).click();
    await expect.poll(() => openStates(page)).toEqual(Array(7).fill(false));
    expect(await panelOf(page, "linkedinAds").isVisible()).toBe(false);

    // The keyboard alone.
    await trigger(page, keyOf(1)).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => openStates(page)).toEqual(onlyOpen(1));
    await page.keyboard.press("Space");
    await expect.poll(() => openStates(page)).toEqual(Array(7).fill(false));
  });

  // app/before-react/README.md: the browser answers the press; React's scripts are held back until it has.
  it("answers the first press before React is there, one group open at a time", async () => {
    const { page } = await browser.openPage({ viewport: { width: 412, height: 823 } });
    const release = await holdAppScripts(page);
    await page.goto(`${server.url}/pricing`);
    await trigger(page, keyOf(3)).click();
    await expect.poll(() => openStates(page)).toEqual(onlyOpen(3));
    expect(await panelOf(page, keyOf(3)).isVisible()).toBe(true);
    await trigger(page, keyOf(3)).click();
    await expect.poll(() => openStates(page)).toEqual(Array(7).fill(false));
    expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
    // React, once there, takes the groups as the visitor left them.
    await trigger(page, keyOf(1)).click();
    release();
    await hydrated(page);
    expect(await openStates(page)).toEqual(onlyOpen(1));
    await trigger(page, keyOf(5)).click();
    await expect.poll(() => openStates(page)).toEqual(onlyOpen(5));
  });

  it(`scrolls an opened group into view about ${PRICING_SCROLL_DELAY_MS} ms after opening it`, async () => {
    const page = await openPricing(1280, 700);
    const last = pricingGroups.at(-1)!;
    const top = async () => Math.round((await page.locator(`[id="${last.key}"]`).boundingBox())!.y);
    // The last group sits near the bottom of the viewport when its summary is pressed.
    await page.evaluate(
      (key) => window.scrollBy(0, document.getElementById(key)!.getBoundingClientRect().top - (window.innerHeight - 120)),
      last.key,
    );
    expect(await top()).toBeGreaterThan(500);
    // The page's own clock times it, from the click to the first frame the group has moved up:
    // a busy test machine can only make the click reach the page later, never the scroll earlier.
    await page.evaluate((key) => {
      const times = window as unknown as { clickedAt?: number; movedAt?: number };
      document.addEventListener("click", () => (times.clickedAt = performance.now()), { capture: true, once: true });
      const group = document.getElementById(key)!;
      const watch = () => {
        if (times.clickedAt !== undefined && group.getBoundingClientRect().top < 300) times.movedAt = performance.now();
        else requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    }, last.key);
    await trigger(page, last.key).click();
    const { delay } = (await (
      await page.waitForFunction(() => {
        const times = window as unknown as { clickedAt?: number; movedAt?: number };
        return times.movedAt !== undefined && { delay: times.movedAt - times.clickedAt! };
      })
    ).jsonValue()) as { delay: number };
    expect(delay, "not scrolled before the delay").toBeGreaterThanOrEqual(PRICING_SCROLL_DELAY_MS - 10);
    // Then it lands just below the sticky header.
    await expect
      .poll(
        async () => {
          const y = await top();
          return y >= 60 && y <= 120;
        },
        { timeout: 3000 },
      )
      .toBe(true);
    expect(await panelOf(page, last.key).isVisible()).toBe(true);
  });

  it("titles each group with a heading in its summary, passes axe with a group open, and gives each tier a Get Started link to the order wizard with its group's service", async () => {
    const page = await openPricing();
    const headings = await page.locator("details[name] > summary h2").allTextContents();
    expect(headings.map((text, i) => text.startsWith(pricingGroups[i]!.title))).toEqual(Array(7).fill(true));
    await trigger(page, keyOf(4)).click();
    await expectNoAxeViolations(page);

    for (const group of pricingGroups) {
      if (!(await trigger(page, group.key).evaluate((summary) => (summary.parentElement as HTMLDetailsElement).open)))
        await trigger(page, group.key).click();
      const links = panelOf(page, group.key).getByRole("link", { name: /^Get Started/ });
      await expect.poll(() => links.count()).toBe(group.tiers.length);
      for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
        expect(href).toBe(`/get-started?service=${group.key}`);
      }
    }
  });

  it("opens every group, one at a time, for a visitor without JavaScript, with every tier in the HTML", async () => {
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
    await page.goto(`${server.url}/pricing`);
    expect(await openStates(page)).toEqual(onlyOpen(0));
    for (const [index, group] of pricingGroups.entries()) {
      if (index > 0) await trigger(page, group.key).click();
      await expect.poll(() => openStates(page)).toEqual(onlyOpen(index));
      for (const tier of group.tiers)
        expect(await panelOf(page, group.key).getByText(tier.price, { exact: true }).first().isVisible(), tier.price).toBe(true);
      expect(
        await panelOf(page, group.key)
          .getByRole("link", { name: /^Get Started/ })
          .first()
          .isVisible(),
      ).toBe(true);
    }
  });
});

describe("tiers adopted from the HTML (docs/decisions/0018)", () => {
  it("keeps every tier through hydration, and its Get Started link opens the wizard in place", async () => {
    const page = await openPricing();
    const tiers = pricingGroups.reduce((sum, group) => sum + group.tiers.length, 0);
    expect(await page.locator("[data-static] article").count()).toBe(tiers);
    // React never took these elements over: none carries its fiber.
    const ownedByReact = (el: Element) => Object.keys(el).some((key) => key.startsWith("__reactFiber"));
    expect(await page.locator("[data-static]").first().evaluate(ownedByReact)).toBe(true);
    expect(
      await page
        .locator("[data-static] article")
        .evaluateAll((els, owned) => els.filter((el) => Object.keys(el).some((key) => key.startsWith(owned))).length, "__reactFiber"),
    ).toBe(0);
    // A document load would lose this mark; a client-side navigation keeps it.
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await panelOf(page, "googleAds")
      .getByRole("link", { name: /^Get Started/ })
      .first()
      .click();
    await page.waitForURL(/\/get-started\?service=googleAds$/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    // Back on the pricing page by a client-side navigation, the tiers are rendered by React as usual.
    await page.goBack();
    await expect.poll(() => page.locator("[data-static] article").count()).toBe(tiers);
  });

  it("renders adopted content in full after a client-side navigation from a page's own 404 (an error screen)", async () => {
    // Chromium reports the page's own 404 status.
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 800 } }, { allowConsoleErrors: [/status of 404/] });
    await page.goto(`${server.url}/blog/no-such-article`);
    await hydrated(page);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.locator("#testimonials-title").waitFor({ state: "visible" });
    // In the page's own menu, not adopted: Pricing, then its tiers, rendered by React after the navigation.
    await page.locator("header").getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL(`${server.url}/pricing`);
    const tiers = pricingGroups.reduce((sum, group) => sum + group.tiers.length, 0);
    await expect.poll(() => page.locator("[data-static] article").count()).toBe(tiers);
  });
});
