import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { companyProfilePath, companyProfilePdf } from "#app/forms/company-profile-pdf.ts";
import { botCheckFailed, rateLimitMessage, rateLimitTitle } from "#app/forms/messages.ts";
import { APP_SCRIPTS, expectNoAxeViolations, hydrated, withoutDialogFeatures, holdAppScripts } from "#tests/support/browser.ts";
import { enhanced, postLead } from "#tests/support/leads.ts";
import {
  exactly,
  fieldError,
  forgeCaptchaAnswer,
  openFormPage,
  queuedNotices,
  rows,
  toastWith,
  useFormsSite,
  visitorAddress,
  waitForFormTokenAge,
} from "#tests/e2e/forms-support.ts";
import { forms } from "#app/forms/registry.ts";

const { browser, server } = useFormsSite();

const messages = forms.companyProfile.messages;
const TRIGGER = "Download Company Profile";
const dialog = (page: Page) => page.getByRole("dialog", { name: "Download Our Company Profile" });
const profileRows = (email: string) => rows(server, "SELECT * FROM company_profile_leads WHERE email = ?", email);

function schemaMessage(field: "name" | "email", value: string): string {
  const result = forms.companyProfile.schema.shape[field].safeParse(value);
  if (result.success) throw new Error(`${field}: ${value} is valid`);
  return result.error.issues[0]!.message;
}

/** Opens a page and waits for hydration (the toaster mounts once React runs). */
async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
  await page.locator('section[aria-label^="Notifications"]').waitFor({ state: "attached", timeout: 15_000 });
}

/** Opens the dialog on a hydrated page and waits for React's form (novalidate: the schema's messages). */
async function openFromFooter(page: Page) {
  await page.getByRole("contentinfo").getByRole("button", { name: TRIGGER }).click();
  await enhancedDialog(page);
}

const enhancedDialog = (page: Page) =>
  expect.poll(() => dialog(page).locator("form").getAttribute("novalidate"), { timeout: 15_000 }).not.toBeNull();

describe("company profile dialog", () => {
  it("checks step 1, goes back and forth, downloads the PDF, stores the lead and closes", async () => {
    const { page } = await openFormPage(browser);
    await gotoHydrated(page, `${server.url}/`);
    await openFromFooter(page);
    const box = dialog(page);
    for (const label of ["Full Name", "Email Address"]) {
      expect(await box.getByLabel(exactly(label)).getAttribute("required"), label).not.toBeNull();
      const id = await box.getByLabel(exactly(label)).getAttribute("id");
      expect(await box.locator(`label[for="${id}"]`).textContent()).toBe(`${label}*`);
    }

    // Continue only when name and email validate.
    await box.getByRole("button", { name: "Continue" }).click();
    expect(await fieldError(page, "Full Name", box)).toBe(schemaMessage("name", ""));
    expect(await fieldError(page, "Email Address", box)).toBe(schemaMessage("email", ""));
    await expectNoAxeViolations(page, "dialog[open]");
    await box.getByLabel(exactly("Full Name")).fill("Kagiso Molefe");
    await box.getByLabel(exactly("Email Address")).fill("kagiso@");
    await box.getByRole("button", { name: "Continue" }).click();
    expect(await fieldError(page, "Email Address", box)).toBe(schemaMessage("email", "kagiso@"));
    await box.getByLabel(exactly("Email Address")).fill("kagiso@molefe.co.za");
    await box.getByRole("button", { name: "Continue" }).click();
    const company = box.getByLabel("Company Name (optional)");
    await expect.poll(() => company.evaluate((el) => el === document.activeElement)).toBe(true);

    // Back keeps step 1's answers.
    await box.getByRole("button", { name: "Back" }).click();
    expect(await box.getByLabel(exactly("Full Name")).inputValue()).toBe("Kagiso Molefe");
    await box.getByRole("button", { name: "Continue" }).click();
    // Step 2 takes focus a frame later: typing before then could land in the wrong field.
    await expect.poll(() => company.evaluate((el) => el === document.activeElement)).toBe(true);
    await company.fill("Molefe Holdings");
    await box.getByLabel("Phone Number (optional)").fill("+27 82 000 1111");

    const download = page.waitForEvent("download");
    await box.getByRole("button", { name: "Download PDF" }).click();
    await expect.poll(() => box.locator("button[value=submit]").textContent()).toBe("Submitting...");
    const file = await download;
    expect(file.suggestedFilename()).toBe(companyProfilePdf.fileName);
    const pdf = readFileSync((await file.path())!);
    expect(pdf.length).toBeGreaterThan(10_000);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(await toastWith(page, messages.success.title)).toEqual({
      title: messages.success.title,
      description: messages.success.message,
      type: "success",
    });
    await expect.poll(() => dialog(page).count()).toBe(0);
    // Focus goes back to the entry that opened the dialog.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(TRIGGER);

    expect(profileRows("kagiso@molefe.co.za")).toEqual([
      expect.objectContaining({ name: "Kagiso Molefe", company: "Molefe Holdings", phone: "+27 82 000 1111", bot_check: "altcha" }),
    ]);
    expect(queuedNotices(server, "CompanyProfile").some((n) => n.text_body.includes("kagiso@molefe.co.za"))).toBe(true);

    // Opened again, the form starts afresh.
    await openFromFooter(page);
    expect(await dialog(page).getByLabel(exactly("Full Name")).inputValue()).toBe("");
  });

  it("opens from the About hero and the Services page, and from the keyboard; Escape closes it; resets the form after a failed submit and says why", async () => {
    // The forged post's 403, which Chromium reports.
    const { page } = await openFormPage(browser, {}, { allowConsoleErrors: [/status of 403/] });
    await gotoHydrated(page, `${server.url}/about`);
    await page.getByRole("main").getByRole("button", { name: TRIGGER }).click();
    await expect.poll(() => dialog(page).count()).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog(page).count()).toBe(0);

    await gotoHydrated(page, `${server.url}/services`);
    const entries = page.getByRole("main").getByRole("button", { name: /Company Profile/ });
    expect(await entries.count()).toBe(2);
    await entries.last().focus();
    await page.keyboard.press("Enter");
    await enhancedDialog(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog(page).count()).toBe(0);
    // Focus goes back to the entry that opened the dialog once the dialog has gone.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Company Profile");

    // Sent with a forged bot-check answer, from the footer's entry.
    await forgeCaptchaAnswer(page, companyProfilePath);
    await openFromFooter(page);
    const box = dialog(page);
    await box.getByLabel(exactly("Full Name")).fill("Forged Download");
    await box.getByLabel(exactly("Email Address")).fill("forged-profile@example.co.za");
    await box.getByRole("button", { name: "Continue" }).click();
    await box.getByRole("button", { name: "Download PDF" }).click();
    expect(await toastWith(page, messages.failure.title)).toEqual({ title: "Error", description: botCheckFailed, type: "error" });
    // SPEC.md: the form is reset at the end, whether it succeeded or failed.
    await expect.poll(() => box.getByLabel(exactly("Full Name")).inputValue()).toBe("");
    expect(await box.getByLabel(exactly("Full Name")).isVisible()).toBe(true);
    expect(await box.getByRole("button", { name: "Continue" }).isVisible()).toBe(true);
    expect(profileRows("forged-profile@example.co.za")).toEqual([]);
  });

  it("says how long to wait once the rate limit is reached", async () => {
    const address = visitorAddress();
    const fields = { name: "Eager", email: "eager-profile@example.co.za", intent: "submit", ...enhanced("not-a-solution") };
    for (let i = 0; i < forms.companyProfile.rateLimit.max; i++) await postLead(server, companyProfilePath, fields, address);
    // Chromium reports the post's 429 status.
    const { page } = await openFormPage(browser, {}, { address, allowConsoleErrors: [/status of 429/] });
    await gotoHydrated(page, `${server.url}/about`);
    await openFromFooter(page);
    const box = dialog(page);
    await box.getByLabel(exactly("Full Name")).fill("Eager Again");
    await box.getByLabel(exactly("Email Address")).fill("eager-profile@example.co.za");
    await box.getByRole("button", { name: "Continue" }).click();
    await box.getByRole("button", { name: "Download PDF" }).click();
    expect(await toastWith(page, rateLimitTitle)).toEqual({
      title: rateLimitTitle,
      description: rateLimitMessage(forms.companyProfile.rateLimit.windowMinutes),
      type: "error",
    });
    expect(profileRows("eager-profile@example.co.za")).toEqual([]);
  });
});

describe("company profile before React and without JavaScript", () => {
  it("opens at the first press before React, keeps what was typed when React takes the form over", async () => {
    const { page } = await openFormPage(browser, { viewport: { width: 412, height: 823 } });
    // The app's scripts are held back until the dialog is open and typed in.
    const release = await holdAppScripts(page);
    await page.goto(`${server.url}/about`);
    await page.getByRole("main").getByRole("button", { name: TRIGGER }).click();
    const box = dialog(page);
    await box.getByLabel(exactly("Full Name")).waitFor();
    expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
    // The same fields and labels as the enhanced form's first step.
    for (const label of ["Full Name", "Email Address"]) {
      const id = await box.getByLabel(exactly(label)).getAttribute("id");
      expect(await box.locator(`label[for="${id}"]`).textContent()).toBe(`${label}*`);
    }
    expect(await box.getByText("Step 1 of 2").isVisible()).toBe(true);
    await expectNoAxeViolations(page, "dialog[open]");
    await box.getByLabel(exactly("Full Name")).fill("Lerato Dlamini");
    await box.getByLabel(exactly("Email Address")).pressSequentially("lerato@");

    release();
    await hydrated(page);
    // React's form has what was typed, and the focus stays in the field.
    await enhancedDialog(page);
    expect(await box.getByLabel(exactly("Full Name")).inputValue()).toBe("Lerato Dlamini");
    expect(await box.getByLabel(exactly("Email Address")).inputValue()).toBe("lerato@");
    expect(await box.getByLabel(exactly("Email Address")).evaluate((el) => el === document.activeElement)).toBe(true);
    await box.getByRole("button", { name: "Continue" }).click();
    expect(await fieldError(page, "Email Address", box)).toBe(schemaMessage("email", "lerato@"));
    await page.keyboard.type("dlamini.co.za");
    await box.getByRole("button", { name: "Continue" }).click();
    await box.getByLabel("Company Name (optional)").waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(TRIGGER);
  });

  it("opens in a browser without invoker commands, the loader running them before React", async () => {
    const { page } = await openFormPage(browser, { viewport: { width: 412, height: 823 } }, { allowConsoleErrors: [/ERR_FAILED/] });
    await withoutDialogFeatures(page);
    await page.route(APP_SCRIPTS, (route) => route.abort());
    await page.goto(`${server.url}/services`);
    await page.getByRole("contentinfo").getByRole("button", { name: TRIGGER }).click();
    await dialog(page).getByLabel(exactly("Full Name")).waitFor();
    await dialog(page).getByRole("button", { name: "Close" }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
  });

  it("the entries open the dialog, whose first step posts to the page; the page's two steps are posts; the PDF link follows success", async () => {
    // Chromium reports the 400 status of the page that refuses the first step.
    const { page } = await openFormPage(browser, { javaScriptEnabled: false }, { allowConsoleErrors: [/status of 400/] });
    await page.goto(`${server.url}/about`);
    await page.getByRole("main").getByRole("button", { name: TRIGGER }).click();
    await dialog(page).getByLabel(exactly("Full Name")).fill("Thabo Molefe");
    await dialog(page).getByLabel(exactly("Email Address")).fill("thabo@molefe");
    await dialog(page).getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${server.url}${companyProfilePath}`);
    const form = () => page.locator("#company-profile-form form");

    // The browser lets "thabo@molefe" through; the schema does not.
    await page.waitForLoadState();
    expect(await fieldError(page, "Email Address", form())).toBe(schemaMessage("email", "thabo@molefe"));
    expect(await form().getByLabel(exactly("Full Name")).inputValue()).toBe("Thabo Molefe");
    await form().getByLabel(exactly("Email Address")).fill("thabo@molefe.co.za");
    await form().getByRole("button", { name: "Continue" }).click();
    await page.waitForLoadState();
    expect(await form().getByLabel("Company Name (optional)").isVisible()).toBe(true);
    await form().getByRole("button", { name: "Back" }).click();
    await page.waitForLoadState();
    expect(await form().getByLabel(exactly("Email Address")).inputValue()).toBe("thabo@molefe.co.za");
    await form().getByRole("button", { name: "Continue" }).click();
    await page.waitForLoadState();
    await form().getByLabel("Company Name (optional)").fill("Molefe Media");
    // The page of this step was rendered just now: a person takes a few seconds to answer it.
    await waitForFormTokenAge(server, form());
    await form().getByRole("button", { name: "Download PDF" }).click();
    await page.waitForLoadState();
    const status = page.locator("#company-profile-form [role=status]");
    expect(await status.locator("p").allTextContents()).toEqual([messages.success.title, messages.success.message]);
    const download = page.waitForEvent("download");
    await status.getByRole("link", { name: "Download PDF" }).click();
    const pdf = readFileSync((await (await download).path())!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(profileRows("thabo@molefe.co.za")).toEqual([
      expect.objectContaining({ name: "Thabo Molefe", company: "Molefe Media", phone: null, bot_check: "noscript" }),
    ]);
  });
});
