import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { publicRoutes } from "#app/config/public-routes.ts";
import { FIRST_PRESS } from "#app/lib/hydration-on-intent.ts";
import { useBrowser, useServer } from "#tests/support/e2e.ts";
import { startServer } from "#tests/support/server.ts";

/**
 * The before-React rule (docs/before-react.md): on every public page, before
 * React is there, every control answers its first press (the page changes
 * within FIRST_PRESS_BOUND_MS on the browser's clock) or is declared `held`
 * (FIRST_PRESS), which the loader then holds for React. React's scripts never
 * arrive here, so a control only React answers, undeclared, fails.
 *
 * Controls: buttons, summaries and `[commandfor]` elements that are shown and
 * enabled; a form's submit button is left out (the form's own post answers it).
 */
const browser = useBrowser();
const server = useServer(() => startServer());

/**
 * From the press's event time stamp to the frame after the first change it made,
 * measured in the page. Loose, for a loaded two-core machine; the bench measures
 * the phone's figures (bench/results/first-press.md).
 */
const FIRST_PRESS_BOUND_MS = 1000;

interface Press {
  clickedAt?: number;
  answeredAt?: number;
  held?: boolean;
}

/** Marks the page's controls to press and returns them, each with its declaration. */
function markControls(page: Page) {
  return page.evaluate((attribute) => {
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility === "visible" && !el.closest("dialog:not([open])");
    };
    const controls = [...document.querySelectorAll<HTMLElement>("button, summary, [commandfor]")].filter(
      (el) =>
        shown(el) && !(el instanceof HTMLButtonElement && (el.disabled || (el.form && el.type === "submit"))) && !el.closest("[inert]"),
    );
    return controls.map((el, index) => {
      el.dataset.sweep = String(index);
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return { index, name: `${el.localName} "${name}"`, declared: el.closest(`[${attribute}]`)?.getAttribute(attribute) ?? null };
    });
  }, FIRST_PRESS);
}

/** Notes the next press's time stamp, whether the loader held it, and the frame after the first change it made. */
function watchNextPress(page: Page) {
  return page.evaluate(() => {
    const press: Press = {};
    (window as unknown as { press: Press }).press = press;
    // Loading React's scripts is not an answer; neither is this sweep's own mark.
    const counts = (record: MutationRecord) =>
      record.type === "attributes"
        ? record.attributeName !== "data-sweep" && !["SCRIPT", "LINK"].includes((record.target as Element).tagName)
        : [...record.addedNodes, ...record.removedNodes].some((node) => !["SCRIPT", "LINK"].includes(node.nodeName));
    const observer = new MutationObserver((records) => {
      if (press.clickedAt === undefined || !records.some(counts)) return;
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame((time) => (press.answeredAt = time)));
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    document.addEventListener("click", (event) => (press.clickedAt = event.timeStamp), { capture: true, once: true });
    // The loader holds a press by stopping its click on window, before it reaches the document.
    addEventListener("pointerup", () => setTimeout(() => (press.held = press.clickedAt === undefined)), { capture: true, once: true });
  });
}

/** Closes what the last press opened, so the next control can be pressed. */
const closeDialogs = (page: Page) =>
  page.evaluate(() => document.querySelectorAll("dialog[open]").forEach((dialog) => (dialog as HTMLDialogElement).close()));

/** Presses every control of the page before React; what went wrong, and how many were pressed. */
async function sweep(page: Page, path: string): Promise<{ failures: string[]; pressed: number }> {
  // React's scripts never come: whatever answers, answers without it.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(server.url + path);
  const failures: string[] = [];
  const controls = await markControls(page);
  for (const control of controls) {
    await closeDialogs(page);
    await watchNextPress(page);
    await page.locator(`[data-sweep="${control.index}"]`).click({ timeout: 5000 });
    const what = `${path}: ${control.name}`;
    if (control.declared === "held") {
      const held = await page.waitForFunction(() => (window as unknown as { press: Press }).press.held !== undefined);
      if (!(await held.jsonValue())) failures.push(`${what} is declared held, but the loader did not hold it`);
      continue;
    }
    const answered = await page
      .waitForFunction(() => (window as unknown as { press: Press }).press.answeredAt !== undefined, undefined, { timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (!answered) {
      failures.push(`${what} neither answered its first press before React nor is declared ${FIRST_PRESS}="held"`);
      continue;
    }
    const { clickedAt, answeredAt } = await page.evaluate(() => (window as unknown as { press: Press }).press);
    if (answeredAt! - clickedAt! > FIRST_PRESS_BOUND_MS)
      failures.push(`${what} answered ${Math.round(answeredAt! - clickedAt!)} ms after the press (bound ${FIRST_PRESS_BOUND_MS} ms)`);
  }
  return { failures, pressed: controls.length };
}

/** Every page has at least the footer's Download Company Profile and Cookie settings. */
async function expectEveryPressAnswered(page: Page, path: string) {
  const { failures, pressed } = await sweep(page, path);
  expect(failures).toEqual([]);
  expect(pressed).toBeGreaterThanOrEqual(2);
}

describe("every control answers its first press before React, or is held for it (docs/before-react.md)", () => {
  it.each(publicRoutes.map((route) => route.path))("%s, desktop", async (path) => {
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 800 } }, { allowConsoleErrors: [/ERR_FAILED/] });
    await expectEveryPressAnswered(page, path);
  });

  // The phone's own controls (the menu) are in every page's layout: one page is enough.
  it.each(["/", "/pricing"])("%s, phone", async (path) => {
    const { page } = await browser.openPage({ viewport: { width: 412, height: 823 } }, { allowConsoleErrors: [/ERR_FAILED/] });
    await expectEveryPressAnswered(page, path);
  });
});
