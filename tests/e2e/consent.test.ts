import type { Page, Response, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CONSENT_REVISION } from "#app/lib/consent.ts";
import { APP_SCRIPTS, type ConsoleChecks, expectNoAxeViolations, hydrated, type TrackedPage } from "#tests/support/browser.ts";
import { useBrowser, useServer, useSharedServer } from "#tests/support/e2e.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

// SPEC.md sections 8 and 9.
const BANNER_DELAY_MS = 1000;
const CONSENT_STORAGE_KEY = "cookie-consent";
const PARSE_ERROR_MESSAGE = "Error parsing cookie preferences:";

const MEASUREMENT_ID = "G-TEST12345";
/** Stands in for Google's tag (the machine has no internet): marks where in the queue it ran. */
const TAG_STUB = `window.dataLayer.push(["stub tag ran"]);`;
const ANALYTICS_GRANT = { analytics_storage: "granted" };
const MARKETING_GRANT = { ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" };
/** A prerendered page and a page rendered per request. */
const PAGES = ["/", "/contact"];

const browser = useBrowser();
const plain = useSharedServer();
const withGa = useServer(() => startServer({ GA_MEASUREMENT_ID: MEASUREMENT_ID }));

interface SitePage extends TrackedPage {
  /** Requests to Google's tag, answered by the stub. */
  tagRequests: string[];
  /** Any other request that tried to leave the site, stopped. */
  outside: string[];
}

/** Notes, in ms since navigation started, the load event and when the banner is first shown. */
function recordBannerTime() {
  const w = window as unknown as { loadedAt?: number; bannerShownAt?: number; bannerDrawnAt?: number };
  addEventListener("load", () => (w.loadedAt = performance.now()), { once: true });
  const observer = new MutationObserver(() => {
    const shown = document.querySelector('[aria-labelledby="cookie-banner-title"]:not([hidden])');
    if (w.bannerShownAt !== undefined || !shown) return;
    w.bannerShownAt = performance.now();
    observer.disconnect();
    // The end of the frame that draws it: the start of the next.
    requestAnimationFrame(() => requestAnimationFrame((frameEnd) => (w.bannerDrawnAt = frameEnd)));
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden"] });
}

function sendGlobalPrivacyControl() {
  Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true, configurable: true });
}

/** How many of each page's requests are still on their way. */
const loading = new WeakMap<Page, () => number>();

/** Pages whose timers run on a clock the test moves: the others keep the browser's own. */
const clocked = new WeakSet<Page>();

async function openSite(
  server: Pick<RunningServer, "url">,
  { gpc = false, clock = true, ...checks }: { gpc?: boolean; clock?: boolean } & ConsoleChecks = {},
): Promise<SitePage> {
  // These tests are about the banner and the choice: none is saved unless a test saves one.
  const tracked = await browser.openPage({ viewport: { width: 1280, height: 800 } }, { cookiesChosen: false, ...checks });
  if (clock) {
    // The page's timers run on a clock the test can move (runPastBannerDelay); left alone, it keeps real time.
    await tracked.page.clock.install();
    clocked.add(tracked.page);
  }
  let inFlight = 0;
  tracked.page.on("request", () => inFlight++);
  tracked.page.on("requestfinished", () => inFlight--);
  tracked.page.on("requestfailed", () => inFlight--);
  loading.set(tracked.page, () => inFlight);
  const context = tracked.page.context();
  const origin = new URL(server.url).origin;
  const tagRequests: string[] = [];
  const outside: string[] = [];
  // Noted, not intercepted: routing a page's requests through the test costs every one of them a round
  // trip, and only the site with analytics has one to answer (Google's tag, by the stub).
  context.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin === origin) return;
    if (url.origin === "https://www.googletagmanager.com") tagRequests.push(request.url());
    else outside.push(request.url());
  });
  if (server === withGa) {
    await context.route("https://www.googletagmanager.com/**", (route) =>
      route.fulfill({ contentType: "text/javascript", body: TAG_STUB }),
    );
  }
  await context.addInitScript(recordBannerTime);
  if (gpc) await context.addInitScript(sendGlobalPrivacyControl);
  return { ...tracked, tagRequests, outside };
}

const banner = (page: Page) => page.getByRole("region", { name: "We value your privacy" });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Cookie Settings" });

/**
 * Runs the page's clock (installed by openSite) past the banner's delay, so no
 * real time is spent on it, then sets the page's wall clock back to the real
 * one, which the saved choice's timestamp must read. The delay starts at the
 * load event, hydrated or not.
 */
async function runPastBannerDelay(page: Page) {
  await page.waitForFunction(() => document.readyState === "complete");
  if (!clocked.has(page)) return;
  await page.clock.runFor(BANNER_DELAY_MS);
  await page.clock.setSystemTime(Date.now());
}

async function bannerShown(page: Page) {
  await runPastBannerDelay(page);
  await banner(page).waitFor({ state: "visible" });
}

async function bannerGone(page: Page) {
  await banner(page).waitFor({ state: "detached" });
}

/**
 * Lets the page finish what it started, on its clock: what it asked for is
 * loaded, its timers are run (React may hold back content that was loading
 * for 300 ms) and it has drawn frames since, a few times over, as the 700 ms
 * the real-time check gave it did.
 */
async function settle(page: Page) {
  for (let round = 0; round < 3; round++) {
    await expect.poll(loading.get(page)!).toBe(0);
    await page.clock.runFor(250);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  await page.clock.setSystemTime(Date.now());
}

/** Past the banner's delay, and settled: were the banner coming, it would be there. */
async function expectNoBanner(page: Page) {
  await runPastBannerDelay(page);
  await settle(page);
  expect(await banner(page).count()).toBe(0);
}

async function storedConsent(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
}

/** Saves a value for the site's origin from a URL that runs none of the site's scripts, then opens `path`. */
async function openWithStored(page: Page, server: Pick<RunningServer, "url">, value: string, path = "/") {
  await page.goto(`${server.url}/healthz`);
  await page.evaluate(([key, v]) => localStorage.setItem(key!, v!), [CONSENT_STORAGE_KEY, value]);
  await page.goto(server.url + path);
}

/** A choice saved under the current policy, as the banner's script stores it. */
function savedChoice(choices: { analytics: boolean; marketing: boolean; functional: boolean }, at = new Date()): string {
  return JSON.stringify({ essential: true, ...choices, timestamp: at.toISOString(), revision: CONSENT_REVISION });
}

function expectSaved(
  saved: Record<string, unknown> | null,
  choices: { analytics: boolean; marketing: boolean; functional: boolean },
  since: number,
) {
  expect(saved).toEqual({ essential: true, ...choices, timestamp: expect.any(String), revision: CONSENT_REVISION });
  const at = Date.parse(saved!.timestamp as string);
  expect(new Date(at).toISOString()).toBe(saved!.timestamp);
  expect(at).toBeGreaterThanOrEqual(since - 1000);
  expect(at).toBeLessThanOrEqual(Date.now() + 1000);
}

/** Everything queued for Google's tag, in order, as plain arrays. */
async function dataLayer(page: Page): Promise<unknown[][] | undefined> {
  return page.evaluate(() => {
    const queue = (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer;
    return queue && Array.from(queue, (entry) => Array.from(entry));
  });
}

async function consentUpdates(page: Page): Promise<unknown[]> {
  const queue = (await dataLayer(page)) ?? [];
  return queue.filter((entry) => entry[0] === "consent" && entry[1] === "update").map((entry) => entry[2]);
}

/** With no GA_MEASUREMENT_ID, whatever the choice: no tag allowed or asked for, no gtag, no dataLayer, nothing sent elsewhere. */
async function expectNoTag(site: SitePage, response: Response | null) {
  expect(response?.headers()["content-security-policy"]).not.toContain("googletagmanager");
  expect(await site.page.evaluate(() => ({ gtag: typeof (window as any).gtag, dataLayer: typeof (window as any).dataLayer }))).toEqual({
    gtag: "undefined",
    dataLayer: "undefined",
  });
  expect(site.tagRequests).toEqual([]);
  expect(site.outside).toEqual([]);
}

async function switches(page: Page) {
  const d = dialog(page);
  const state = async (name: string) => {
    const control = d.getByRole("switch", { name, exact: true });
    return { checked: await control.getAttribute("aria-checked"), disabled: await control.isDisabled() };
  };
  return {
    essential: await state("Essential"),
    analytics: await state("Analytics"),
    marketing: await state("Marketing"),
    functional: await state("Functional"),
  };
}

const on = { checked: "true", disabled: false };
const off = { checked: "false", disabled: false };
const locked = { checked: "true", disabled: true };

describe("the cookie banner", () => {
  it("is hidden at first and appears 1000 ms after the load event, fixed at the bottom over the page; with no GA_MEASUREMENT_ID, Accept All loads no tag", async () => {
    // The browser's own clock and frames: this test measures the delay itself.
    const site = await openSite(plain, { clock: false });
    const { page } = site;
    const response = await page.goto(`${plain.url}/`);
    // Hidden at first: the stamps below show it came no sooner than the delay after the load (asking for it
    // once goto returns would race that delay on a slow machine).
    await banner(page).waitFor({ state: "visible" });
    await page.waitForFunction(() => (window as unknown as { bannerDrawnAt?: number }).bannerDrawnAt !== undefined);
    const { loadedAt, bannerShownAt, bannerDrawnAt } = await page.evaluate(() => {
      const w = window as unknown as { loadedAt: number; bannerShownAt: number; bannerDrawnAt: number };
      return { loadedAt: w.loadedAt, bannerShownAt: w.bannerShownAt, bannerDrawnAt: w.bannerDrawnAt };
    });
    // Never early; late only by what a busy machine adds (npm run bench banner measures it: 1.00-1.02 s on a quiet one).
    expect(bannerShownAt - loadedAt).toBeGreaterThanOrEqual(BANNER_DELAY_MS - 5);
    expect(bannerDrawnAt - loadedAt).toBeLessThan(BANNER_DELAY_MS + 750);

    const layout = await banner(page).evaluate((el) => ({
      position: getComputedStyle(el).position,
      bottom: Math.round(el.getBoundingClientRect().bottom),
      pageHeight: document.documentElement.scrollHeight,
    }));
    expect(layout.position).toBe("fixed");
    expect(layout.bottom).toBe(800);
    // Reject is as easy to reach as Accept: same size, same look.
    const [reject, accept] = await Promise.all(
      ["Reject All", "Accept All"].map((name) =>
        banner(page)
          .getByRole("button", { name, exact: true })
          .evaluate((el) => ({
            className: el.className,
            width: el.getBoundingClientRect().width,
            height: el.getBoundingClientRect().height,
          })),
      ),
    );
    expect(reject!.className).toBe(accept!.className);
    expect(reject!.height).toBe(accept!.height);
    expect(Math.abs(reject!.width - accept!.width)).toBeLessThan(8);

    await expectNoAxeViolations(page);

    // Accept All saves the choice; with no GA_MEASUREMENT_ID there is no tag to grant it to.
    const since = Date.now();
    await banner(page).getByRole("button", { name: "Accept All", exact: true }).click();
    await bannerGone(page);
    expectSaved(await storedConsent(page), { analytics: true, marketing: true, functional: true }, since);
    await expectNoTag(site, response);
  });

  // On /contact, a page rendered per request: "before the page hydrates" below.
  it("appears on a page that does not exist too, with no axe violations", async () => {
    // Chromium reports the 404 status of the page itself.
    const { page } = await openSite(plain, { allowConsoleErrors: [/^Failed to load resource: the server responded with a status of 404/] });
    await page.goto(`${plain.url}/does/not/exist`);
    await bannerShown(page);
    await expectNoAxeViolations(page);
  });

  // Accept All: the first test; the three refusals: "Google Analytics behind consent" below.
  it("does not move the page when it appears, shows all switches on and essential on and disabled in Cookie Settings, and saves a custom mix, granting exactly its part", async () => {
    const { page } = await openSite(withGa);
    await page.goto(`${withGa.url}/`);
    await hydrated(page);
    const layout = () =>
      page.evaluate(() => [document.documentElement.scrollHeight, document.querySelector("main")!.getBoundingClientRect().top]);
    const before = await layout();
    await bannerShown(page);
    expect(await layout()).toEqual(before);

    await banner(page).getByRole("button", { name: "Settings" }).click();
    await dialog(page).waitFor({ state: "visible" });
    expect(await switches(page)).toEqual({ essential: locked, analytics: on, marketing: on, functional: on });
    await expectNoAxeViolations(page);

    // A label toggles its switch too.
    await dialog(page).getByText("Marketing", { exact: true }).click();
    await dialog(page).getByRole("switch", { name: "Functional" }).click();
    expect(await switches(page)).toEqual({ essential: locked, analytics: on, marketing: off, functional: off });
    const since = Date.now();
    await dialog(page).getByRole("button", { name: "Save Preferences" }).click();
    await dialog(page).waitFor({ state: "detached" });
    await bannerGone(page);
    expectSaved(await storedConsent(page), { analytics: true, marketing: false, functional: false }, since);
    expect(await consentUpdates(page)).toEqual([ANALYTICS_GRANT]);
    await page.reload();
    await expectNoBanner(page);
  });

  // The rules themselves (12 months, the policy's revision, SPEC.md's format without one): tests/unit/consent.test.ts.
  // Here the page follows them: it asks again after a choice it cannot read, which it logs, and keeps one it can.
  it("asks again after an unreadable choice, which it logs, and keeps one in SPEC.md's own format (no revision)", async () => {
    const site = await openSite(plain, { allowConsoleErrors: [new RegExp(`^${PARSE_ERROR_MESSAGE}`)] });
    const { page } = site;
    const parseErrors = () => site.errors.filter((text) => text.startsWith(PARSE_ERROR_MESSAGE));
    await openWithStored(page, plain, "{not json");
    await bannerShown(page);
    expect(parseErrors()).toHaveLength(1);
    const specFormat = { essential: true, analytics: false, marketing: false, functional: true, timestamp: new Date().toISOString() };
    await openWithStored(page, plain, JSON.stringify(specFormat));
    await expectNoBanner(page);
  });

  it("starts with marketing off, under Accept All too, when the browser sends Global Privacy Control", async () => {
    const { page } = await openSite(plain, { gpc: true });
    await page.goto(`${plain.url}/`);
    await bannerShown(page);
    expect(await banner(page).textContent()).toContain("Global Privacy Control");
    await banner(page).getByRole("button", { name: "Settings" }).click();
    expect(await switches(page)).toEqual({ essential: locked, analytics: on, marketing: off, functional: on });
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    const since = Date.now();
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await bannerGone(page);
    expectSaved(await storedConsent(page), { analytics: true, marketing: false, functional: true }, since);

    // The visitor's own switch still turns marketing on.
    await page.locator("footer").getByRole("button", { name: "Cookie settings" }).click();
    await dialog(page).getByRole("switch", { name: "Marketing" }).click();
    await dialog(page).getByRole("button", { name: "Save Preferences" }).click();
    await dialog(page).waitFor({ state: "detached" });
    expectSaved(await storedConsent(page), { analytics: true, marketing: true, functional: true }, since);
  });
});

describe("before the page hydrates", () => {
  const isHydrated = (page: Page) =>
    page.evaluate(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);

  it.each([
    ["/", false],
    // The banner's axe check on a page rendered per request (on a prerendered one: the first test).
    ["/contact", true],
  ])("%s: the banner shows 1000 ms after load and Accept All acts on the first click, with no bundle at all", async (path, checkAxe) => {
    // The root route's module never arrives, so the page never hydrates: it stays as its HTML and inline scripts left it.
    const { page } = await openSite(plain, { allowConsoleErrors: [/^Failed to load resource/] });
    await page.route(/\/assets\/root-.*\.js$/, (route) => route.abort());
    await page.goto(plain.url + path);
    await bannerShown(page);
    expect(await isHydrated(page)).toBe(false);
    if (checkAxe) await expectNoAxeViolations(page);
    const since = Date.now();
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await bannerGone(page);
    expectSaved(await storedConsent(page), { analytics: true, marketing: true, functional: true }, since);
    expect(await isHydrated(page)).toBe(false);
  });

  it("Cookie settings opens at once, and hydration arriving meanwhile leaves it working", async () => {
    const { page } = await openSite(plain);
    // Every script of the bundle is held until the dialog is open.
    const held: Route[] = [];
    let released = false;
    await page.route(APP_SCRIPTS, (route) => (released ? route.continue() : void held.push(route)));
    await page.goto(`${plain.url}/`, { waitUntil: "commit" });
    // Parsed: the inline scripts have run.
    await page.waitForFunction(() => document.readyState !== "loading");
    // From the keyboard: the banner, shown a second after the load, may already cover the footer's
    // button where a click would land on a loaded machine.
    await page.locator("footer").getByRole("button", { name: "Cookie settings" }).focus();
    await page.keyboard.press("Enter");
    await dialog(page).waitFor({ state: "visible" });
    expect(await isHydrated(page)).toBe(false);
    await dialog(page).getByRole("switch", { name: "Marketing" }).click();

    released = true;
    await Promise.all(held.map((route) => route.continue()));
    await hydrated(page);
    expect(await switches(page)).toEqual({ essential: locked, analytics: on, marketing: off, functional: on });
    await dialog(page).getByRole("button", { name: "Save Preferences" }).click();
    await dialog(page).waitFor({ state: "detached" });
    expect(await storedConsent(page)).toMatchObject({ analytics: true, marketing: false, functional: true });
    await expectNoBanner(page);
  });

  it("before its script has come, Cookie settings opens at the first press and a switch pressed is held, then answered", async () => {
    const { page } = await openSite(plain, { clock: false });
    // The banner's script is a file the page asks for after its load (decision 0043): held here until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/-page-script-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await openWithStored(page, plain, savedChoice({ analytics: false, marketing: true, functional: false }));
    await page.waitForFunction(() => document.readyState === "complete");
    // The browser opens it (an invoker command): the switches still show the page's defaults.
    await page.locator("footer").getByRole("button", { name: "Cookie settings" }).click();
    await dialog(page).waitFor({ state: "visible" });
    const marketing = dialog(page).getByRole("switch", { name: "Marketing", exact: true });
    await marketing.click();
    // Heard at once, and held for the script.
    expect(await marketing.getAttribute("aria-busy")).toBe("true");

    release();
    // The script shows the saved choice, then the held press turns Marketing off.
    await expect.poll(() => marketing.getAttribute("aria-busy")).toBeNull();
    expect(await switches(page)).toEqual({ essential: locked, analytics: off, marketing: off, functional: off });
    await dialog(page).getByRole("button", { name: "Save Preferences" }).click();
    await dialog(page).waitFor({ state: "detached" });
    expect(await storedConsent(page)).toMatchObject({ analytics: false, marketing: false, functional: false });
  });
});

/**
 * The visitor's press and the frame that answers it, on the browser's own
 * clock: the event's timestamp (when the input reached the page) to the end
 * of the first frame that draws the open dialog, which is the start of the
 * frame after it (a frame's own start can precede the press: input is handled
 * inside the frame).
 */
function recordPressToFrame() {
  const w = window as unknown as { pressedAt?: number; answeredAt?: number; framesToOpen?: number };
  let frames = 0;
  const count = () => {
    frames++;
    if (w.framesToOpen === undefined) requestAnimationFrame(count);
  };
  document.addEventListener(
    "click",
    (event) => {
      w.pressedAt ??= event.timeStamp;
      requestAnimationFrame(count);
    },
    { capture: true },
  );
  const observer = new MutationObserver(() => {
    if (!document.querySelector("dialog[open]")) return;
    observer.disconnect();
    w.framesToOpen = frames;
    requestAnimationFrame(() => requestAnimationFrame((frameEnd) => (w.answeredAt = frameEnd)));
  });
  observer.observe(document.body, { attributes: true, subtree: true, attributeFilter: ["open"] });
}

describe("Cookie settings opens within 100 ms of the click", () => {
  it.each([
    ["the footer", "before hydration"],
    ["the banner", "after hydration"],
  ])("from %s, %s", async (from, when) => {
    // The browser's own clock and frames: a test clock would run its own timers in place of the frames measured.
    const { page } = await openSite(plain, { clock: false });
    if (from === "the footer") {
      // A choice saved earlier: no banner comes up over the footer, however late the click.
      await openWithStored(page, plain, savedChoice({ analytics: false, marketing: false, functional: false }));
    } else {
      await page.goto(`${plain.url}/`);
    }
    if (when === "after hydration") await hydrated(page);
    else expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
    await page.evaluate(recordPressToFrame);
    if (from === "the banner") {
      await bannerShown(page);
      await banner(page).getByRole("button", { name: "Settings" }).click();
    } else {
      await page.locator("footer").getByRole("button", { name: "Cookie settings" }).click();
    }
    await dialog(page).waitFor({ state: "visible" });
    await page.waitForFunction(() => (window as unknown as { answeredAt?: number }).answeredAt !== undefined);
    const { latency, framesToOpen } = await page.evaluate(() => {
      const w = window as unknown as { pressedAt: number; answeredAt: number; framesToOpen: number };
      return { latency: w.answeredAt - w.pressedAt, framesToOpen: w.framesToOpen };
    });
    expect(latency).toBeGreaterThanOrEqual(0);
    // The target is 100 ms on a quiet machine (docs/performance-targets.md), which npm run bench banner measures.
    // Here, on a machine busy with the other tests, the press is held to frames, not milliseconds: the dialog
    // opens in the task of the click, before the next frame, as a press that waited on React or the network
    // would not.
    console.log(`Cookie settings from ${from}, ${when}: ${Math.round(latency)} ms to the frame that draws it`);
    expect(framesToOpen).toBe(0);
  });
});

describe("Cookie settings in the footer", () => {
  it("reopens the dialog with the saved choice, traps focus, closes on Escape and returns focus; with no GA_MEASUREMENT_ID no tag loads", async () => {
    // A page rendered per request (the prerendered one's tag check: the first test).
    const site = await openSite(plain);
    const { page } = site;
    const response = await page.goto(`${plain.url}/contact`);
    await bannerShown(page);
    await banner(page).getByRole("button", { name: "Reject All", exact: true }).click();
    await bannerGone(page);

    const footerButton = page.locator("footer").getByRole("button", { name: "Cookie settings" });
    await footerButton.focus();
    await page.keyboard.press("Enter");
    await dialog(page).waitFor({ state: "visible" });
    expect(await switches(page)).toEqual({ essential: locked, analytics: off, marketing: off, functional: off });
    await expectNoAxeViolations(page);

    const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog, [role="dialog"]')));
    expect(await focusInDialog()).toBe(true);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInDialog()).toBe(true);
    }

    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Cookie settings");
    // Closing without saving keeps the choice and shows no banner.
    expect(await storedConsent(page)).toMatchObject({ analytics: false, marketing: false, functional: false });
    expect(await banner(page).count()).toBe(0);

    // A change of mind is saved the same way.
    await footerButton.click();
    await dialog(page).getByRole("switch", { name: "Analytics" }).click();
    await dialog(page).getByRole("button", { name: "Save Preferences" }).click();
    await dialog(page).waitFor({ state: "detached" });
    expect(await storedConsent(page)).toMatchObject({ analytics: true, marketing: false, functional: false });
    await expectNoTag(site, response);
  });
});

describe("Google Analytics behind consent", () => {
  // With no GA_MEASUREMENT_ID: the first test and the footer's above.
  it.each(PAGES)(
    "%s: sets every consent to denied before Google's tag loads (CSP without unsafe-inline); Accept All grants analytics and ads, at once again on reload, and a withdrawal in Cookie settings denies again",
    async (path) => {
      const site = await openSite(withGa);
      const { page } = site;
      const response = await page.goto(withGa.url + path);
      const csp = response?.headers()["content-security-policy"] ?? "";
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
      expect(scriptSrc).toContain("https://www.googletagmanager.com");
      expect(scriptSrc).not.toContain("unsafe-inline");
      expect(csp).toMatch(/connect-src[^;]*https:\/\/\*\.google-analytics\.com/);

      await expect.poll(() => site.tagRequests).toEqual([`https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`]);
      await expect.poll(async () => (await dataLayer(page))?.some((entry) => entry[0] === "stub tag ran")).toBe(true);
      const queue = (await dataLayer(page))!;
      const defaults = queue.findIndex((entry) => entry[0] === "consent" && entry[1] === "default");
      const tagRan = queue.findIndex((entry) => entry[0] === "stub tag ran");
      expect(defaults).toBeGreaterThanOrEqual(0);
      expect(defaults).toBeLessThan(tagRan);
      expect(queue[defaults]![2]).toMatchObject({
        analytics_storage: "denied",
        ad_storage: "denied",
        ad_user_data: "denied",
        ad_personalization: "denied",
      });
      expect(queue).toContainEqual(["config", MEASUREMENT_ID]);
      // Nothing is granted before the visitor chooses.
      await bannerShown(page);
      expect(await consentUpdates(page)).toEqual([]);
      expect(site.outside).toEqual([]);

      await banner(page).getByRole("button", { name: "Accept All" }).click();
      await bannerGone(page);
      expect(await consentUpdates(page)).toEqual([ANALYTICS_GRANT, MARKETING_GRANT]);

      // The saved choice: granted again at once, and no banner.
      await page.reload();
      await hydrated(page);
      await expect.poll(() => consentUpdates(page)).toEqual([ANALYTICS_GRANT, MARKETING_GRANT]);
      await expectNoBanner(page);

      await page.locator("footer").getByRole("button", { name: "Cookie settings" }).click();
      await dialog(page).getByRole("switch", { name: "Marketing" }).click();
      await dialog(page).getByRole("button", { name: "Save Preferences" }).click();
      await dialog(page).waitFor({ state: "detached" });
      expect((await consentUpdates(page)).slice(2)).toEqual([
        ANALYTICS_GRANT,
        { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" },
      ]);
      expect(site.outside).toEqual([]);
    },
  );

  it("Reject All, the close icon and the Reject All Cookies link each save a refusal and send no update, nor does the refusal saved on the next load", async () => {
    const { page } = await openSite(withGa);
    await page.goto(`${withGa.url}/`);
    for (const [index, name] of ["Reject All", "Close and reject all cookies", "Reject All Cookies"].entries()) {
      if (index > 0) {
        // The refusal forgotten: the banner asks again.
        await page.evaluate((key) => localStorage.removeItem(key), CONSENT_STORAGE_KEY);
        await page.reload();
      }
      await bannerShown(page);
      const since = Date.now();
      await banner(page).getByRole("button", { name, exact: true }).click();
      await bannerGone(page);
      expectSaved(await storedConsent(page), { analytics: false, marketing: false, functional: false }, since);
      expect(await page.evaluate(() => typeof (window as any).gtag)).toBe("function");
      expect(await consentUpdates(page), name).toEqual([]);
    }
    await page.reload();
    await expectNoBanner(page);
    expect(await consentUpdates(page)).toEqual([]);
  });

  it.each([
    // Each switch's grant once, on a prerendered page and on one rendered per request (analytics only: the banner's
    // Cookie Settings test above; all together: Accept All above; every mix of the rules themselves: tests/unit/consent.test.ts).
    ["/contact", "marketing and functional", { analytics: false, marketing: true, functional: true }, [MARKETING_GRANT]],
    ["/", "functional only (no update)", { analytics: false, marketing: false, functional: true }, []],
  ])("%s: Save Preferences with %s sends exactly its grants", async (path, _label, choices, expected) => {
    const { page } = await openSite(withGa);
    await page.goto(withGa.url + path);
    await bannerShown(page);
    await banner(page).getByRole("button", { name: "Settings" }).click();
    for (const [name, wanted] of Object.entries(choices)) {
      const label = name[0]!.toUpperCase() + name.slice(1);
      const control = dialog(page).getByRole("switch", { name: label });
      if ((await control.getAttribute("aria-checked")) !== String(wanted)) await control.click();
    }
    await dialog(page).getByRole("button", { name: "Save Preferences" }).click();
    await dialog(page).waitFor({ state: "detached" });
    await bannerGone(page);
    expect(await consentUpdates(page)).toEqual(expected);
    expect(await storedConsent(page)).toMatchObject(choices);
  });
});
