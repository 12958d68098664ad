import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { botCheckFailed, rateLimitMessage, rateLimitTitle } from "#app/forms/messages.ts";
import {
  additionalServiceOptions,
  labelOf,
  orderBudgetOptions,
  serviceOptions,
  startDateOptions,
  tiersByService,
} from "#app/forms/options.ts";
import { orderStepTitles } from "#app/forms/order-steps.ts";
import { expectNoAxeViolations, formEnhanced, holdAppScripts } from "#tests/support/browser.ts";
import { enhanced, postLead } from "#tests/support/leads.ts";
import {
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
import { orderMessages, splitOrderMessage } from "#app/forms/order.ts";
import { forms } from "#app/forms/registry.ts";

const { browser, server } = useFormsSite();

const success = forms.order.messages.success;
const wizard = (page: Page) => page.locator("#order-form form");
const currentStep = (page: Page) => page.locator('ol[aria-label="Order progress"] li[aria-current="step"]').textContent();
const button = (page: Page, name: string) => wizard(page).getByRole("button", { name, exact: true });

/** The toast a step's message makes ("Missing Information: ..." reads as title and text). */
function stepToast(text: string) {
  const { title, message } = splitOrderMessage(text);
  return { title, description: message, type: "error" };
}

/**
 * Waits for the newest toast with this step message's title to say it: the previous step's toast
 * may share the title and still be showing while the new one renders (sonner puts the newest first).
 */
async function expectStepToast(page: Page, text: string) {
  await expect.poll(() => toastWith(page, stepToast(text).title), { timeout: 10_000 }).toEqual(stepToast(text));
}

interface OrderRow {
  name: string;
  email: string;
  phone: string;
  company: string;
  service: string;
  tier: string;
  additional_services: string;
  industry: string;
  monthly_budget: string;
  goals: string;
  start_date: string;
  bot_check: string;
}
const orderRows = (email: string) => rows<OrderRow>(server, "SELECT * FROM service_orders WHERE email = ?", email);

async function fillStep1(form: Locator, email: string) {
  await form.getByLabel(exactly("Full Name")).fill("Nomsa Khumalo");
  await form.getByLabel(exactly("Email Address")).fill(email);
  await form.getByLabel(exactly("Phone Number")).fill("+27 82 555 0101");
  await form.getByLabel(exactly("Company Name")).fill("Khumalo Interiors");
}

async function fillStep3(form: Locator) {
  await form.getByLabel(exactly("Industry")).fill("Interior design");
  await form.getByLabel(exactly("Monthly Marketing Budget")).selectOption(orderBudgetOptions[2]);
  await form.getByLabel(exactly("Business Goals")).fill("Fill the showroom calendar");
}

describe("order wizard", () => {
  it("moves on only when each step validates, with the step's message, then orders and starts over", async () => {
    const { page } = await openFormPage(browser);
    await gotoForm(page, `${server.url}/get-started`, wizard(page));
    const form = wizard(page);
    // Each item reads "Step N: Title" (the number in the circle is decoration).
    expect((await page.locator('ol[aria-label="Order progress"] li').allTextContents()).map((text) => text.replace(/^\d+/, ""))).toEqual(
      orderStepTitles.map((title, i) => `Step ${i + 1}: ${title}`),
    );
    expect(await currentStep(page)).toContain(orderStepTitles[0]);
    expect(await button(page, "Previous").isDisabled()).toBe(true);

    // Step 1: everything missing, then a malformed email.
    await button(page, "Next").click();
    await expectStepToast(page, orderMessages.step1Missing);
    expect(await fieldError(page, "Full Name", form)).toBe(splitOrderMessage(orderMessages.step1Missing).message);
    expect(await form.getByLabel(exactly("Full Name")).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await currentStep(page)).toContain(orderStepTitles[0]);
    await expectNoAxeViolations(page, "#order-form");
    await fillStep1(form, "nomsa@khumalo");
    await button(page, "Next").click();
    await expectStepToast(page, orderMessages.invalidEmail);
    expect(await fieldError(page, "Email Address", form)).toBe(splitOrderMessage(orderMessages.invalidEmail).message);
    await form.getByLabel(exactly("Email Address")).fill("nomsa@khumalo.co.za");
    await button(page, "Next").click();
    await expect.poll(() => currentStep(page)).toContain(orderStepTitles[1]);

    // Step 2: service and tier; the tier list is the service's own and clears when the service changes.
    await button(page, "Next").click();
    await expectStepToast(page, orderMessages.step2Missing);
    const service = form.getByLabel(exactly("Primary Service"));
    const tier = form.getByLabel(exactly("Service Tier"));
    expect(await service.locator("option").allTextContents()).toEqual(["Select a service", ...serviceOptions.map((o) => o.label)]);
    await service.selectOption("googleAds");
    expect(await tier.locator("option").allTextContents()).toEqual(["Select a tier", ...tiersByService.googleAds]);
    await tier.selectOption("Growth");
    await service.selectOption("strategy");
    expect(await tier.inputValue()).toBe("");
    expect(await tier.locator("option").allTextContents()).toEqual(["Select a tier", ...tiersByService.strategy]);
    await tier.selectOption("Monthly Retainer");
    const [firstExtra, secondExtra] = additionalServiceOptions;
    await form.getByLabel(firstExtra).check();
    await form.getByLabel(secondExtra).check();
    await form.getByLabel(firstExtra).uncheck();
    await button(page, "Next").click();
    await expect.poll(() => currentStep(page)).toContain(orderStepTitles[2]);

    // Step 3, and Previous keeps what was chosen.
    await button(page, "Next").click();
    await expectStepToast(page, orderMessages.step3Missing);
    await fillStep3(form);
    expect(await form.getByLabel(exactly("Monthly Marketing Budget")).locator("option").allTextContents()).toEqual([
      "Select your budget",
      ...orderBudgetOptions,
    ]);
    await button(page, "Previous").click();
    await expect.poll(() => currentStep(page)).toContain(orderStepTitles[1]);
    expect(await tier.inputValue()).toBe("Monthly Retainer");
    await button(page, "Next").click();
    await button(page, "Next").click();
    await expect.poll(() => currentStep(page)).toContain(orderStepTitles[3]);

    // Step 4 and the order.
    await button(page, "Submit Order").click();
    await expectStepToast(page, orderMessages.step4Missing);
    const start = form.getByLabel(exactly("Preferred Start Date"));
    expect(await start.locator("option").allTextContents()).toEqual(["Select a start date", ...startDateOptions]);
    await start.selectOption(startDateOptions[1]);
    const releasePost = await holdPosts(page, "/get-started");
    await button(page, "Submit Order").click();
    await expect.poll(() => form.locator("button[type=submit][value=submit]").textContent()).toBe("Submitting...");
    expect(await form.locator("button[type=submit][value=submit]").isDisabled()).toBe(true);
    expect(await button(page, "Previous").isDisabled()).toBe(true);
    releasePost();
    expect(await toastWith(page, success.title)).toEqual({ title: success.title, description: success.message, type: "success" });

    // After success the wizard is empty and back on step 1.
    await expect.poll(() => currentStep(page)).toContain(orderStepTitles[0]);
    expect(await form.getByLabel(exactly("Full Name")).inputValue()).toBe("");
    expect(await service.inputValue()).toBe("");
    expect(await form.getByLabel(secondExtra).isChecked()).toBe(false);
    expect(orderRows("nomsa@khumalo.co.za")).toEqual([
      expect.objectContaining({
        name: "Nomsa Khumalo",
        phone: "+27 82 555 0101",
        company: "Khumalo Interiors",
        service: "strategy",
        tier: "Monthly Retainer",
        additional_services: JSON.stringify([secondExtra]),
        industry: "Interior design",
        monthly_budget: orderBudgetOptions[2],
        goals: "Fill the showroom calendar",
        start_date: startDateOptions[1],
        bot_check: "altcha",
      }),
    ]);
    const notice = queuedNotices(server, "Service Order").find((n) => n.text_body.includes("nomsa@khumalo.co.za"));
    expect(notice?.text_body).toContain(labelOf(serviceOptions, "strategy"));
    expect(await page.locator("#order-form").getByRole("link", { name: "Contact us" }).getAttribute("href")).toBe("/contact");
  });

  it("before React, moves between the steps in the page, in the spec's words, and React carries on from there", async () => {
    const { page } = await openFormPage(browser);
    const releaseScripts = await holdAppScripts(page);
    const posts = postsFrom(page);
    await page.goto(`${server.url}/get-started`);
    const form = wizard(page);
    // Set in this document: a page load would lose it.
    await page.evaluate(() => ((window as unknown as Record<string, boolean>).sameDocument = true));
    const sameDocument = () => page.evaluate(() => (window as unknown as Record<string, boolean>).sameDocument === true);
    const message = (label: string) => form.getByLabel(exactly(label)).evaluate((control: HTMLInputElement) => control.validationMessage);
    const heading = () =>
      page.evaluate(() => (document.activeElement instanceof HTMLHeadingElement ? document.activeElement.textContent : null));

    // A missing field, then a malformed email: the browser says so in the spec's words.
    await button(page, "Next").click();
    expect(await message("Full Name")).toBe(orderMessages.step1Missing);
    expect(await currentStep(page)).toContain(orderStepTitles[0]);
    await fillStep1(form, "before-react@khumalo");
    await button(page, "Next").click();
    expect(await message("Email Address")).toBe(orderMessages.invalidEmail);
    await form.getByLabel(exactly("Email Address")).fill("before-react@khumalo.co.za");
    await button(page, "Next").click();
    await expect.poll(() => currentStep(page)).toContain(orderStepTitles[1]);
    expect(await heading()).toBe(`Step 2 of 4: ${orderStepTitles[1]}`);
    expect(await button(page, "Previous").isDisabled()).toBe(false);

    // Step 2: the tier must be the service's own (the list holds every service's before React).
    await form.getByLabel(exactly("Primary Service")).selectOption("googleAds");
    await form.getByLabel(exactly("Service Tier")).selectOption({ label: tiersByService.strategy[0] });
    await button(page, "Next").click();
    expect(await message("Service Tier")).toBe(orderMessages.step2Missing);
    await form.getByLabel(exactly("Service Tier")).selectOption({ label: tiersByService.googleAds[1] });
    await button(page, "Next").click();
    await expect.poll(() => currentStep(page)).toContain(orderStepTitles[2]);
    expect(await page.locator('ol[aria-label="Order progress"] li').first().textContent()).toContain("(completed)");
    await button(page, "Previous").click();
    await expect.poll(() => currentStep(page)).toContain(orderStepTitles[1]);
    await button(page, "Next").click();
    await fillStep3(form);
    await button(page, "Next").click();
    await expect.poll(() => currentStep(page)).toContain(orderStepTitles[3]);
    expect(await heading()).toBe(`Step 4 of 4: ${orderStepTitles[3]}`);
    expect(await form.locator('button[name="intent"]').first().getAttribute("value")).toBe("submit");
    await button(page, "Submit Order").click();
    expect(await message("Preferred Start Date")).toBe(orderMessages.step4Missing);
    await button(page, "Previous").click();
    await expect.poll(() => currentStep(page)).toContain(orderStepTitles[2]);
    expect(await sameDocument()).toBe(true);
    expect(posts).toEqual([]);

    // React hydrates on step 3 with what was chosen, and takes it from there.
    releaseScripts();
    await formEnhanced(page, form);
    expect(await currentStep(page)).toContain(orderStepTitles[2]);
    expect(await form.getByLabel(exactly("Service Tier")).inputValue()).toBe(tiersByService.googleAds[1]);
    await button(page, "Previous").click();
    await expect.poll(() => currentStep(page)).toContain(orderStepTitles[1]);
    expect(await form.getByLabel(exactly("Service Tier")).locator("option").allTextContents()).toEqual([
      "Select a tier",
      ...tiersByService.googleAds,
    ]);
    expect(await form.getByLabel(exactly("Service Tier")).inputValue()).toBe(tiersByService.googleAds[1]);
    await button(page, "Next").click();
    await button(page, "Next").click();
    await expect.poll(() => currentStep(page)).toContain(orderStepTitles[3]);
    await button(page, "Submit Order").click();
    await expectStepToast(page, orderMessages.step4Missing);
    expect(await sameDocument()).toBe(true);
    expect(posts).toEqual([]);
    await expectNoAxeViolations(page, "#order-form");
  });

  it("can be completed with the keyboard alone", async () => {
    const { page } = await openFormPage(browser);
    await gotoForm(page, `${server.url}/get-started`, wizard(page));
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    const tabTo = async (name: string) => {
      for (let i = 0; i < 15 && (await focused()) !== name; i++) await page.keyboard.press("Tab");
      expect(await focused()).toBe(name);
    };
    const typeAndTab = async (text: string) => {
      await page.keyboard.type(text);
      await page.keyboard.press("Tab");
    };
    /** A new step takes the focus to its heading, where the keyboard carries on. */
    const onStep = async (index: number) => {
      await expect.poll(() => currentStep(page)).toContain(orderStepTitles[index]);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain(`: ${orderStepTitles[index]}`);
    };
    await wizard(page).getByLabel(exactly("Full Name")).focus();
    await typeAndTab("Keyboard Only");
    await typeAndTab("keys@example.co.za");
    await typeAndTab("0115550000");
    await page.keyboard.type("Keys Ltd");
    // Enter in a field moves to the next step (Next is the form's first button).
    await page.keyboard.press("Enter");
    await onStep(1);
    // The new step's heading has the focus; its fields follow.
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await tabTo("Next");
    await page.keyboard.press("Enter");
    await onStep(2);
    await page.keyboard.press("Tab");
    await typeAndTab("Retail");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await typeAndTab("Print ads");
    await page.keyboard.type("Grow online sales");
    await tabTo("Next");
    await page.keyboard.press("Enter");
    await onStep(3);
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown");
    await tabTo("Submit Order");
    await page.keyboard.press("Enter");
    expect((await toastWith(page, success.title)).description).toBe(success.message);
    expect(orderRows("keys@example.co.za")).toEqual([
      expect.objectContaining({
        service: serviceOptions[0].value,
        tier: tiersByService[serviceOptions[0].value][0],
        additional_services: JSON.stringify([additionalServiceOptions[0]]),
        industry: "Retail",
        monthly_budget: orderBudgetOptions[0],
        goals: "Grow online sales",
        start_date: startDateOptions[0],
      }),
    ]);
  });

  it("preselects the primary service from ?service=, and keeps everything and says Submission Failed when the bot check refuses the order", async () => {
    const { page } = await openFormPage(browser, {}, { allowConsoleErrors: [/status of 403/] });
    await gotoForm(page, `${server.url}/get-started?service=nonsense`, wizard(page));
    expect(await wizard(page).getByLabel(exactly("Primary Service")).inputValue()).toBe("");
    for (const key of ["metaAds", "promptEngineering", "analytics"] as const) {
      await gotoForm(page, `${server.url}/get-started?service=${key}`, wizard(page));
      const form = wizard(page);
      expect(await form.getByLabel(exactly("Primary Service")).inputValue()).toBe(key);
      expect(await form.getByLabel(exactly("Service Tier")).locator("option").allTextContents()).toEqual([
        "Select a tier",
        ...tiersByService[key],
      ]);
    }

    // The last one ordered, with a forged bot-check answer.
    await forgeCaptchaAnswer(page, "/get-started");
    const form = wizard(page);
    await fillStep1(form, "forged-order@example.co.za");
    await button(page, "Next").click();
    await form.getByLabel(exactly("Service Tier")).selectOption("Premium");
    await button(page, "Next").click();
    await fillStep3(form);
    await button(page, "Next").click();
    await form.getByLabel(exactly("Preferred Start Date")).selectOption(startDateOptions[4]);
    await button(page, "Submit Order").click();
    expect(await toastWith(page, forms.order.messages.failure.title)).toEqual({
      title: "Submission Failed",
      description: botCheckFailed,
      type: "error",
    });
    expect(await currentStep(page)).toContain(orderStepTitles[3]);
    expect(await form.getByLabel(exactly("Preferred Start Date")).inputValue()).toBe(startDateOptions[4]);
    expect(orderRows("forged-order@example.co.za")).toEqual([]);
  });

  it("says how long to wait once the rate limit is reached", async () => {
    const address = visitorAddress();
    const order = {
      name: "Eager",
      email: "eager-order@example.co.za",
      phone: "011",
      company: "Eager",
      service: "googleAds",
      tier: "Starter",
      industry: "Retail",
      monthlyBudget: orderBudgetOptions[0],
      goals: "More",
      startDate: startDateOptions[0],
      intent: "submit",
      ...enhanced("not-a-solution"),
    };
    for (let i = 0; i < forms.order.rateLimit.max; i++) await postLead(server, "/get-started", order, address);
    // Chromium reports the post's 429 status.
    const { page } = await openFormPage(browser, {}, { address, allowConsoleErrors: [/status of 429/] });
    await gotoForm(page, `${server.url}/get-started?service=googleAds`, wizard(page));
    const form = wizard(page);
    await fillStep1(form, "eager-order@example.co.za");
    await button(page, "Next").click();
    await form.getByLabel(exactly("Service Tier")).selectOption("Starter");
    await button(page, "Next").click();
    await fillStep3(form);
    await button(page, "Next").click();
    await form.getByLabel(exactly("Preferred Start Date")).selectOption(startDateOptions[0]);
    await button(page, "Submit Order").click();
    expect(await toastWith(page, rateLimitTitle)).toEqual({
      title: rateLimitTitle,
      description: rateLimitMessage(forms.order.rateLimit.windowMinutes),
      type: "error",
    });
    expect(orderRows("eager-order@example.co.za")).toEqual([]);
  });

  it("without JavaScript, a last step posted with missing information reads as it does with JavaScript", async () => {
    // Chromium reports the 400 status each refused post's page carries.
    const { page } = await openFormPage(browser, { javaScriptEnabled: false }, { allowConsoleErrors: [/status of 400/] });
    await page.goto(`${server.url}/get-started?service=linkedinAds`);
    const form = () => wizard(page);
    const status = () => page.locator("#order-form [role=alert]").textContent();
    const next = async () => {
      await button(page, "Next").click();
      await page.waitForLoadState();
    };
    await fillStep1(form(), "missing-nojs@khumalo.co.za");
    await next();
    await form().getByLabel(exactly("Service Tier")).selectOption({ label: "Growth" });
    await next();
    await fillStep3(form());
    await next();
    expect(await currentStep(page)).toContain(orderStepTitles[3]);

    // A browser that does not enforce `required` posts the last step without a start date.
    await form()
      .getByLabel(exactly("Preferred Start Date"))
      .evaluate((select) => select.removeAttribute("required"));
    await button(page, "Submit Order").click();
    await page.waitForLoadState();
    const step4 = splitOrderMessage(orderMessages.step4Missing);
    expect((await status())?.trim()).toBe(`${step4.title}${step4.message}`);
    expect(await currentStep(page)).toContain(orderStepTitles[3]);
    expect(await fieldError(page, "Preferred Start Date", form())).toBe(step4.message);

    // An answer of an earlier step gone missing on the way: the page reopens that step with its own words.
    await form().getByLabel(exactly("Preferred Start Date")).selectOption(startDateOptions[0]);
    await form()
      .locator('input[name="phone"]')
      .evaluate((input: HTMLInputElement) => (input.value = ""));
    await button(page, "Submit Order").click();
    await page.waitForLoadState();
    const step1 = splitOrderMessage(orderMessages.step1Missing);
    expect((await status())?.trim()).toBe(`${step1.title}${step1.message}`);
    expect(await currentStep(page)).toContain(orderStepTitles[0]);
    expect(await fieldError(page, "Phone Number", form())).toBe(step1.message);
    expect(orderRows("missing-nojs@khumalo.co.za")).toEqual([]);
  });

  it("works without JavaScript: each step is a post, a step's message comes back, the order is stored", async () => {
    // Chromium reports the 400 status of the page that refuses the first step.
    const { page } = await openFormPage(browser, { javaScriptEnabled: false }, { allowConsoleErrors: [/status of 400/] });
    await page.goto(`${server.url}/get-started?service=linkedinAds`);
    const form = () => wizard(page);
    await fillStep1(form(), "nomsa@khumalo");
    await button(page, "Next").click();
    await page.waitForLoadState();
    // The browser lets "nomsa@khumalo" through; the step's own rule does not.
    expect((await page.locator("#order-form [role=alert]").textContent())?.trim()).toBe(
      Object.values(splitOrderMessage(orderMessages.invalidEmail)).join(""),
    );
    expect(await currentStep(page)).toContain(orderStepTitles[0]);
    expect(await form().getByLabel(exactly("Full Name")).inputValue()).toBe("Nomsa Khumalo");
    await form().getByLabel(exactly("Email Address")).fill("nomsa-nojs@khumalo.co.za");
    await button(page, "Next").click();
    await page.waitForLoadState();
    expect(await currentStep(page)).toContain(orderStepTitles[1]);
    expect(await form().getByLabel(exactly("Primary Service")).inputValue()).toBe("linkedinAds");
    await form().getByLabel(exactly("Service Tier")).selectOption({ label: "Growth" });
    await form().getByLabel(additionalServiceOptions[2]).check();
    await button(page, "Next").click();
    await page.waitForLoadState();
    expect(await currentStep(page)).toContain(orderStepTitles[2]);
    await fillStep3(form());
    await button(page, "Previous").click();
    await page.waitForLoadState();
    expect(await currentStep(page)).toContain(orderStepTitles[1]);
    expect(await form().getByLabel(additionalServiceOptions[2]).isChecked()).toBe(true);
    await button(page, "Next").click();
    await page.waitForLoadState();
    expect(await form().getByLabel(exactly("Industry")).inputValue()).toBe("Interior design");
    await button(page, "Next").click();
    await page.waitForLoadState();
    expect(await currentStep(page)).toContain(orderStepTitles[3]);
    await form().getByLabel(exactly("Preferred Start Date")).selectOption(startDateOptions[2]);
    // The page of the last step was rendered just now: a person takes a few seconds to answer it.
    await waitForFormTokenAge(server, form());
    await button(page, "Submit Order").click();
    await page.waitForLoadState();
    expect((await page.locator("#order-form [role=status]").textContent())?.trim()).toBe(`${success.title}${success.message}`);
    expect(await currentStep(page)).toContain(orderStepTitles[0]);
    expect(orderRows("nomsa-nojs@khumalo.co.za")).toEqual([
      expect.objectContaining({
        service: "linkedinAds",
        tier: "Growth",
        additional_services: JSON.stringify([additionalServiceOptions[2]]),
        start_date: startDateOptions[2],
        bot_check: "noscript",
      }),
    ]);
  });
});
