import { createServer } from "node:http";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { botCheckFailed, botCheckInProgress, captchaNotInitialized } from "#app/forms/messages.ts";
import { auditBudgetOptions } from "#app/forms/options.ts";
import { ALTCHA_CHALLENGE_PATH } from "#server/captcha/index.ts";
import { useBrowser, useServer } from "#tests/support/e2e.ts";
import type { RunningServer } from "#tests/support/server.ts";
import { exactly, gotoForm, openFormPage, rows, startFormsServer, toastWith } from "#tests/e2e/forms-support.ts";
import { forms } from "#app/forms/registry.ts";

/**
 * The third-party bot checks, with Google's and Cloudflare's sides played by
 * stand-ins: their scripts answered by the browser's network layer, their
 * siteverify by a server on loopback. The token a stand-in widget hands out
 * says what siteverify answers.
 */
const answers: Record<string, object> = {
  human: { success: true, score: 0.9 },
  "low-score": { success: true, score: 0.3 },
  refused: { success: false },
};

/** Google's and Cloudflare's siteverify: the answer each token stands for. */
async function startSiteverify(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const token = new URLSearchParams(body).get("response") ?? "";
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(answers[token] ?? { success: false }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/siteverify`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const browser = useBrowser();
const siteverify = useServer(startSiteverify);

/** Google's api.js as far as the form uses it; `window.__token` is the answer it hands out. */
const fakeRecaptcha = `
window.grecaptcha = {
  ready(callback) { queueMicrotask(callback); },
  execute(key, options) { window.__executed = [key, options && options.action]; return Promise.resolve(window.__token || "human"); },
  render(box, params) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "I'm not a robot";
    button.addEventListener("click", () => { window.__ticked = true; params.callback(window.__token || "human"); });
    box.append(button);
    return 7;
  },
  getResponse() { return window.__ticked ? window.__token || "human" : ""; },
  reset() { window.__ticked = false; },
};`;

/** Cloudflare's api.js: the widget solves as soon as it renders (after render returns, as the real one does). */
const fakeTurnstile = `
window.turnstile = {
  render(box, params) { box.dataset.appearance = params.appearance; queueMicrotask(() => params.callback(window.__token || "human")); return "w1"; },
  getResponse() { return undefined; },
  reset() {},
};`;

async function serveScript(page: Page, pattern: RegExp, body: string, requested: string[]) {
  await page.route(pattern, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/javascript", body });
  });
}

function providerServer(provider: string, extra: Record<string, string> = {}): Promise<RunningServer> {
  return startFormsServer({
    CAPTCHA_PROVIDER: provider,
    CAPTCHA_SITE_KEY: "test-site-key",
    CAPTCHA_SECRET_KEY: "test-secret",
    CAPTCHA_VERIFY_URL: siteverify.url,
    ...extra,
  });
}

async function fillAiAssessment(page: Page, email: string) {
  const form = page.locator("#ai-assessment-form form");
  await form.getByLabel(exactly("Full Name")).fill("Zanele Dlamini");
  await form.getByLabel(exactly("Email Address")).fill(email);
  await form.getByLabel(exactly("Company Name")).fill("Dlamini Dental");
  await form.getByLabel(exactly("Goals")).fill("Answer patient emails faster");
  await form.getByRole("button", { name: "Get My Free AI Assessment" }).click();
}

describe("reCAPTCHA v3", () => {
  const server = useServer(() => providerServer("recaptcha-v3"));

  it("loads Google's script with the site key only, runs the form's action and stores a scored lead", async () => {
    const { page } = await openFormPage(browser);
    const requested: string[] = [];
    await serveScript(page, /^https:\/\/www\.google\.com\/recaptcha\/api\.js/, fakeRecaptcha, requested);
    const altcha: string[] = [];
    page.on("request", (request) => {
      if (/altcha/.test(request.url())) altcha.push(request.url());
    });
    await gotoForm(page, `${server.url}/free-ai-assessment`, page.locator("#ai-assessment-form form"));
    await fillAiAssessment(page, "scored@dlamini.co.za");
    const success = forms.aiAssessment.messages.success;
    expect(await toastWith(page, success.title)).toEqual({ title: success.title, description: success.message, type: "success" });
    expect(requested).toEqual(["https://www.google.com/recaptcha/api.js?render=test-site-key"]);
    expect(await page.evaluate(() => (window as unknown as { __executed: unknown }).__executed)).toEqual(["test-site-key", "aiAssessment"]);
    expect(altcha).toEqual([]);
    expect(rows(server, "SELECT bot_check FROM form_submissions WHERE email = ?", "scored@dlamini.co.za")).toEqual([
      { bot_check: "recaptcha-v3" },
    ]);
  });

  it("refuses a score below 0.5 with 'reCAPTCHA verification failed'", async () => {
    const { page } = await openFormPage(browser, {}, { allowConsoleErrors: [/status of 403/] });
    await serveScript(page, /^https:\/\/www\.google\.com\/recaptcha\/api\.js/, fakeRecaptcha, []);
    await gotoForm(page, `${server.url}/free-ai-assessment`, page.locator("#ai-assessment-form form"));
    await page.evaluate(() => ((window as unknown as { __token: string }).__token = "low-score"));
    await fillAiAssessment(page, "low-score@dlamini.co.za");
    expect(await toastWith(page, "Error")).toEqual({ title: "Error", description: botCheckFailed, type: "error" });
    expect(rows(server, "SELECT * FROM form_submissions WHERE email = ?", "low-score@dlamini.co.za")).toEqual([]);
  });

  it("says 'ReCAPTCHA not initialized' when Google's script cannot load", async () => {
    // Chromium reports the script request this test aborts.
    const { page } = await openFormPage(browser, {}, { allowConsoleErrors: [/^Failed to load resource: net::ERR_FAILED$/] });
    await page.route(/^https:\/\/www\.google\.com\//, (route) => route.abort());
    await gotoForm(page, `${server.url}/free-ai-assessment`, page.locator("#ai-assessment-form form"));
    await fillAiAssessment(page, "blocked@dlamini.co.za");
    expect(await toastWith(page, "Error")).toEqual({ title: "Error", description: captchaNotInitialized, type: "error" });
    expect(rows(server, "SELECT * FROM form_submissions WHERE email = ?", "blocked@dlamini.co.za")).toEqual([]);
  });
});

describe("reCAPTCHA v2 checkbox", () => {
  const server = useServer(() => providerServer("recaptcha-v2"));

  it("renders Google's checkbox in the form and posts the token it gives", async () => {
    const { page } = await openFormPage(browser);
    const requested: string[] = [];
    await serveScript(page, /^https:\/\/www\.google\.com\/recaptcha\/api\.js/, fakeRecaptcha, requested);
    await gotoForm(page, `${server.url}/blog`, page.locator("#newsletter form"));
    const form = page.locator("#newsletter form");
    await form.getByLabel(exactly("Email address")).fill("checkbox@example.co.za");
    await form.getByRole("button", { name: "I'm not a robot" }).click();
    await form.getByRole("button", { name: "Subscribe" }).click();
    const success = forms.newsletter.messages.success;
    expect(await toastWith(page, success.title)).toEqual({ title: success.title, description: success.message, type: "success" });
    expect(requested).toEqual(["https://www.google.com/recaptcha/api.js?render=explicit"]);
    expect(rows(server, "SELECT bot_check FROM form_submissions WHERE email = ?", "checkbox@example.co.za")).toEqual([
      { bot_check: "recaptcha-v2" },
    ]);
  });
});

describe("Turnstile", () => {
  const server = useServer(() => providerServer("turnstile", { CAPTCHA_WIDGET: "invisible" }));

  it("renders Cloudflare's widget (out of sight when CAPTCHA_WIDGET=invisible) and stores the lead", async () => {
    const { page } = await openFormPage(browser);
    const requested: string[] = [];
    await serveScript(page, /^https:\/\/challenges\.cloudflare\.com\/turnstile\/v0\/api\.js/, fakeTurnstile, requested);
    await gotoForm(page, `${server.url}/free-ai-assessment`, page.locator("#ai-assessment-form form"));
    expect(await page.locator("#ai-assessment-form [data-appearance]").getAttribute("data-appearance")).toBe("interaction-only");
    await fillAiAssessment(page, "turnstile@dlamini.co.za");
    expect((await toastWith(page, forms.aiAssessment.messages.success.title)).type).toBe("success");
    expect(requested).toEqual(["https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"]);
    expect(rows(server, "SELECT bot_check FROM form_submissions WHERE email = ?", "turnstile@dlamini.co.za")).toEqual([
      { bot_check: "turnstile" },
    ]);
  });
});

describe("ALTCHA out of sight", () => {
  const server = useServer(() => startFormsServer({ CAPTCHA_WIDGET: "invisible" }));

  it("CAPTCHA_WIDGET=invisible hides the widget and still checks every post", async () => {
    const { page } = await openFormPage(browser);
    await gotoForm(page, `${server.url}/contact`);
    const form = page.locator("#contact-form form");
    await form.locator("altcha-widget").waitFor({ state: "attached" });
    expect(await form.getByText("I'm not a robot").isVisible()).toBe(false);
    await form.getByLabel(exactly("Full Name")).fill("Quiet Visitor");
    await form.getByLabel(exactly("Email Address")).fill("quiet@example.co.za");
    await form.getByLabel(exactly("Company Name")).fill("Quiet Co");
    await form.getByRole("button", { name: "Get My Free ROI Analysis" }).click();
    expect((await toastWith(page, forms.contact.messages.success.title)).description).toBe(forms.contact.messages.success.message);
    expect(rows(server, "SELECT bot_check FROM form_submissions WHERE email = ?", "quiet@example.co.za")).toEqual([
      { bot_check: "altcha" },
    ]);
  });
});

describe("ALTCHA's work", () => {
  const server = useServer(() => startFormsServer());
  const isChallenge = (url: URL) => url.pathname === ALTCHA_CHALLENGE_PATH;

  it("starts once the form scrolls into view, with no interaction, and not before", async () => {
    const { page } = await openFormPage(browser);
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (isChallenge(url) || /\/assets\/altcha-[\w-]+\.js$/.test(url.pathname)) asked.push(url.pathname);
    });
    const form = page.locator("#newsletter form");
    await gotoForm(page, `${server.url}/blog`, form);
    // Hydrated and quiet, with the newsletter form screens below: neither the widget's code nor a challenge yet.
    expect(await form.evaluate((element) => element.getBoundingClientRect().top > window.innerHeight)).toBe(true);
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);
    const challenge = page.waitForRequest((request) => isChallenge(new URL(request.url())), { timeout: 10_000 });
    // Scrolled to, not pointed at, touched or focused.
    await form.evaluate((element) => element.scrollIntoView());
    await challenge;
    // The answer is ready before the visitor has done anything.
    await expect
      .poll(() => form.locator("altcha-widget").evaluate((widget) => (widget as HTMLElement & { getState(): string }).getState()), {
        timeout: 10_000,
      })
      .toBe("verified");
  });

  it("shows progress on the submit button, keeping its label, while a quick visitor waits for the answer", async () => {
    const { page } = await openFormPage(browser);
    let challenged = false;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The challenge is held, as a slow machine or network would keep the answer from being ready.
    await page.route(isChallenge, async (route) => {
      challenged = true;
      await released;
      await route.fallback();
    });
    const form = page.locator("#audit-form form");
    await gotoForm(page, `${server.url}/free-audit`, form);
    await expect.poll(() => challenged).toBe(true);
    await form.getByLabel(exactly("Full Name")).fill("Quick Visitor");
    await form.getByLabel(exactly("Email Address")).fill("quick@example.co.za");
    await form.getByLabel(exactly("Website URL")).fill("quick.co.za");
    await form.getByLabel(exactly("Monthly Ad Budget")).selectOption(auditBudgetOptions[0]!.value);
    await form.getByRole("button", { name: "Get My Free Audit" }).click();
    const button = form.locator("button[type=submit]");
    // Read out by screen readers from a live region; the button says it is busy and keeps its label.
    const waiting = form.getByText(botCheckInProgress);
    await waiting.waitFor({ state: "attached" });
    expect(await waiting.getAttribute("aria-live")).toBe("polite");
    expect(await button.getAttribute("aria-busy")).toBe("true");
    expect(await button.textContent()).toBe("Submitting...");
    release();
    expect((await toastWith(page, forms.audit.messages.success.title)).type).toBe("success");
    await expect.poll(() => button.getAttribute("aria-busy")).toBeNull();
    expect(await waiting.count()).toBe(0);
    expect(rows(server, "SELECT bot_check FROM form_submissions WHERE email = ?", "quick@example.co.za")).toEqual([
      { bot_check: "altcha" },
    ]);
  });
});
