import { readFileSync } from "node:fs";
import type { BrowserContextOptions, Page, Request } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingContent } from "#app/components/booking/content.ts";
import { newsletterPages } from "#app/content/newsletter.ts";
import { companyProfilePdf } from "#app/forms/company-profile-pdf.ts";
import { orderBudgetOptions, startDateOptions } from "#app/forms/options.ts";
import { forms } from "#app/forms/registry.ts";
import { createUser, signIn } from "#tests/support/admin-users.ts";
import { formEnhanced, hydrated, type TrackedPage } from "#tests/support/browser.ts";
import { useBrowser, useServer } from "#tests/support/e2e.ts";
import { waitFor, writtenMail } from "#tests/support/leads.ts";
import { SITE_HOST, startSite, visitorHeaders } from "#tests/support/site.ts";
import { exactly, fillLeadForm, rows, toastWith, waitForFormTokenAge } from "#tests/e2e/forms-support.ts";

/**
 * The site as the README deploys it: Debian's nginx with deploy/nginx as shipped, TLS and HTTP/2 at
 * a host name (Chromium maps it to loopback), TRUST_PROXY=x-forwarded-for and an https SITE_URL.
 * What differs there is tested here, once for each way in: the browser's Origin on every form's
 * post, the visitor's address through the proxy, https links in mail, __Host- cookies in the inbox,
 * a post without JavaScript, the campaign and the referring site. The other suites test the
 * behaviour itself against the app on loopback (docs/decisions/0012).
 */

const AGENT = "agent@roimedia.co.za";
const PASSWORD = "correct horse battery staple";

const browser = useBrowser();
const server = useServer(() => startSite({ ALTCHA_COST: "20", OUTBOX_POLL_MS: "200" }, { on: "tls" }));

beforeAll(async () => {
  await createUser(server.dataDir, AGENT, PASSWORD);
});

interface Visitor extends TrackedPage {
  /** The address the visitor's requests carry to nginx, which the app must record as theirs. */
  address: string;
  /** Every POST the page has made so far. */
  posts: Request[];
}

/** A visitor with an address of its own who already chose cookies; its certificate is the test's throwaway one. */
async function visitor(options: BrowserContextOptions = {}): Promise<Visitor> {
  const headers = visitorHeaders();
  const tracked = await browser.openPage({
    viewport: { width: 1280, height: 900 },
    ignoreHTTPSErrors: true,
    extraHTTPHeaders: headers,
    acceptDownloads: true,
    ...options,
  });
  const posts: Request[] = [];
  tracked.page.on("request", (request) => request.method() === "POST" && posts.push(request));
  return { ...tracked, address: headers["X-Forwarded-For"]!, posts };
}

/** The page's posts to this path carried the site's own https origin, and nginx passed them to the app. */
async function expectPostedThroughProxy(visit: Visitor, dataPath: string) {
  const post = visit.posts.find((request) => new URL(request.url()).pathname === dataPath);
  expect(post, `a post to ${dataPath}`).toBeDefined();
  expect(await post!.headerValue("origin")).toBe(server.url);
  expect(server.proxyLog()).toContainEqual(
    expect.stringMatching(new RegExp(`^POST ${dataPath.replace(".", "\\.")}(\\?\\S*)? 200 127\\.0\\.0\\.1:\\d+$`)),
  );
}

async function expectSuccessToast(page: Page, form: "contact" | "audit" | "aiAssessment" | "newsletter" | "companyProfile" | "order") {
  const { success } = forms[form].messages;
  expect(await toastWith(page, success.title)).toMatchObject({ title: success.title, description: success.message, type: "success" });
}

/** The lead stored for this email, in whichever form's table keeps it. */
const stored = (email: string) =>
  rows<{ client_address: string; bot_check: string }>(
    server,
    ["form_submissions", "company_profile_leads", "service_orders"]
      .map((table) => `SELECT client_address, bot_check FROM ${table} WHERE email = ?`)
      .join(" UNION ALL "),
    email,
    email,
    email,
  );

describe("the site as deployed, behind nginx with TLS", () => {
  it("serves the browser over HTTP/2 with TLS at its host name, in a secure context, with HSTS", async () => {
    const { page } = await visitor();
    const response = await page.goto(`${server.url}/`);
    expect(new URL(page.url()).hostname).toBe(SITE_HOST);
    expect(await page.evaluate(() => [location.protocol, window.isSecureContext])).toEqual(["https:", true]);
    const protocol = await page.evaluate(
      () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).nextHopProtocol,
    );
    expect(protocol).toBe("h2");
    expect(response?.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);
    // The canonical address is the public one, not the app's own.
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${server.url}/`);
  });

  // The lead forms post through one hook and one route action: the contact form stands for them all.
  it("/contact: the form posts with the site's origin through nginx, the lead keeps the visitor's address and the visit's campaign and referrer", async () => {
    const visit = await visitor();
    const { page } = visit;
    await page.goto(`${server.url}/services/google-ads?utm_source=google&utm_medium=cpc&utm_campaign=brand`, {
      referer: "https://www.google.com/",
    });
    await page.goto(`${server.url}/contact`);
    const form = page.locator("#contact-form form");
    await formEnhanced(page, form);
    const email = "deployed-contact@example.co.za";
    await fillLeadForm.contact(form, email);
    await form.getByRole("button", { name: "Get My Free ROI Analysis" }).click();
    await expectSuccessToast(page, "contact");
    await expectPostedThroughProxy(visit, "/contact.data");
    expect(stored(email)).toEqual([expect.objectContaining({ client_address: visit.address, bot_check: "altcha" })]);
    const touches = rows<{ touch: string; landing_page: string; utm_source: string; referrer: string | null }>(
      server,
      `SELECT a.touch, a.landing_page, a.utm_source, a.referrer FROM lead_attributions a
       JOIN leads l ON l.lead_table = a.lead_table AND l.lead_id = a.lead_id WHERE l.email = ? AND a.touch = 'last'`,
      email,
    );
    expect(touches).toEqual([
      { touch: "last", landing_page: "/services/google-ads", utm_source: "google", referrer: "https://www.google.com" },
    ]);
  });

  it("takes a form posted without JavaScript: the page comes back with the success message", async () => {
    const { page, address } = await visitor({ javaScriptEnabled: false });
    await page.goto(`${server.url}/contact`);
    const form = page.locator("#contact-form form");
    await fillLeadForm.contact(form, "deployed-nojs@example.co.za");
    await waitForFormTokenAge(server, form);
    await form.getByRole("button", { name: "Get My Free ROI Analysis" }).click();
    await page.waitForLoadState();
    const { success } = forms.contact.messages;
    expect((await page.locator("#contact-form [role=status]").textContent())?.trim()).toBe(`${success.title}${success.message}`);
    expect(new URL(page.url()).origin).toBe(server.url);
    expect(stored("deployed-nojs@example.co.za")).toEqual([expect.objectContaining({ client_address: address, bot_check: "noscript" })]);
  });

  it("downloads the company profile from the dialog over https and keeps the lead", async () => {
    const visit = await visitor();
    const { page } = visit;
    await page.goto(`${server.url}/about`);
    await hydrated(page);
    await page.getByRole("contentinfo").getByRole("button", { name: "Download Company Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Download Our Company Profile" });
    await dialog.getByLabel(exactly("Full Name")).fill("Kagiso Molefe");
    await dialog.getByLabel(exactly("Email Address")).fill("deployed-profile@example.co.za");
    await dialog.getByRole("button", { name: "Continue" }).click();
    const company = dialog.getByLabel("Company Name (optional)");
    await expect.poll(() => company.evaluate((el) => el === document.activeElement)).toBe(true);
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download PDF" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(companyProfilePdf.fileName);
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    await expectSuccessToast(page, "companyProfile");
    expect(stored("deployed-profile@example.co.za")).toEqual([expect.objectContaining({ client_address: visit.address })]);
  });

  it("takes an order through the wizard's four steps", async () => {
    const visit = await visitor();
    const { page } = visit;
    await page.goto(`${server.url}/get-started?service=metaAds`);
    const form = page.locator("#order-form form");
    await formEnhanced(page, form);
    const next = form.getByRole("button", { name: "Next", exact: true });
    await form.getByLabel(exactly("Full Name")).fill("Nomsa Khumalo");
    await form.getByLabel(exactly("Email Address")).fill("deployed-order@example.co.za");
    await form.getByLabel(exactly("Phone Number")).fill("+27 82 555 0101");
    await form.getByLabel(exactly("Company Name")).fill("Khumalo Interiors");
    await next.click();
    await form.getByLabel(exactly("Service Tier")).selectOption("Growth");
    await next.click();
    await form.getByLabel(exactly("Industry")).fill("Interior design");
    await form.getByLabel(exactly("Monthly Marketing Budget")).selectOption(orderBudgetOptions[2]);
    await form.getByLabel(exactly("Business Goals")).fill("Fill the showroom calendar");
    await next.click();
    await form.getByLabel(exactly("Preferred Start Date")).selectOption(startDateOptions[1]);
    await form.getByRole("button", { name: "Submit Order" }).click();
    await expectSuccessToast(page, "order");
    await expectPostedThroughProxy(visit, "/get-started.data");
    expect(stored("deployed-order@example.co.za")).toEqual([expect.objectContaining({ client_address: visit.address })]);
  });

  it("books a call and cancels it from the page the booking leads to", async () => {
    const { page, address } = await visitor();
    await page.goto(`${server.url}/calendar`);
    await formEnhanced(page, page.locator("#book form"));
    // Days and times are radios drawn as their labels: a visitor presses the label.
    const day = page.getByRole("group", { name: "1. Choose a day" }).getByRole("radio").nth(1);
    await day.locator("xpath=..").click();
    const slot = page.locator(`[data-booking-times="${await day.getAttribute("value")}"] input[name=slot]`).nth(2);
    await slot.locator("xpath=..").click();
    expect(await slot.isChecked()).toBe(true);
    await page.getByRole("main").getByLabel("Full Name").fill("Lindiwe Sibiya");
    await page.getByRole("main").getByLabel("Email Address").fill("deployed-booking@example.co.za");
    await page.getByRole("main").getByLabel("Company Name").fill("Sibiya Logistics");
    await page.getByLabel("What would you like to discuss?").fill("LinkedIn lead costs");
    await page.getByRole("button", { name: "Book My Free Call" }).click();
    await page.waitForURL(new RegExp(`^${server.url}/calendar/manage/[\\w.-]+\\?booked=1$`));
    await page.getByRole("heading", { level: 1, name: bookingContent.manage.booked }).waitFor();
    const booking = () =>
      rows<{ status: string; client_address: string }>(
        server,
        "SELECT status, client_address FROM bookings WHERE email = ?",
        "deployed-booking@example.co.za",
      );
    expect(booking()).toEqual([{ status: "confirmed", client_address: address }]);

    await page.getByRole("button", { name: "Cancel my call" }).click();
    await page.getByRole("heading", { level: 1, name: bookingContent.manage.cancelled }).waitFor();
    expect(booking()[0]!.status).toBe("cancelled");
  });

  it("mails the newsletter's confirmation with https links that confirm the subscription", async () => {
    const { page } = await visitor();
    await page.goto(`${server.url}/blog`);
    const form = page.locator("#newsletter form");
    await formEnhanced(page, form);
    await form.getByLabel(/^Email address/).fill("deployed-reader@example.co.za");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expectSuccessToast(page, "newsletter");
    const mail = await waitFor(
      () => writtenMail(server.dataDir).find((text) => /^To: deployed-reader@example\.co\.za$/m.test(text)),
      "the confirmation mail",
    );
    // Every link in it is the site's public https address.
    const confirm = new RegExp(`${server.url}/newsletter/confirm/[\\w.-]+`).exec(mail)?.[0];
    expect(confirm, mail).toBeDefined();
    expect(mail).toContain(`List-Unsubscribe: <${server.url}/newsletter/unsubscribe/`);
    await page.goto(confirm!);
    await page.getByRole("button", { name: newsletterPages.confirm.button }).click();
    await page.getByRole("heading", { name: newsletterPages.confirm.done }).waitFor();
    expect(rows(server, "SELECT status FROM newsletter_subscribers WHERE email_key = ?", "deployed-reader@example.co.za")).toEqual([
      { status: "confirmed" },
    ]);
  });

  it("signs the agency in with a __Host- cookie, saves a lead's status and signs out", async () => {
    const { page } = await visitor();
    await signIn(page, server.url, AGENT, PASSWORD);
    const cookies = await page.context().cookies(server.url);
    expect(cookies.find((cookie) => cookie.name === "__Host-roi_admin")).toMatchObject({ secure: true, httpOnly: true, path: "/" });
    await page
      .getByRole("table", { name: /Leads, newest first/ })
      .getByRole("link")
      .first()
      .click();
    await page.waitForURL(/\/admin\/leads\/\d+$/);
    await page.getByLabel("Lead status").selectOption({ label: "Contacted" });
    await page.getByRole("button", { name: "Save status" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Status saved.");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(new RegExp(`^${server.url}/admin/login\\?signed-out=1$`));
    expect((await page.context().cookies(server.url)).some((cookie) => cookie.name === "__Host-roi_admin")).toBe(false);
  });
});
