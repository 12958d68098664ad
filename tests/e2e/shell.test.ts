import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { site } from "#app/config/site.ts";
import { notFoundMeta } from "#app/content/not-found.ts";
import { serviceSummaries } from "#app/content/services.ts";
import { APP_SCRIPTS, expectNoAxeViolations, hydrated, holdAppScripts } from "#tests/support/browser.ts";
import { useBrowser, useSharedServer } from "#tests/support/e2e.ts";

const browser = useBrowser();
const server = useSharedServer();

/** The Services menu's disclosure, a `<summary>` (which Playwright gives no button role), and whether it is open. */
const servicesTrigger = (page: Page) => page.locator("summary[aria-label='Service pages']");
const servicesMenuOpen = (page: Page) => servicesTrigger(page).evaluate((summary) => (summary.parentElement as HTMLDetailsElement).open);

describe("navigation", () => {
  it("highlights the current route's item, and Services on a service page", async () => {
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/pricing`);
    const main = page.getByRole("navigation", { name: "Main" });
    await expect.poll(() => main.getByRole("link", { name: "Pricing" }).getAttribute("aria-current")).toBe("page");
    expect(await main.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    await page.goto(`${server.url}/services/analytics`);
    expect(await main.getByRole("link", { name: "Services" }).getAttribute("aria-current")).toBe("page");
  });

  it("opens the Services dropdown and reaches a service page with the keyboard alone", async () => {
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/`);
    await hydrated(page);
    const trigger = servicesTrigger(page);
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => servicesMenuOpen(page)).toBe(true);
    const list = page.getByRole("navigation", { name: "Service pages" }).getByRole("link");
    expect(await list.allTextContents()).toEqual(serviceSummaries.map((s) => s.name));
    // Tab enters the list, arrow keys move through it, Enter follows the focused link.
    const target = serviceSummaries[2]!;
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await page.keyboard.press("Tab");
    await expect.poll(focused).toBe(serviceSummaries[0]!.name);
    // Each key press is confirmed before the next, as a person sees the focus move.
    for (const next of serviceSummaries.slice(1, 3)) {
      await page.keyboard.press("ArrowDown");
      await expect.poll(focused).toBe(next.name);
    }
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.url}/services/${target.slug}`);
    await expect.poll(() => servicesMenuOpen(page)).toBe(false);
  });

  it("opens the drawer at the first tap without JavaScript, and closes it on Close menu, Escape or a tap outside", async () => {
    const { page } = await browser.openPage({ viewport: { width: 375, height: 740 }, javaScriptEnabled: false });
    await page.goto(`${server.url}/pricing`);
    const openButton = page.getByRole("button", { name: "Open menu" });
    const drawer = page.getByRole("dialog", { name: "Menu" });
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));

    await openButton.click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    // The page behind it stays where it is.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).toBe("hidden");
    await drawer.getByRole("button", { name: "Close menu" }).click();
    await expect.poll(() => drawer.count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).not.toBe("hidden");

    // The keyboard alone: focus moves in, Escape closes it and gives focus back to the button.
    await openButton.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => drawer.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest("dialog")?.id)).toBe("mobile-menu");
    await page.keyboard.press("Escape");
    await expect.poll(() => drawer.count()).toBe(0);
    await expect.poll(focusedLabel).toBe("Open menu");

    // A tap on the page beside it.
    await openButton.click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await page.mouse.click(10, 400);
    await expect.poll(() => drawer.count()).toBe(0);

    await openButton.click();
    await drawer.getByRole("link", { name: "Contact", exact: true }).click();
    await page.waitForURL(`${server.url}/contact`);
  });

  it("opens the drawer at the first tap before React is there, and once it is, closes it when a link is chosen", async () => {
    const { page } = await browser.openPage({ viewport: { width: 375, height: 740 } });
    // The app's scripts are held back until the drawer is open.
    const release = await holdAppScripts(page);
    await page.goto(`${server.url}/`);
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);

    release();
    await hydrated(page);
    // Navigation in place (the window is the same one) closes it too.
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await drawer.getByRole("link", { name: "Pricing", exact: true }).click();
    await page.waitForURL(`${server.url}/pricing`);
    await expect.poll(() => drawer.count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  /**
   * Opens the drawer and returns its left edge on each frame from the first one it is
   * painted in, until it has stood still at the right-hand edge for a few frames.
   */
  async function drawerFrames(
    reducedMotion: "reduce" | "no-preference",
  ): Promise<{ page: Page; lefts: number[]; restingLeft: number; restingRight: number }> {
    const { page } = await browser.openPage({ viewport: { width: 375, height: 740 }, reducedMotion });
    await page.goto(`${server.url}/`);
    await hydrated(page);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    await page.evaluate(() => {
      const w = window as unknown as { drawerLefts: number[]; drawerDone: boolean };
      w.drawerLefts = [];
      w.drawerDone = false;
      const observer = new MutationObserver(() => {
        const drawer = document.querySelector("dialog[open]");
        if (!drawer) return;
        observer.disconnect();
        const sample = () => {
          w.drawerLefts.push(drawer.getBoundingClientRect().left);
          const last = w.drawerLefts.slice(-5);
          if (last.length === 5 && last.every((left) => left === last[0])) w.drawerDone = true;
          else requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      });
      observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["open"] });
    });
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.waitForFunction(() => (window as unknown as { drawerDone: boolean }).drawerDone);
    const lefts = await page.evaluate(() => (window as unknown as { drawerLefts: number[] }).drawerLefts);
    const box = (await page.getByRole("dialog", { name: "Menu" }).boundingBox())!;
    return { page, lefts, restingLeft: box.x, restingRight: Math.round(box.x + box.width) };
  }

  it("opens the drawer titled Menu at 375 px, sliding in from the right (SPEC.md section 2), and closes it when a link is chosen", async () => {
    const { page, lefts, restingLeft, restingRight } = await drawerFrames("no-preference");
    // The first frame shows it off to the right, later ones closer, until it rests at the edge.
    expect(lefts[0]).toBeGreaterThan(restingLeft + 100);
    expect(lefts.filter((left, i) => i > 0 && left < lefts[i - 1]!).length).toBeGreaterThan(1);
    expect(lefts.at(-1)).toBe(restingLeft);
    expect(restingRight).toBe(375);

    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expectNoAxeViolations(page);
    expect(await drawer.getByRole("link", { name: "Get Free Audit" }).getAttribute("href")).toBe("/free-audit");
    for (const label of ["Home", "About", "Services", "Pricing", "Blog", "Contact"]) {
      expect(await drawer.getByRole("link", { name: label, exact: true }).count()).toBe(1);
    }
    await drawer.getByRole("link", { name: "Contact", exact: true }).click();
    await page.waitForURL(`${server.url}/contact`);
    await expect.poll(() => drawer.count()).toBe(0);
  });

  it("shows the drawer in place at once for a visitor who asks for reduced motion", async () => {
    const { lefts, restingLeft } = await drawerFrames("reduce");
    expect(new Set(lefts)).toEqual(new Set([restingLeft]));
  });

  it("scrolls to the top on a path change and restores the position on back; keeps a position through a reload after the app has navigated, before the app loads again", async () => {
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 600 } });
    // Reached from another page, so drawn in Inter like the pages after it (decision 0041): a first page is in
    // the fallback, whose heights differ where the machine has no metric-matched face (this one has none).
    await page.goto(`${server.url}/`, { referer: `${server.url}/about` });
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await page.locator("footer").getByRole("link", { name: "Case Studies" }).click();
    await page.waitForURL(`${server.url}/case-studies`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);

    await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click();
    await page.waitForURL(`${server.url}/privacy`);
    // Rendered, so the router has already scrolled the new page to the top: the scroll below is the visitor's.
    await page.getByRole("heading", { level: 1, name: /privacy/i }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
    // The page's inline script restores it as the document loads: the app's scripts are held back. Read as the
    // document is parsed: a font the cache gives late may then grow the text above, and Chromium's scroll
    // anchoring keep the same lines in view with it (this machine has no metric-matched fallback face).
    await page.addInitScript(() =>
      addEventListener("DOMContentLoaded", () => ((window as unknown as Record<string, number>).restoredY = scrollY), { once: true }),
    );
    await page.route(APP_SCRIPTS, (route) => route.abort());
    await page.reload();
    // Within 50 px: the page parsed so far may be too short to scroll to 900 yet (871 seen on a loaded machine).
    await expect
      .poll(() => page.evaluate(() => Math.abs(((window as unknown as Record<string, number | undefined>).restoredY ?? 0) - 900)))
      .toBeLessThan(50);
    await expect.poll(() => page.evaluate(() => Math.abs(window.scrollY - 900))).toBeLessThan(50);
  });
});

describe("loading", () => {
  const appScripts = (page: Page) => {
    const requested: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (APP_SCRIPTS.test(url.pathname)) requested.push(url.pathname);
    });
    return requested;
  };

  // docs/decisions/0021: the page is whole without JavaScript; React loads on the visitor's first sign of intent.
  it.each(["/", "/contact"])(
    "%s asks for no script but the banner's, after the load, until the visitor moves to act, then hydrates",
    async (path) => {
      // No choice saved: the banner coming up says the page has loaded and stood idle.
      const { page } = await browser.openPage({ viewport: { width: 375, height: 800 } }, { cookiesChosen: false });
      const requested = appScripts(page);
      // Any script, the app's or another (analytics is configured inline, decision 0023).
      const scripts: string[] = [];
      page.on("request", (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname));
      await page.goto(server.url + path);
      // The banner shows 1000 ms after the load event, by its own script: the page has loaded and stood idle.
      await expect.poll(() => page.locator('[aria-labelledby="cookie-banner-title"]').isVisible(), { timeout: 5000 }).toBe(true);
      // The banner's script is a file asked for once the page had loaded (decision 0043): never what the first paint waits for.
      expect(scripts).toEqual([expect.stringMatching(/^\/assets\/consent-page-script-[\w-]+\.js$/)]);
      const askedAfterLoad = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
        const file = performance.getEntriesByType("resource").find((entry) => entry.name.includes("-page-script-"));
        return file !== undefined && navigation !== undefined && file.startTime >= navigation.loadEventEnd;
      });
      expect(askedAfterLoad).toBe(true);
      expect(requested).toEqual([]);
      await hydrated(page);
      expect(requested.length).toBeGreaterThan(3);
    },
  );

  it("paints a first page in the metric-matched fallback, then fetches the site's cut of Inter for the next page", async () => {
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 800 } }, { firstVisit: true });
    const fonts: string[] = [];
    page.on("request", (request) => request.resourceType() === "font" && fonts.push(new URL(request.url()).pathname));
    await page.goto(`${server.url}/pricing`);
    // One file, the site's own cut, asked for once the page has painted: nothing before the first paint waits for it.
    await expect.poll(() => fonts).toEqual([expect.stringMatching(/^\/assets\/inter-site-wght-400-800-[\w-]+\.woff2$/)]);
    // Asked for is not yet arrived: the page has its timing once the file has come (a loaded machine takes a while).
    await page.waitForFunction(() => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/inter-site-")));
    const first = await page.evaluate(() => ({
      family: getComputedStyle(document.body).fontFamily,
      paint: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
      font: performance.getEntriesByType("resource").find((entry) => entry.name.includes("/inter-site-"))!.startTime,
      // No face of Inter's was loaded for the page: its text stays in the fallback, no swap.
      loaded: [...document.fonts].filter((face) => face.family.includes("Inter Variable") && face.status === "loaded").length,
    }));
    expect(first.family).toMatch(/^"Inter fallback"/);
    expect(first.font).toBeGreaterThanOrEqual(first.paint);
    expect(first.loaded).toBe(0);

    // The next page of the site draws its text in the cut from its first paint, from the cache.
    await page.goto(`${server.url}/about`, { referer: `${server.url}/pricing` });
    await page.evaluate(() => document.fonts.ready);
    const next = await page.evaluate(() => ({
      family: getComputedStyle(document.body).fontFamily,
      loaded: [...document.fonts]
        .filter((face) => face.family.includes("Inter Variable") && face.status === "loaded")
        .map((face) => face.unicodeRange),
      transferred: performance
        .getEntriesByType("resource")
        .find((entry): entry is PerformanceResourceTiming => entry.name.includes("/inter-site-"))?.transferSize,
    }));
    expect(next.family).toMatch(/^"Inter Variable"/);
    expect(next.loaded).toEqual([expect.stringMatching(/^U\+20-7E, /i)]);
    expect(next.transferred).toBe(0);
  });

  it("opens the Services menu at the first press before React is there; once it is, Escape or a press elsewhere closes it", async () => {
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 800 } });
    // The app's scripts are held back until the menu has opened.
    const release = await holdAppScripts(page);
    await page.goto(`${server.url}/`);
    const trigger = servicesTrigger(page);
    await trigger.click();
    const links = page.getByRole("navigation", { name: "Service pages" }).getByRole("link");
    await expect.poll(() => links.first().isVisible()).toBe(true);
    expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
    expect(await links.count()).toBe(serviceSummaries.length);
    release();
    await hydrated(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => servicesMenuOpen(page)).toBe(false);
    await trigger.click();
    await expect.poll(() => servicesMenuOpen(page)).toBe(true);
    await page.getByRole("heading", { level: 1 }).click();
    await expect.poll(() => servicesMenuOpen(page)).toBe(false);
  });

  it("follows a link pressed before React is there, or without it, as a document navigation", async () => {
    // The app's scripts never arrive (a dropped connection, a blocking proxy).
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 800 } }, { allowConsoleErrors: [/ERR_FAILED/] });
    const requested = appScripts(page);
    await page.route(APP_SCRIPTS, (route) => route.abort());
    await page.goto(`${server.url}/`);
    // The pointer over the page asks for them; they fail.
    await page.mouse.move(1, 1);
    await page.mouse.move(2, 2);
    await expect.poll(() => requested.length).toBeGreaterThan(0);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL(`${server.url}/pricing`);
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
  });

  it("asks for React's scripts only after the frame that answers the first press", async () => {
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/`);
    // Notes the first frame after the press, and when the loader turns the inert preloads into real ones.
    await page.evaluate(() => {
      const w = window as unknown as { pressedFrameAt?: number; askedAt?: number };
      addEventListener("pointerdown", () => requestAnimationFrame(() => (w.pressedFrameAt = performance.now())), {
        once: true,
        capture: true,
      });
      new MutationObserver(() => {
        if (document.querySelector('link[rel="modulepreload"]')) w.askedAt ??= performance.now();
      }).observe(document.head, { childList: true });
    });
    await page.locator("footer").getByRole("button", { name: "Cookie settings" }).dispatchEvent("pointerdown");
    await page.waitForFunction(() => (window as unknown as { askedAt?: number }).askedAt !== undefined);
    const { pressedFrameAt, askedAt } = await page.evaluate(() => {
      const w = window as unknown as { pressedFrameAt: number; askedAt: number };
      return { pressedFrameAt: w.pressedFrameAt, askedAt: w.askedAt };
    });
    expect(pressedFrameAt).toBeGreaterThan(0);
    expect(askedAt).toBeGreaterThan(pressedFrameAt);
  });
});

describe("error screens", () => {
  it("shows the 404 page, titled like every other page, for an unknown article and an unknown path alike, and logs the requested path", async () => {
    // Chromium reports each page's own 404 status.
    const { page } = await browser.openPage({}, { allowConsoleErrors: [/status of 404/] });
    const warnings: string[] = [];
    page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
    const expectTitled = async (path: string) => {
      expect(await page.title(), path).toBe(`${notFoundMeta.title} | ${site.name}`);
      expect(await page.locator("title").count(), path).toBe(1);
    };
    expect((await page.goto(`${server.url}/blog/no-such-article`))?.status()).toBe(404);
    await hydrated(page);
    await expectTitled("/blog/no-such-article");

    expect((await page.goto(`${server.url}/does/not/exist`))?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Oops! Page not found");
    await hydrated(page);
    await expectTitled("/does/not/exist");
    // The page logs it once hydrated.
    await expect.poll(() => warnings.some((w) => w.includes("/does/not/exist"))).toBe(true);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${server.url}/`);
  });

  it("shows the Unexpected Application Error! screen with the message when a page's data fails", async () => {
    // Chromium reports the failed data request this test answers with a 500.
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 800 } }, { allowConsoleErrors: [/status of 500/] });
    await page.goto(`${server.url}/`);
    await hydrated(page);
    // The server answers a client navigation's data request with a failure (the blog has data of its own to load).
    await page.route("**/blog.data*", (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Unexpected Application Error!");
    expect(await page.locator("main").textContent()).toMatch(/Error|boom|500/);
  });
});
