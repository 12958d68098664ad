import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, RunOptions } from "axe-core";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Locator, type Page } from "playwright-core";
import { expect } from "vitest";
import { CONSENT_STORAGE_KEY, REJECT_ALL, serializeConsent, toPreferences } from "#app/lib/consent.ts";
import { HYDRATED_EVENT } from "#app/before-react/hydration-on-intent.ts";
import { SITE_HOST } from "#tests/support/site.ts";

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** Flags that keep Debian's Chromium quiet on a machine without outside network. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/**
 * A test's pages: V8's interpreter and baseline code only, without compiler threads. A test's page runs
 * its scripts for seconds, too short for the optimizing tiers to pay back what they compile (routes.test.ts
 * 30.1 CPU-s to 27.0, decision 0060). What a script does is the same; only its speed differs, so the
 * bench, which measures that speed, launches without them.
 */
const TEST_PAGE_JS_FLAGS = "--js-flags=--no-opt,--no-maglev,--single-threaded";

export function launchBrowser({ measured = false }: { measured?: boolean } = {}): Promise<Browser> {
  // The TLS topology's host name (tests/support/site.ts) resolves to loopback, where nginx listens.
  const args = [...CHROMIUM_ARGS, ...(measured ? [] : [TEST_PAGE_JS_FLAGS]), `--host-resolver-rules=MAP ${SITE_HOST} 127.0.0.1`];
  return chromium.launch({ executablePath: CHROMIUM_PATH, args, headless: true });
}

export interface TrackedPage {
  page: Page;
  /** console.error messages and uncaught exceptions seen so far. */
  errors: string[];
  /** Those of `errors` the test did not name in `allowConsoleErrors`: a test fails on any (tests/support/e2e.ts). */
  unexpectedErrors(): string[];
  close(): Promise<void>;
}

export interface ConsoleChecks {
  /** The console errors this test expects, such as a status it asks for or a log it tests; any other fails it. */
  allowConsoleErrors?: RegExp[];
  /** A visitor's first visit: a page in a new context, its cache empty, never reused (what a test of the first load needs). */
  firstVisit?: boolean;
}

/**
 * The pages a finished test left, cleared, by browser and by the settings their context was made
 * with: a test that opens a page with the same settings takes one. A new page costs Chromium a
 * renderer's start and a cold compile of every script of the site, which a page that stays on the
 * site keeps: about 2.5 CPU-s a page on a two-core machine, against 1 in a reused one (decision 0059).
 * What a test leaves (cookies, storage, routes, init scripts, listeners, other pages) is cleared
 * before the next takes the page; one whose change cannot be undone is closed with its context.
 */
const idlePages = new WeakMap<Browser, Map<string, Page[]>>();

/** Settings a context keeps for its life and that clearing cannot reach: such a page is never reused. */
const KEPT_FOR_LIFE = ["storageState", "recordHar", "recordVideo", "httpCredentials", "geolocation", "permissions", "proxy", "baseURL"];
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };
/** Events a test may listen to, whose listeners go with the test. */
const PAGE_EVENTS = [
  "console",
  "pageerror",
  "request",
  "response",
  "requestfinished",
  "requestfailed",
  "dialog",
  "popup",
  "framenavigated",
  "load",
  "domcontentloaded",
  "download",
  "filechooser",
  "websocket",
  "worker",
] as const;
const CONTEXT_EVENTS = ["request", "response", "requestfinished", "requestfailed", "console", "page", "weberror", "dialog"] as const;

/** What tests did to a page and its context that its reuse must undo, or cannot. */
interface PageUse {
  initScripts: Array<{ dispose(): Promise<void> }>;
  undoable: boolean;
}
const pageUses = new WeakMap<Page, PageUse>();

/** Watches the methods a test may call: an init script is disposed after the test, and the rest make the page one-use. */
function watch(target: Page | BrowserContext, use: PageUse, oneUseMethods: string[]): void {
  const methods = target as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const addInitScript = methods.addInitScript!.bind(target);
  const replaced: Record<string, (...args: unknown[]) => Promise<unknown>> = {
    addInitScript: async (...args) => {
      const script = (await addInitScript(...args)) as { dispose(): Promise<void> };
      use.initScripts.push(script);
      return script;
    },
  };
  for (const name of oneUseMethods) {
    const method = methods[name]!.bind(target);
    replaced[name] = (...args) => {
      use.undoable = false;
      return method(...args);
    };
  }
  Object.assign(target, replaced);
}

/**
 * Clears what the test left in `page` and its context; false if something stays (they are then closed).
 * The page stays on the site (its /healthz), so the next test's first load is a same-site navigation in the same renderer.
 */
async function cleared(page: Page, use: PageUse): Promise<boolean> {
  if (!use.undoable || page.isClosed()) return false;
  const context = page.context();
  try {
    await Promise.all(
      context
        .pages()
        .filter((other) => other !== page)
        .map((other) => other.close()),
    );
    for (const script of use.initScripts.splice(0)) await script.dispose();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.unrouteAll({ behavior: "ignoreErrors" });
    for (const event of PAGE_EVENTS) page.removeAllListeners(event);
    for (const event of CONTEXT_EVENTS) context.removeAllListeners(event);
    const { protocol, origin } = new URL(page.url());
    if (protocol === "http:" || protocol === "https:") {
      // The page's own scripts stop, on a document of the same site that runs none.
      const answer = await page.goto(`${origin}/healthz`, { timeout: 15_000 }).catch(() => null);
      if (!answer?.ok()) return false;
      await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
    }
    await context.clearCookies();
    const left = await context.storageState();
    return left.cookies.length === 0 && left.origins.length === 0;
  } catch {
    return false;
  }
}

/** A cleared page whose context was made with these settings, or a new one in a new context. */
async function pageFor(browser: Browser, options: BrowserContextOptions, firstVisit: boolean): Promise<{ page: Page; kind?: string }> {
  const { viewport, extraHTTPHeaders, ...settings } = options;
  // A page without an emulated viewport keeps none: it is never handed to a test that sets one.
  const oneUse = firstVisit || viewport === null || Object.keys(settings).some((name) => KEPT_FOR_LIFE.includes(name));
  const kind = oneUse ? undefined : JSON.stringify(settings);
  const reused = kind === undefined ? undefined : idlePages.get(browser)?.get(kind)?.pop();
  if (reused) {
    await reused.context().setExtraHTTPHeaders(extraHTTPHeaders ?? {});
    // Given as the context's setting, or the default: the page takes what this test asks.
    await reused.setViewportSize(viewport ?? DEFAULT_VIEWPORT);
    return { page: reused, kind };
  }
  const context = await browser.newContext(options);
  await context.addInitScript(
    ([event, flag]) => addEventListener(event!, () => ((window as unknown as Record<string, boolean>)[flag!] = true), { once: true }),
    [HYDRATED_EVENT, HYDRATED_FLAG],
  );
  const page = await context.newPage();
  if (kind !== undefined) {
    const use: PageUse = { initScripts: [], undoable: true };
    watch(context, use, ["exposeBinding", "exposeFunction", "setGeolocation", "setHTTPCredentials", "setOffline", "grantPermissions"]);
    watch(page, use, ["exposeBinding", "exposeFunction", "setExtraHTTPHeaders", "emulateMedia"]);
    pageUses.set(page, use);
  }
  return { page, kind };
}

/** A page as fresh as a new one (new, or cleared of the last test's) that records console errors and page crashes. */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
  { allowConsoleErrors = [], firstVisit = false }: ConsoleChecks = {},
): Promise<TrackedPage> {
  const { page, kind } = await pageFor(browser, options, firstVisit);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return {
    page,
    errors,
    unexpectedErrors: () => errors.filter((text) => !allowConsoleErrors.some((pattern) => pattern.test(text))),
    async close() {
      const use = pageUses.get(page);
      if (kind !== undefined && use && (await cleared(page, use))) {
        const idle = idlePages.get(browser) ?? new Map<string, Page[]>();
        idlePages.set(browser, idle);
        idle.set(kind, [...(idle.get(kind) ?? []), page]);
      } else {
        await page.context().close();
      }
    },
  };
}

/** The visitor chose (all rejected) on an earlier visit: no cookie banner comes up to cover what is pressed. Call before the page loads. */
export async function cookiesAlreadyChosen(page: Page): Promise<void> {
  const stored = serializeConsent(toPreferences(REJECT_ALL, new Date()));
  // The site's own documents only: a frame of another origin (the intro video's player) keeps its storage.
  await page.context().addInitScript(
    ([key, value]) => {
      if (window === window.top) window.localStorage.setItem(key!, value!);
    },
    [CONSENT_STORAGE_KEY, stored],
  );
}

/** Set on a document's window once React has hydrated it (HYDRATED_EVENT, the root layout's first effect): what `hydrated` waits for. */
const HYDRATED_FLAG = "__hydratedForTests";

/**
 * Moves the pointer over the page, the visitor's first sign of intent that
 * makes React load (docs/decisions/0021), and waits until React has hydrated
 * it (its first commit is done, not merely its scripts loaded).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.waitForFunction((flag) => (window as unknown as Record<string, boolean>)[flag] === true, HYDRATED_FLAG);
}

/** Hydrates the page (see hydrated) and waits until React has taken this form over (`novalidate`: the schema's messages). */
export async function formEnhanced(page: Page, form: Locator): Promise<void> {
  await hydrated(page);
  await expect.poll(() => form.getAttribute("novalidate"), { timeout: 15_000 }).not.toBeNull();
}

/**
 * The app's scripts: React and the routes' modules, which load on intent
 * (decision 0021). Not the page's own script files (`*-page-script-<hash>.js`,
 * the cookie banner's: decision 0043), which a test keeps unless it says so.
 */
export const APP_SCRIPTS = /\/assets\/(?![\w-]*-page-script-)[\w.-]+\.js$/;

/**
 * Holds the app's scripts (React and the routes' modules) until the returned
 * function is called: the page as a visitor has it before React arrives.
 */
export async function holdAppScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_SCRIPTS, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Counted in the page by `withoutDialogFeatures`: the dialogs a script closed (the browser's own light dismiss calls no `close`). */
export const SCRIPT_CLOSES = "__scriptClosedDialogs";

/**
 * Makes the page a browser without invoker commands (before Chrome 135,
 * Firefox 144, Safari 26.2) or `closedby` (before Chrome 134, Firefox 141, Safari 26.2), as
 * far as a page can tell: no `commandForElement` nor `closedBy`, and a press on
 * a `commandfor` button runs no command of the browser's. Chromium still closes
 * a `closedby` dialog on a press outside, so each `close()` a script calls is
 * counted in SCRIPT_CLOSES. Call before the page loads.
 */
export async function withoutDialogFeatures(page: Page): Promise<void> {
  await page.context().addInitScript((counter) => {
    delete (HTMLButtonElement.prototype as { commandForElement?: unknown }).commandForElement;
    delete (HTMLDialogElement.prototype as { closedBy?: unknown }).closedBy;
    const close = HTMLDialogElement.prototype.close;
    const counts = window as unknown as Record<string, number>;
    counts[counter] = 0;
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement, ...args) {
      counts[counter]!++;
      return close.apply(this, args);
    };
    // First of the page's listeners: the browser's own command is the press's default action.
    addEventListener("click", (event) => (event.target as Element).closest?.("button[commandfor]") && event.preventDefault(), true);
  }, SCRIPT_CLOSES);
}

/** axe-core's own build, as a page runs it. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * Runs axe with WCAG 2.1 AA rules and fails on any violation, naming each. axe goes into each frame of
 * the page once a document (a page checked at two widths keeps it), and only the violations come back:
 * @axe-core/playwright sent axe's unminified source twice a run and brought back every passing node,
 * which Playwright's protocol then checked field by field (decision 0060). The site's frames are its
 * own; the one other, the intro video's player, comes only after play.
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
  expect(await axeViolations(page, include), `axe violations on ${page.url()}`).toEqual([]);
}

/** What axe finds against WCAG 2.1 AA on the page (or within `include`), a line for each rule broken. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  for (const frame of page.frames()) {
    try {
      if (!(await frame.evaluate("typeof window.axe === 'object'"))) await frame.evaluate(axeSource);
    } catch (error) {
      // A frame gone meanwhile, or one the page cannot reach, is left out, as axe's own runner leaves it.
      if (frame === page.mainFrame()) throw error;
    }
  }
  return page.evaluate(
    async ({ include, options }) => {
      const { axe } = window as unknown as { axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> } };
      const results = await axe.run(include ? { include: [include] } : document, options);
      return results.violations.map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(" "))
            .join(", ")})`,
      );
    },
    { include, options: { runOnly: { type: "tag", values: AXE_TAGS }, resultTypes: ["violations"] } satisfies RunOptions },
  );
}
