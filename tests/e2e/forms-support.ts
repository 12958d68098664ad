import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { BrowserContextOptions, Locator, Page } from "playwright-core";
import { botFields } from "#app/forms/bot-fields.ts";
import type { FormKey } from "#app/forms/form-keys.ts";
import { auditBudgetOptions, contactBudgetOptions } from "#app/forms/options.ts";
import { type ConsoleChecks, formEnhanced, type TrackedPage } from "#tests/support/browser.ts";
import { type E2EBrowser, useBrowser, useServer } from "#tests/support/e2e.ts";
import { generatedSiteKey, waitUntilFormTokenAccepted } from "#tests/support/leads.ts";
import type { RunningServer } from "#tests/support/server.ts";
import { type RunningSite, startSite, visitorHeaders } from "#tests/support/site.ts";

/**
 * Shared pieces of the forms' end-to-end suites (tests/e2e/forms-*.test.ts).
 * They drive the real forms in Chromium against the built server and read what
 * the agency would get from its SQLite file.
 */

/**
 * The site in this run's topology (tests/support/site.ts) with a cheap proof
 * of work, so each ALTCHA solve takes milliseconds rather than seconds on a
 * test machine.
 */
export function startFormsServer(env: Record<string, string> = {}): Promise<RunningSite> {
  return startSite({ ALTCHA_COST: "20", OUTBOX_POLL_MS: "200", ...env });
}

/** The forms suites' set-up: Chromium, and the forms server started before the file's tests and stopped after them. */
export function useFormsSite(env: Record<string, string> = {}): { browser: E2EBrowser; server: RunningSite } {
  return { browser: useBrowser(), server: useServer(() => startFormsServer(env)) };
}

/** A visitor's valid answers to the three lead forms on pages of their own, as they type them. */
export const fillLeadForm = {
  async contact(form: Locator, email: string) {
    await form.getByLabel(exactly("Full Name")).fill("Thandi Nkosi");
    await form.getByLabel(exactly("Email Address")).fill(email);
    await form.getByLabel(exactly("Company Name")).fill("Nkosi Retail");
    await form.getByLabel(exactly("Monthly Ad Budget")).selectOption(contactBudgetOptions[1].value);
    await form.getByLabel(exactly("Tell us about your goals")).fill("Lower our cost per sale.\nAnd grow.");
  },
  async audit(form: Locator, email: string) {
    await form.getByLabel(exactly("Full Name")).fill("Pieter van Wyk");
    await form.getByLabel(exactly("Email Address")).fill(email);
    await form.getByLabel(exactly("Website URL")).fill("vanwyk-motors.co.za");
    await form.getByLabel(exactly("Monthly Ad Budget")).selectOption(auditBudgetOptions[2]!.value);
  },
  async aiAssessment(form: Locator, email: string) {
    await form.getByLabel(exactly("Full Name")).fill("Ayanda Zulu");
    await form.getByLabel(exactly("Email Address")).fill(email);
    await form.getByLabel(exactly("Company Name")).fill("Zulu Legal");
    await form.getByLabel(exactly("Goals")).fill("Automate client intake");
  },
} satisfies Partial<Record<FormKey, (form: Locator, email: string) => Promise<void>>>;

/** A new visitor's address, so each visitor of a test has rate limits of its own. */
export const visitorAddress = visitorHeaders;

/**
 * A page whose visitor already chose cookies, so the banner never covers the
 * form, and has an address of its own (`address`), so its rate limits are its own.
 */
export function openFormPage(
  browser: E2EBrowser,
  options: BrowserContextOptions = {},
  { address = visitorAddress(), allowConsoleErrors }: ConsoleChecks & { address?: Record<string, string> } = {},
): Promise<TrackedPage> {
  return browser.openPage({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: address, ...options }, { allowConsoleErrors });
}

/** Opens a page and waits until its forms are enhanced (hydrated: `novalidate`, the schema's messages). */
export async function gotoForm(page: Page, url: string, form: Locator = page.locator("main form").first()): Promise<void> {
  await page.goto(url);
  await formEnhanced(page, form);
}

/**
 * The paths the page posts to from now on. A form that refuses a submit itself
 * posts nothing: once its messages show, an empty list says nothing is on its way.
 */
export function postsFrom(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  return posts;
}

/** Marks the toasts showing now, so toastWith waits for a new one: the same message may still show from before. */
export async function markToastsSeen(page: Page): Promise<void> {
  await page.locator("[data-sonner-toast]").evaluateAll((toasts) => toasts.forEach((toast) => toast.setAttribute("data-test-seen", "")));
}

/** The sonner toast with this title (not one marked seen): its title and description as the visitor reads them. */
export async function toastWith(page: Page, title: string): Promise<{ title: string; description: string; type: string | null }> {
  const toast = page
    .locator("[data-sonner-toast]:not([data-test-seen])")
    .filter({ has: page.locator("[data-title]", { hasText: title }) })
    .first();
  await toast.waitFor({ timeout: 20_000 });
  return {
    title: (await toast.locator("[data-title]").textContent())?.trim() ?? "",
    description: (await toast.locator("[data-description]").textContent())?.trim() ?? "",
    type: await toast.getAttribute("data-type"),
  };
}

/** Matches a field's label exactly, with or without the required asterisk. */
export function exactly(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\*?$`);
}

/** The message shown under a field, and that the field points at it. */
export async function fieldError(page: Page, label: string, scope: Locator | Page = page): Promise<string | null> {
  const field = scope.getByLabel(exactly(label));
  if ((await field.getAttribute("aria-invalid")) !== "true") return null;
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  const errorId = describedBy.split(" ").find((id) => id.endsWith("-error"));
  if (!errorId) return null;
  return (await page.locator(`[id="${errorId}"]`).textContent())?.trim() ?? null;
}

/** Rows the agency has received, read from the server's SQLite file. */
export function rows<T = Record<string, unknown>>(server: RunningServer, sql: string, ...params: Array<string | number>): T[] {
  const db = new DatabaseSync(path.join(server.dataDir, "site.db"), { readOnly: true, timeout: 10_000 });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The notifications queued for the agency, by kind. */
export function queuedNotices(server: RunningServer, kind: string): Array<{ kind: string; subject: string; text_body: string }> {
  return rows(server, "SELECT kind, subject, text_body FROM outbox WHERE kind = ? ORDER BY id", kind);
}

/**
 * Waits until the server would accept the signed form token of `form` (a page
 * without JavaScript): it refuses a post less than 3 seconds after it rendered
 * the page, so this wait is that rule's own, read from the token, not a guess.
 */
export async function waitForFormTokenAge(server: RunningServer, form: Locator): Promise<void> {
  const token = await form.locator(`input[name="${botFields.formToken}"]`).inputValue();
  await waitUntilFormTokenAccepted(token, generatedSiteKey(server));
}

/**
 * Rewrites the captcha answer of the enhanced post to `path` into a forged one,
 * as a bot replaying or inventing a solution would send it.
 */
export async function forgeCaptchaAnswer(page: Page, pagePath: string): Promise<void> {
  await page.route(
    (url) => url.pathname === `${pagePath}.data`,
    async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      const body = new URLSearchParams(request.postData() ?? "");
      const answer = JSON.parse(Buffer.from(body.get(botFields.captchaToken) ?? "", "base64").toString("utf8"));
      // The server checks the derived key against the challenge's key signature: one changed digit fails it.
      const key: string = answer.solution.derivedKey;
      answer.solution.derivedKey = key.slice(0, -1) + (key.endsWith("0") ? "1" : "0");
      body.set(botFields.captchaToken, Buffer.from(JSON.stringify(answer)).toString("base64"));
      await route.continue({ postData: body.toString() });
    },
  );
}

/**
 * Holds the enhanced posts to `pagePath` until the returned function is called,
 * so a test can read the form while it posts without racing a fast server.
 */
export async function holdPosts(page: Page, pagePath: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === `${pagePath}.data`,
    async (route) => {
      if (route.request().method() === "POST") await released;
      await route.fallback();
    },
  );
  return release;
}

/** Makes the ALTCHA widget's code fail to load, as a blocker or a broken network would. */
export async function blockCaptchaWidget(page: Page): Promise<void> {
  await page.route(/\/assets\/altcha-[\w-]+\.js$/, (route) => route.abort());
}
