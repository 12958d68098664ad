import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContextOptions } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject, type TestContext } from "vitest";
import { type ConsoleChecks, cookiesAlreadyChosen, launchBrowser, openPage, type TrackedPage } from "#tests/support/browser.ts";
import type { SharedServer } from "#tests/support/e2e-shared.ts";

/**
 * The set-up every end-to-end suite (tests/e2e/*.test.ts) shares:
 *
 *     const browser = useBrowser();
 *     const server = useServer(() => startServer({ SOME_SETTING: "…" }));  // or useSharedServer()
 *     it("...", async () => {
 *       const { page } = await browser.openPage({ viewport: { width: 375, height: 740 } });
 *
 * Called at the top of a file, or of a describe block, they register the hooks
 * that start and stop what they stand for around its tests. Before hooks run
 * one after another: with useBrowser() first, Chromium starts while the servers do.
 */

export interface PageOptions extends ConsoleChecks {
  /**
   * The visitor already chose cookies (rejected all), so the banner never
   * comes up to cover what the test presses, however late the test gets there.
   * True unless a test is about the banner or the choice itself.
   */
  cookiesChosen?: boolean;
}

export interface E2EBrowser {
  /**
   * A fresh page in its own context. It is closed after the test, and the test
   * fails on any console error or uncaught exception of the page that is not
   * in `allowConsoleErrors`.
   */
  openPage(options?: BrowserContextOptions, pageOptions?: PageOptions): Promise<TrackedPage>;
  /**
   * One page for every test of the file that asks for it, opened at the first
   * call and closed after the last test: its cache stays warm from one test to
   * the next. For tests that read pages and change nothing a later test reads.
   * Each test still fails on a console error it caused.
   */
  sharedPage(options?: BrowserContextOptions, pageOptions?: PageOptions): Promise<TrackedPage>;
}

/** One Chromium for the tests around the call, and the pages they open in it. */
export function useBrowser(): E2EBrowser {
  let launching: Promise<Browser> | undefined;
  let opened: TrackedPage[] = [];
  let shared: { opening: Promise<TrackedPage>; errorsChecked: number } | undefined;
  beforeAll(() => {
    // Not awaited: Chromium starts while the servers of the hooks after this one do; the first page waits for it.
    launching = launchBrowser();
    launching.catch(() => undefined);
  });
  afterEach(async (context) => {
    const pages = opened;
    opened = [];
    const sharedPage = await shared?.opening.catch(() => undefined);
    if (context.task.result?.state === "fail") await keepWhatFailed(context, sharedPage ? [...pages, sharedPage] : pages);
    // Closed first, so what a page logs while it closes is counted too.
    await Promise.all(pages.map((tracked) => tracked.close()));
    const unexpected = pages.flatMap((tracked) => tracked.unexpectedErrors());
    if (shared && sharedPage) {
      unexpected.push(...sharedPage.unexpectedErrors().slice(shared.errorsChecked));
      shared.errorsChecked = sharedPage.unexpectedErrors().length;
    }
    expect(unexpected, "console errors").toEqual([]);
  });
  afterAll(async () => {
    await (await shared?.opening.catch(() => undefined))?.close();
    const browser = await launching?.catch(() => undefined);
    await browser?.close();
  });

  async function open(options: BrowserContextOptions, { cookiesChosen = true, ...checks }: PageOptions): Promise<TrackedPage> {
    if (!launching) throw new Error("useBrowser() opens pages only inside the tests around its call");
    const tracked = await openPage(await launching, options, checks);
    if (cookiesChosen) await cookiesAlreadyChosen(tracked.page);
    return tracked;
  }

  return {
    async openPage(options = {}, pageOptions = {}) {
      const tracked = await open(options, pageOptions);
      opened.push(tracked);
      return tracked;
    },
    sharedPage(options = {}, pageOptions = {}) {
      shared ??= { opening: open(options, pageOptions), errorsChecked: 0 };
      return shared.opening;
    },
  };
}

/** The servers of this file's tests that are running now: a failed test keeps their logs. */
const runningServers = new Set<{ stop(): Promise<void>; output?(): string }>();

/** Where a failed test leaves what it saw, under the repository's test-results/ (git ignores it). */
const resultsDir = path.resolve(import.meta.dirname, "../../test-results");

/**
 * Keeps what a failed test saw: a screenshot of each page it had open and the
 * log of each server, in a folder named for the file and the test, which the
 * report names.
 */
async function keepWhatFailed(context: TestContext, pages: TrackedPage[]): Promise<void> {
  const slug = (text: string) => text.replace(/[^\w.-]+/g, "-").slice(0, 80);
  const file = path.basename(context.task.file.filepath, ".test.ts");
  const dir = path.join(resultsDir, slug(file), slug(context.task.name));
  mkdirSync(dir, { recursive: true });
  await Promise.all(
    pages.map((tracked, i) =>
      tracked.page.screenshot({ path: path.join(dir, `page-${i + 1}.png`), fullPage: true }).catch(() => undefined),
    ),
  );
  [...runningServers].forEach((server, i) => writeFileSync(path.join(dir, `server-${i + 1}.log`), server.output?.() ?? ""));
  console.log(`What the failed test saw (screenshots, server logs): ${path.relative(process.cwd(), dir)}`);
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
    runningServers.add(started);
  });
  afterAll(async () => {
    if (started) runningServers.delete(started);
    await started?.stop();
  });
  return server;
}

/**
 * The e2e project's one server with the default settings (tests/support/e2e-shared.ts), for a file
 * that only reads the site: its pages, its scripts, what a press does in the browser. A file that
 * posts, changes records, reads the log or needs a setting starts its own with useServer().
 */
export function useSharedServer(): SharedServer {
  const shared = inject("sharedServer");
  if (!shared) throw new Error("useSharedServer() serves the e2e project's files only (vitest.config.ts's globalSetup)");
  return shared;
}
