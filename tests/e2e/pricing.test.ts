import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICING_SCROLL_DELAY_MS } from "~/components/sections/pricing-accordion";
import { pricingGroups } from "~/content/pricing";
import { expectNoAxeViolations, expectNoConsoleErrors, launchBrowser, openPage } from "../support/browser";
import { type RunningServer, startServer } from "../support/server";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const trigger = (page: Page, title: string) => page.getByRole("button", { name: new RegExp(`^${escape(title)}`) });
const panelOf = (page: Page, key: string) => page.locator(`[id="${key}"] [role="region"]`);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function openPricing(width = 1280, height = 800) {
  const tracked = await openPage(browser, { viewport: { width, height } });
  await tracked.page.goto(`${server.url}/pricing`);
  await tracked.page.waitForFunction(() => (window as any).__reactRouterRouteModules !== undefined);
  return tracked;
}

async function openStates(page: Page): Promise<string[]> {
  const states: string[] = [];
  for (const group of pricingGroups) states.push((await trigger(page, group.title).getAttribute("aria-expanded")) ?? "");
  return states;
}

describe("pricing accordion", () => {
  it("opens Google Ads first and keeps one group open at a time", async () => {
    const tracked = await openPricing();
    const { page } = tracked;
    expect(await openStates(page)).toEqual(["true", "false", "false", "false", "false", "false", "false"]);
    expect(await panelOf(page, "googleAds").isVisible()).toBe(true);
    expect(await panelOf(page, "metaAds").isVisible()).toBe(false);

    await trigger(page, pricingGroups[2]!.title).click();
    await expect.poll(() => openStates(page)).toEqual(["false", "false", "true", "false", "false", "false", "false"]);
    expect(await panelOf(page, "googleAds").isVisible()).toBe(false);
    expect(await panelOf(page, "linkedinAds").isVisible()).toBe(true);
    expectNoConsoleErrors(tracked);
    await tracked.close();
  });

  it("collapses the open group when its trigger is pressed again", async () => {
    const tracked = await openPricing();
    const { page } = tracked;
    await trigger(page, pricingGroups[0]!.title).click();
    await expect.poll(() => openStates(page)).toEqual(Array(7).fill("false"));
    expect(await panelOf(page, "googleAds").isVisible()).toBe(false);
    await tracked.close();
  });

  it("gives each tier a Get Started link to the order wizard with its group's service", async () => {
    const tracked = await openPricing();
    const { page } = tracked;
    for (const group of pricingGroups) {
      if ((await trigger(page, group.title).getAttribute("aria-expanded")) === "false") await trigger(page, group.title).click();
      const links = panelOf(page, group.key).getByRole("link", { name: /^Get Started/ });
      await expect.poll(() => links.count()).toBe(group.tiers.length);
      for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
        expect(href).toBe(`/get-started?service=${group.key}`);
      }
    }
    await tracked.close();
  });

  it(`scrolls an opened group into view about ${PRICING_SCROLL_DELAY_MS} ms after opening it`, async () => {
    const tracked = await openPricing(1280, 700);
    const { page } = tracked;
    const last = pricingGroups.at(-1)!;
    const top = async () => Math.round((await page.locator(`[id="${last.key}"]`).boundingBox())!.y);
    // The last group sits near the bottom of the viewport when its trigger is pressed.
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
    await trigger(page, last.title).click();
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
    expectNoConsoleErrors(tracked);
    await tracked.close();
  });

  it("works with the keyboard alone", async () => {
    const tracked = await openPricing();
    const { page } = tracked;
    await trigger(page, pricingGroups[0]!.title).focus();
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(pricingGroups[1]!.title);
    await page.keyboard.press("Enter");
    await expect.poll(() => openStates(page)).toEqual(["false", "true", "false", "false", "false", "false", "false"]);
    await page.keyboard.press("Space");
    await expect.poll(() => openStates(page)).toEqual(Array(7).fill("false"));
    await tracked.close();
  });

  it("names each trigger's panel for screen readers and passes axe with a group open", async () => {
    const tracked = await openPricing();
    const { page } = tracked;
    const button = trigger(page, pricingGroups[0]!.title);
    const controls = await button.getAttribute("aria-controls");
    expect(await page.locator(`[id="${controls}"]`).getAttribute("role")).toBe("region");
    await trigger(page, pricingGroups[4]!.title).click();
    await expectNoAxeViolations(page);
    await tracked.close();
  });

  it("shows every tier to a visitor without JavaScript", async () => {
    const tracked = await openPage(browser, { viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
    const { page } = tracked;
    await page.goto(`${server.url}/pricing`);
    for (const group of pricingGroups) {
      for (const tier of group.tiers) expect(await page.getByText(tier.price, { exact: true }).first().isVisible(), tier.price).toBe(true);
      expect(
        await panelOf(page, group.key)
          .getByRole("link", { name: /^Get Started/ })
          .first()
          .isVisible(),
      ).toBe(true);
    }
    await tracked.close();
  });
});
