import type { Browser, BrowserContextOptions } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { CONSENT_STORAGE_KEY, REJECT_ALL, serializeConsent, toPreferences } from "~/lib/consent";
import { type ConsoleChecks, launchBrowser, openPage, type TrackedPage } from "./browser.ts";

/**
 * The set-up every end-to-end suite (tests/e2e/*.test.ts) shares:
 *
 *     const browser = useBrowser();
 *     const server = useServer(() => startServer());
 *     it("...", async () => {
 *       const { page } = await browser.openPage({ viewport: { width: 375, height: 740 } });
 *
 * Called at the top of a file, or of a describe block, they register the hooks
 * that start and stop what they stand for around its tests. Before hooks run
 * one after another: with useBrowser() first, Chromium starts while the servers do.
 */

export interface PageOptions extends ConsoleChecks {
  /** The visitor already chose cookies (rejected all), so the banner never covers what the test clicks. */
  cookiesChosen?: boolean;
}

export interface E2EBrowser {
  /**
   * A fresh page in its own context. It is closed after the test, and the test
   * fails on any console error or uncaught exception of the page that is not
   * in `allowConsoleErrors`.
   */
  openPage(options?: BrowserContextOptions, pageOptions?: PageOptions): Promise<TrackedPage>;
}

/** One Chromium for the tests around the call, and the pages they open in it. */
export function useBrowser(): E2EBrowser {
  let launching: Promise<Browser> | undefined;
  let opened: TrackedPage[] = [];
  beforeAll(() => {
    // Not awaited: Chromium starts while the servers of the hooks after this one do; the first page waits for it.
    launching = launchBrowser();
    launching.catch(() => undefined);
  });
  afterEach(async () => {
    const pages = opened;
    opened = [];
    // Closed first, so what a page logs while it closes is counted too.
    await Promise.all(pages.map((tracked) => tracked.close()));
    const unexpected = pages.flatMap((tracked) => tracked.unexpectedErrors());
    expect(unexpected, "console errors").toEqual([]);
  });
  afterAll(async () => {
    const browser = await launching?.catch(() => undefined);
    await browser?.close();
  });
  return {
    async openPage(options = {}, { cookiesChosen = false, ...checks } = {}) {
      if (!launching) throw new Error("useBrowser() opens pages only inside the tests around its call");
      const tracked = await openPage(await launching, options, checks);
      opened.push(tracked);
      if (cookiesChosen) {
        const stored = serializeConsent(toPreferences(REJECT_ALL, new Date()));
        await tracked.page
          .context()
          .addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [CONSENT_STORAGE_KEY, stored]);
      }
      return tracked;
    },
  };
}

/**
 * A server (or site, tests/support/site.ts) started before the tests around
 * the call and stopped after them. The object returned is filled with the
 * started server's fields, so the tests read `server.url` as usual.
 */
export function useServer<T extends { stop(): Promise<void> }>(start: () => Promise<T>): T {
  const server = {} as T;
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
    Object.assign(server, started);
  });
  afterAll(async () => {
    await started?.stop();
  });
  return server;
}
