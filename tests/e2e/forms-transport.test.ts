import type { Locator, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Toast } from "#app/forms/messages.ts";
import { orderBudgetOptions, startDateOptions } from "#app/forms/options.ts";
import { exactly, fillLeadForm, gotoForm, markToastsSeen, openFormPage, rows, toastWith, useFormsSite } from "#tests/e2e/forms-support.ts";
import { formEnhanced } from "#tests/support/browser.ts";
import { bookingForm, bookingMessages } from "#app/forms/booking.ts";
import { forms } from "#app/forms/registry.ts";

/**
 * A post lost between the browser and the app: the network drops it, or the
 * proxy answers 502 because the instance is restarting. The visitor stays on
 * the form with every field (and every wizard step) as typed, reads the
 * form's own failure message of SPEC.md section 8, and can send again.
 * Every form posts through one hook (app/forms/use-lead-form.ts): the cases are
 * its shapes (one step, on the page or in a dialog, steps, a redirect), with the
 * contact form standing for the free audit's and the AI assessment's, which differ
 * from it only in their fields and words.
 */

const { browser, server } = useFormsSite();

/** Chromium reports the failed request itself on the console; that is the only error allowed. */
const networkErrors = [/Failed to load resource/, /net::ERR_FAILED/];

/** Breaks the enhanced posts to `postPath` until the returned function is called. */
async function breakPosts(page: Page, postPath: string, how: "aborted" | "502"): Promise<() => Promise<void>> {
  const matches = (url: URL) => url.pathname === `${postPath}.data`;
  const handler = async (route: Route) => {
    if (route.request().method() !== "POST") return route.fallback();
    if (how === "aborted") return route.abort("connectionreset");
    // What nginx answers while the upstream restarts.
    return route.fulfill({ status: 502, contentType: "text/html", body: "<html><body><h1>502 Bad Gateway</h1></body></html>" });
  };
  await page.route(matches, handler);
  return () => page.unroute(matches, handler);
}

/** Every field's value as the visitor left it (the bot check's hidden fields aside), hidden steps included. */
function typed(form: Locator): Promise<Array<string | boolean>> {
  return form.locator("input:not([type=hidden]), textarea, select").evaluateAll((elements) =>
    elements
      .filter((element) => !(element as HTMLInputElement).closest("altcha-widget") && (element as HTMLInputElement).name)
      .map((element) => {
        const input = element as HTMLInputElement;
        return input.type === "checkbox" || input.type === "radio" ? input.checked : input.value;
      }),
  );
}

interface TransportCase {
  name: string;
  path: string;
  /** The route whose action receives the post, when it is not the page's own. */
  postPath?: string;
  /** What the visitor does to bring up the form, once the page is there. */
  open?(page: Page): Promise<void>;
  form(page: Page): Locator;
  fill(form: Locator, email: string): Promise<void>;
  submit: string;
  failure: Toast;
  success: Toast;
  /** How many leads the agency has for this email. */
  stored(email: string): number;
}

const count = (sql: string, email: string) => rows<{ n: number }>(server, sql, email)[0]!.n;
const submissions = (email: string) => count("SELECT count(*) AS n FROM form_submissions WHERE email = ?", email);

const cases: TransportCase[] = [
  {
    name: "contact",
    path: "/contact",
    form: (page) => page.locator("#contact-form form"),
    fill: fillLeadForm.contact,
    submit: "Get My Free ROI Analysis",
    failure: forms.contact.messages.failure,
    success: forms.contact.messages.success,
    stored: submissions,
  },
  {
    name: "newsletter",
    path: "/blog",
    form: (page) => page.locator("#newsletter form"),
    async fill(form, email) {
      await form.getByLabel(exactly("Email address")).fill(email);
    },
    submit: "Subscribe",
    failure: forms.newsletter.messages.failure,
    success: forms.newsletter.messages.success,
    stored: submissions,
  },
  {
    name: "company profile",
    path: "/company-profile",
    form: (page) => page.locator("main form").first(),
    async fill(form, email) {
      await form.getByLabel(exactly("Full Name")).fill("Lerato Dlamini");
      await form.getByLabel(exactly("Email Address")).fill(email);
      await form.getByRole("button", { name: "Continue" }).click();
      await form.getByLabel("Company Name (optional)").fill("Dlamini Foods");
    },
    submit: "Download PDF",
    failure: forms.companyProfile.messages.failure,
    success: forms.companyProfile.messages.success,
    stored: (email) => count("SELECT count(*) AS n FROM company_profile_leads WHERE email = ?", email),
  },
  {
    name: "company profile dialog",
    path: "/about",
    postPath: "/company-profile",
    async open(page) {
      // Pressed at once: before hydration the press is held until React opens the dialog (hydration-on-intent.ts).
      await page.getByRole("contentinfo").getByRole("button", { name: "Download Company Profile" }).click();
    },
    form: (page) => page.getByRole("dialog").locator("form"),
    async fill(form, email) {
      await form.getByLabel(exactly("Full Name")).fill("Kagiso Molefe");
      await form.getByLabel(exactly("Email Address")).fill(email);
      await form.getByRole("button", { name: "Continue" }).click();
      await form.getByLabel("Phone Number (optional)").fill("+27 82 000 1111");
    },
    submit: "Download PDF",
    failure: forms.companyProfile.messages.failure,
    success: forms.companyProfile.messages.success,
    stored: (email) => count("SELECT count(*) AS n FROM company_profile_leads WHERE email = ?", email),
  },
  {
    name: "order wizard",
    path: "/get-started",
    form: (page) => page.locator("#order-form form"),
    async fill(form, email) {
      const next = () => form.getByRole("button", { name: "Next", exact: true }).click();
      await form.getByLabel(exactly("Full Name")).fill("Nomsa Khumalo");
      await form.getByLabel(exactly("Email Address")).fill(email);
      await form.getByLabel(exactly("Phone Number")).fill("+27 82 555 0101");
      await form.getByLabel(exactly("Company Name")).fill("Khumalo Interiors");
      await next();
      await form.getByLabel(exactly("Primary Service")).selectOption("strategy");
      await form.getByLabel(exactly("Service Tier")).selectOption("Monthly Retainer");
      await next();
      await form.getByLabel(exactly("Industry")).fill("Interior design");
      await form.getByLabel(exactly("Monthly Marketing Budget")).selectOption(orderBudgetOptions[2]);
      await form.getByLabel(exactly("Business Goals")).fill("Fill the showroom calendar");
      await next();
      await form.getByLabel(exactly("Preferred Start Date")).selectOption(startDateOptions[1]);
    },
    submit: "Submit Order",
    failure: forms.order.messages.failure,
    success: forms.order.messages.success,
    stored: (email) => count("SELECT count(*) AS n FROM service_orders WHERE email = ?", email),
  },
  {
    name: "booking",
    path: "/calendar",
    form: (page) => page.locator("#book form"),
    async fill(form, email) {
      const day = form.getByRole("group", { name: "1. Choose a day" }).getByRole("radio").nth(1);
      await day.locator("xpath=..").click();
      // Each test books a time of its own.
      const slot = form.locator(`[data-booking-times="${await day.getAttribute("value")}"] input[name=slot]`).nth(visitor);
      await slot.locator("xpath=..").click();
      await form.getByLabel(exactly("Full Name")).fill("Lindiwe Sibiya");
      await form.getByLabel(exactly("Email Address")).fill(email);
      await form.getByLabel(exactly("Company Name")).fill("Sibiya Logistics");
    },
    submit: "Book My Free Call",
    failure: { title: bookingForm.messages.failure.title, message: bookingMessages.failed },
    success: { title: "", message: "" },
    stored: (email) => count("SELECT count(*) AS n FROM bookings WHERE email = ?", email),
  },
];

let visitor = 0;
describe.each(cases)("$name form, when the post is lost in transit", (form) => {
  it("keeps what was typed, says the form's failure message, and sends again once the network is back", async () => {
    const email = `transport-${++visitor}@example.co.za`;
    const { page } = await openFormPage(browser, {}, { allowConsoleErrors: networkErrors });
    const element = form.form(page);
    if (form.open) {
      await page.goto(`${server.url}${form.path}`);
      await form.open(page);
      await formEnhanced(page, element);
    } else {
      await gotoForm(page, `${server.url}${form.path}`, element);
    }
    await form.fill(element, email);
    const before = await typed(element);
    const stepBefore = await page.locator('[aria-current="step"]').allTextContents();
    const submit = element.getByRole("button", { name: form.submit });

    // The network drops the post, then the proxy answers 502 while the instance restarts.
    for (const how of ["aborted", "502"] as const) {
      const repair = await breakPosts(page, form.postPath ?? form.path, how);
      await markToastsSeen(page);
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await submit.click();
      expect(await toastWith(page, form.failure.title), how).toMatchObject({ description: form.failure.message, type: "error" });
      expect(await page.getByText("Unexpected Application Error!").count()).toBe(0);
      expect(await typed(element)).toEqual(before);
      expect(await page.locator('[aria-current="step"]').allTextContents()).toEqual(stepBefore);
      expect(form.stored(email)).toBe(0);
      await repair();
    }

    // The network is back: the same press sends it.
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    if (form.name === "booking") {
      await page.waitForURL(/\/calendar\/manage\/[\w.-]+\?booked=1$/, { timeout: 30_000 });
    } else {
      expect(await toastWith(page, form.success.title)).toMatchObject({ description: form.success.message });
    }
    await expect.poll(() => form.stored(email)).toBe(1);
  });
});
