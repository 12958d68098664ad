import { describe, expect, it } from "vitest";
import { captchaNotInitialized, rateLimitMessage, rateLimitTitle } from "#app/forms/messages.ts";
import { contactBudgetOptions, contactInterestOptions } from "#app/forms/options.ts";
import { expectNoAxeViolations } from "#tests/support/browser.ts";
import { enhanced, postLead } from "#tests/support/leads.ts";
import {
  blockCaptchaWidget,
  exactly,
  fieldError,
  forgeCaptchaAnswer,
  gotoForm,
  holdPosts,
  openFormPage,
  postsFrom,
  queuedNotices,
  rows,
  toastWith,
  useFormsSite,
  visitorAddress,
  waitForFormTokenAge,
} from "#tests/e2e/forms-support.ts";
import { forms } from "#app/forms/registry.ts";

const { browser, server } = useFormsSite();

const SUBMIT = "Get My Free ROI Analysis";
const messages = forms.contact.messages;

/** The schema's own message for a field given this value. */
function schemaMessage(field: keyof typeof forms.contact.schema.shape, value: string): string {
  const result = forms.contact.schema.shape[field].safeParse(value);
  if (result.success) throw new Error(`${field}: ${value} is valid`);
  return result.error.issues[0]!.message;
}

interface ContactRow {
  form_type: string;
  name: string;
  email: string;
  company: string;
  website: string | null;
  budget: string | null;
  service: string | null;
  message: string | null;
  bot_check: string;
}

const contactRows = (email: string) => rows<ContactRow>(server, "SELECT * FROM form_submissions WHERE email = ?", email);

describe("contact form", () => {
  it("stores the lead, queues the notification, says Success! and clears the fields", async () => {
    const { page } = await openFormPage(browser);
    await gotoForm(page, `${server.url}/contact`);
    const form = page.locator("#contact-form form");
    await form.getByLabel(exactly("Full Name")).fill("Thandi Nkosi");
    await form.getByLabel(exactly("Email Address")).fill("thandi@nkosi-retail.co.za");
    await form.getByLabel(exactly("Company Name")).fill("Nkosi Retail");
    await form.getByLabel(exactly("Website")).fill("nkosi-retail.co.za");
    await form.getByLabel(exactly("Monthly Ad Budget")).selectOption(contactBudgetOptions[1].value);
    await form.getByLabel(exactly("Primary Interest")).selectOption(contactInterestOptions[0].value);
    await form.getByLabel(exactly("Tell us about your goals")).fill("Lower our cost per sale on Google.");
    const button = form.getByRole("button", { name: SUBMIT });
    const releasePost = await holdPosts(page, "/contact");
    await button.click();
    // While it posts the button says so and cannot be pressed again.
    await expect.poll(() => form.locator("button[type=submit]").textContent()).toBe("Submitting...");
    expect(await form.locator("button[type=submit]").isDisabled()).toBe(true);
    releasePost();

    const toast = await toastWith(page, messages.success.title);
    expect(toast).toEqual({ title: "Success!", description: messages.success.message, type: "success" });
    expect(await form.getByLabel(exactly("Full Name")).inputValue()).toBe("");
    expect(await form.getByLabel(exactly("Monthly Ad Budget")).inputValue()).toBe("");
    expect(await button.isEnabled()).toBe(true);

    expect(contactRows("thandi@nkosi-retail.co.za")).toEqual([
      expect.objectContaining({
        form_type: "contact",
        name: "Thandi Nkosi",
        company: "Nkosi Retail",
        website: "nkosi-retail.co.za",
        budget: contactBudgetOptions[1].value,
        service: contactInterestOptions[0].value,
        message: "Lower our cost per sale on Google.",
        bot_check: "altcha",
      }),
    ]);
    expect(queuedNotices(server, "Contact").some((notice) => notice.text_body.includes("thandi@nkosi-retail.co.za"))).toBe(true);
  });

  it("marks the required fields with an asterisk and as required; sent so, shows each field's message under it, focuses the first, and stores nothing (axe finds nothing); refuses a forged bot-check answer with the spec's message, keeps the fields and starts a fresh check", async () => {
    // The forged post's 403, which Chromium reports.
    const { page } = await openFormPage(browser, {}, { allowConsoleErrors: [/status of 403/] });
    let challenges = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/altcha/challenge")) challenges++;
    });
    await gotoForm(page, `${server.url}/contact`);
    const posts = postsFrom(page);
    const form = page.locator("#contact-form form");
    for (const label of ["Full Name", "Email Address", "Company Name"]) {
      const field = form.getByLabel(label);
      expect(await field.getAttribute("required"), label).not.toBeNull();
      expect(await form.locator(`label[for="${await field.getAttribute("id")}"]`).textContent()).toBe(`${label}*`);
    }
    expect(await form.getByLabel(exactly("Email Address")).getAttribute("type")).toBe("email");
    // SPEC.md: the budget is labelled required but not enforced.
    const budget = form.getByLabel(exactly("Monthly Ad Budget"));
    expect(await budget.getAttribute("aria-required")).toBe("true");
    expect(await budget.getAttribute("required")).toBeNull();
    expect(await budget.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).slice(1))).toEqual(
      contactBudgetOptions.map((o) => o.value),
    );
    expect(await form.getByLabel(exactly("Primary Interest")).locator("option").allTextContents()).toEqual([
      "Select a service",
      ...contactInterestOptions.map((o) => o.label),
    ]);

    await form.getByRole("button", { name: SUBMIT }).click();

    expect(await fieldError(page, "Full Name", form)).toBe(schemaMessage("name", ""));
    expect(await fieldError(page, "Email Address", form)).toBe(schemaMessage("email", ""));
    expect(await fieldError(page, "Company Name", form)).toBe(schemaMessage("company", ""));
    expect(await fieldError(page, "Website", form)).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    await expectNoAxeViolations(page, "#contact-form");

    // Fixing a field clears its message as the visitor types; a malformed email keeps its own.
    await form.getByLabel(exactly("Full Name")).fill("Thandi");
    await expect.poll(() => fieldError(page, "Full Name", form)).toBeNull();
    await form.getByLabel(exactly("Email Address")).fill("thandi@");
    await form.getByLabel(exactly("Company Name")).fill("Nkosi Retail");
    await form.getByRole("button", { name: SUBMIT }).click();
    expect(await fieldError(page, "Email Address", form)).toBe(schemaMessage("email", "thandi@"));
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("email");
    expect(posts).toEqual([]);
    expect(contactRows("thandi@")).toEqual([]);

    // The same visit, as a bot replaying or inventing a solution would post it.
    await forgeCaptchaAnswer(page, "/contact");
    await form.getByLabel(exactly("Full Name")).fill("Forged Bot");
    await form.getByLabel(exactly("Email Address")).fill("bot@forged.example");
    await form.getByLabel(exactly("Company Name")).fill("Bots Inc");
    await form.getByRole("button", { name: SUBMIT }).click();
    // SPEC.md section 8: "Contact bot-check, insert or token failure: Error: 'Failed to submit form. Please try again.'"
    const toast = await toastWith(page, messages.failure.title);
    expect(toast).toEqual({ title: "Error", description: messages.failure.message, type: "error" });
    expect(await form.getByLabel(exactly("Full Name")).inputValue()).toBe("Forged Bot");
    expect(contactRows("bot@forged.example")).toEqual([]);
    const before = challenges;
    await page.unrouteAll();
    await form.getByLabel(exactly("Full Name")).fill("Not A Bot");
    await form.getByRole("button", { name: SUBMIT }).click();
    expect((await toastWith(page, messages.success.title)).description).toBe(messages.success.message);
    expect(challenges).toBeGreaterThan(before);
    expect(contactRows("bot@forged.example")).toEqual([expect.objectContaining({ name: "Not A Bot" })]);
  });

  it("can be completed with the keyboard alone", async () => {
    const { page } = await openFormPage(browser);
    await gotoForm(page, `${server.url}/contact`);
    await page.locator("#contact-form form").getByLabel(exactly("Full Name")).focus();
    await page.keyboard.type("Sipho Dube");
    await page.keyboard.press("Tab");
    await page.keyboard.type("sipho@dube.co.za");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Dube Logistics");
    await page.keyboard.press("Tab");
    await page.keyboard.type("dube.co.za");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Keyboard only.");
    // Past the bot check's own control to the submit button.
    for (let i = 0; i < 5 && (await page.evaluate(() => document.activeElement?.textContent)) !== SUBMIT; i++) {
      await page.keyboard.press("Tab");
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(SUBMIT);
    await page.keyboard.press("Enter");
    expect((await toastWith(page, messages.success.title)).description).toBe(messages.success.message);
    expect(contactRows("sipho@dube.co.za")).toEqual([
      expect.objectContaining({ name: "Sipho Dube", budget: contactBudgetOptions[0].value, service: contactInterestOptions[0].value }),
    ]);
  });

  it("says 'ReCAPTCHA not initialized' when the bot check never loaded, and posts nothing", async () => {
    // Chromium reports the widget's code this test blocks, and the page its failed import.
    const blocked = [/Failed to load resource/, /Failed to fetch dynamically imported module/];
    const { page } = await openFormPage(browser, {}, { allowConsoleErrors: blocked });
    await blockCaptchaWidget(page);
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts++;
    });
    await gotoForm(page, `${server.url}/contact`);
    const form = page.locator("#contact-form form");
    await form.getByLabel(exactly("Full Name")).fill("No Widget");
    await form.getByLabel(exactly("Email Address")).fill("nowidget@example.co.za");
    await form.getByLabel(exactly("Company Name")).fill("Blocked");
    await form.getByRole("button", { name: SUBMIT }).click();
    expect(await toastWith(page, messages.failure.title)).toEqual({ title: "Error", description: captchaNotInitialized, type: "error" });
    expect(posts).toBe(0);
    expect(await form.getByLabel(exactly("Full Name")).inputValue()).toBe("No Widget");
  });

  it("works without JavaScript: the page comes back with Success! and the lead is stored", async () => {
    const { page } = await openFormPage(browser, { javaScriptEnabled: false });
    await page.goto(`${server.url}/contact`);
    const form = page.locator("#contact-form form");
    await form.getByLabel(exactly("Full Name")).fill("Lerato Mokoena");
    await form.getByLabel(exactly("Email Address")).fill("lerato@mokoena.co.za");
    await form.getByLabel(exactly("Company Name")).fill("Mokoena Foods");
    await form.getByLabel(exactly("Monthly Ad Budget")).selectOption(contactBudgetOptions[2].value);
    await waitForFormTokenAge(server, form);
    await form.getByRole("button", { name: SUBMIT }).click();
    await page.waitForLoadState();
    const status = page.locator("#contact-form [role=status]");
    expect((await status.textContent())?.trim()).toBe(`${messages.success.title}${messages.success.message}`);
    expect(await page.locator("#contact-form form").getByLabel(exactly("Full Name")).inputValue()).toBe("");
    expect(contactRows("lerato@mokoena.co.za")).toEqual([
      expect.objectContaining({
        name: "Lerato Mokoena",
        company: "Mokoena Foods",
        budget: contactBudgetOptions[2].value,
        bot_check: "noscript",
      }),
    ]);
    expect(queuedNotices(server, "Contact").some((notice) => notice.text_body.includes("lerato@mokoena.co.za"))).toBe(true);
  });

  it("without JavaScript, a refused post comes back with the messages and what was typed", async () => {
    // Chromium reports the page's 400 status, which the refusal carries.
    const { page } = await openFormPage(browser, { javaScriptEnabled: false }, { allowConsoleErrors: [/status of 400/] });
    await page.goto(`${server.url}/contact`);
    const form = page.locator("#contact-form form");
    await form.getByLabel(exactly("Full Name")).fill("Lerato Mokoena");
    // The browser's own email check lets this through; the schema does not.
    await form.getByLabel(exactly("Email Address")).fill("lerato@mokoena");
    await form.getByLabel(exactly("Company Name")).fill("Mokoena Foods");
    await form.getByRole("button", { name: SUBMIT }).click();
    await page.waitForLoadState();
    const again = page.locator("#contact-form form");
    expect(await fieldError(page, "Email Address", again)).toBe(schemaMessage("email", "lerato@mokoena"));
    expect(await again.getByLabel(exactly("Email Address")).inputValue()).toBe("lerato@mokoena");
    expect(await again.getByLabel(exactly("Full Name")).inputValue()).toBe("Lerato Mokoena");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("email");
  });
});

describe("contact form rate limit", () => {
  it("stops the post and says how many minutes to wait", async () => {
    // Earlier attempts from the same address use up the limit (each counts, whatever its bot check).
    const address = visitorAddress();
    const fields = { name: "Eager", email: "eager@example.co.za", company: "Eager Co", ...enhanced("not-a-solution") };
    for (let i = 0; i < forms.contact.rateLimit.max; i++) await postLead(server, "/contact", fields, address);
    // Chromium reports the post's 429 status.
    const { page } = await openFormPage(browser, {}, { address, allowConsoleErrors: [/status of 429/] });
    await gotoForm(page, `${server.url}/contact`);
    const form = page.locator("#contact-form form");
    await form.getByLabel(exactly("Full Name")).fill("Eager Again");
    await form.getByLabel(exactly("Email Address")).fill("eager@example.co.za");
    await form.getByLabel(exactly("Company Name")).fill("Eager Co");
    await form.getByRole("button", { name: SUBMIT }).click();
    expect(await toastWith(page, rateLimitTitle)).toEqual({
      title: "Too many attempts",
      description: rateLimitMessage(forms.contact.rateLimit.windowMinutes),
      type: "error",
    });
    expect(await form.getByLabel(exactly("Full Name")).inputValue()).toBe("Eager Again");
    expect(contactRows("eager@example.co.za")).toEqual([]);
  });
});
