import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { CLICK_COLUMNS, hashedEmail, TIME_ZONE_ROW } from "#server/attribution/conversions.ts";
import { EXPORT_COLUMNS } from "#server/admin/lead-export.ts";
import { createUser, signIn } from "#tests/support/admin-users.ts";
import { parseCsv } from "#tests/support/csv.ts";
import { APP_SCRIPTS, expectNoAxeViolations, formEnhanced, hydrated } from "#tests/support/browser.ts";
import { useBrowser, useServer } from "#tests/support/e2e.ts";
import { startWebhookReceiver, type WebhookReceiver } from "#tests/support/webhook-receiver.ts";
import { exactly, rows, startFormsServer, toastWith, visitorAddress, waitForFormTokenAge } from "#tests/e2e/forms-support.ts";
import type { LeadEventV1 } from "#server/webhooks/payload.ts";

/**
 * The story, in Chromium against the built server: a visit lands from
 * a Google Ads click, browses, answers the cookie banner and sends the contact
 * form; the agency finds the campaign on the lead's page, in the CSV and the
 * report, marks the lead won and exports it for Google Ads. With marketing
 * refused the UTM values are kept and no click id is.
 */

const AGENT = "agent@roimedia.co.za";
const PASSWORD = "correct horse battery staple";
const landing = (gclid: string) =>
  `/services/google-ads?utm_source=google&utm_medium=cpc&utm_campaign=brand&utm_term=ppc+agency&gclid=${gclid}`;

const SECRET = `whsec_${randomBytes(32).toString("base64")}`;
let receiver: WebhookReceiver;
const browser = useBrowser();
// The agency's CRM: a receiver on loopback, the lead webhook pointed at it.
const server = useServer(async () => {
  receiver = await startWebhookReceiver();
  const site = await startFormsServer({ TRUST_PROXY: "x-forwarded-for", LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET });
  return {
    ...site,
    async stop() {
      await site.stop();
      await receiver.close();
    },
  };
});

/** The lead events the receiver got for this email, each verified as Standard Webhooks says. */
function eventsFor(email: string): LeadEventV1[] {
  const verifier = new Webhook(SECRET);
  return receiver.received
    .map((request) => verifier.verify(request.body, request.headers as Record<string, string>) as LeadEventV1)
    .filter((event) => event.data.fields.some((field) => field.value === email));
}

beforeAll(async () => {
  await createUser(server.dataDir, AGENT, PASSWORD);
});

/** A visitor who lands from the ad, browses to the contact page and sends the form, answering the banner with `choice`. */
async function visitAndSend(choice: "Accept All" | "Reject All", gclid: string, name: string, email: string) {
  const { page } = await browser.openPage(
    { viewport: { width: 1280, height: 900 }, extraHTTPHeaders: visitorAddress() },
    { cookiesChosen: false },
  );
  await page.goto(`${server.url}${landing(gclid)}`, { referer: "https://www.google.com/" });
  await hydrated(page);
  await page.getByRole("button", { name: choice, exact: true }).click();
  await expect.poll(() => page.getByRole("button", { name: choice, exact: true }).count()).toBe(0);

  // Browses: another page in the app, then the contact page loaded afresh (a new tab would do the same).
  await page.getByRole("navigation").first().getByRole("link", { name: "Pricing", exact: true }).click();
  await page.waitForURL(/\/pricing$/);
  await page.goto(`${server.url}/contact`);
  const form = page.locator("#contact-form form");
  await formEnhanced(page, form);
  await form.getByLabel(exactly("Full Name")).fill(name);
  await form.getByLabel(exactly("Email Address")).fill(email);
  await form.getByLabel(exactly("Company Name")).fill("Nkosi Retail");
  await form.getByRole("button", { name: "Get My Free ROI Analysis" }).click();
  expect((await toastWith(page, "Success!")).type).toBe("success");
  return page;
}

interface TouchRow {
  touch: string;
  landing_page: string;
  utm_source: string | null;
  utm_campaign: string | null;
  referrer: string | null;
  click_ids: string | null;
}
const touchesOf = (email: string) =>
  rows<TouchRow>(
    server,
    `SELECT a.* FROM lead_attributions a JOIN leads l ON l.lead_table = a.lead_table AND l.lead_id = a.lead_id WHERE l.email = ? ORDER BY a.touch`,
    email,
  );

async function download(page: Page, linkName: string | RegExp): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: linkName }).click()]);
  return readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "");
}

const csvLines = (text: string) => text.trim().split("\r\n");

describe("which campaign brought a lead", () => {
  it("withdrawing marketing in Cookie settings removes the click ids the browser kept, and keeps the campaign", async () => {
    const { page } = await browser.openPage(
      { viewport: { width: 1280, height: 900 }, extraHTTPHeaders: visitorAddress() },
      { cookiesChosen: false },
    );
    await page.goto(`${server.url}${landing("WITHDRAWN-GCLID")}`);
    await page.getByRole("button", { name: "Accept All", exact: true }).click();
    const kept = () => page.evaluate(() => localStorage.getItem("attribution-touches") ?? "");
    await hydrated(page);
    await expect.poll(kept).toContain("WITHDRAWN-GCLID");

    await page.locator("footer").getByRole("button", { name: "Cookie settings" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("switch", { name: "Marketing" }).click();
    await dialog.getByRole("button", { name: "Save Preferences" }).click();
    await expect.poll(kept).not.toContain("WITHDRAWN-GCLID");
    expect(JSON.parse(await kept()).last).toMatchObject({ utm: { utm_campaign: "brand" }, clickIds: {} });
  });

  it("a form sent before the app's scripts arrive still carries the campaign the browser kept on an earlier page", async () => {
    // The app's scripts never arrive (a dropped connection): the page's own inline scripts are all that runs.
    const { page } = await browser.openPage(
      { viewport: { width: 1280, height: 900 }, extraHTTPHeaders: visitorAddress() },
      { cookiesChosen: false, allowConsoleErrors: [/ERR_FAILED/] },
    );
    await page.route(APP_SCRIPTS, (route) => route.abort());
    await page.goto(`${server.url}/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=spring`);
    await page.getByRole("button", { name: "Reject All", exact: true }).click();
    // A document navigation: the contact page's server never sees the landing's query.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact", exact: true }).click();
    await page.waitForURL(`${server.url}/contact`);
    const email = "before-hydration@nkosi-retail.co.za";
    const form = page.locator("#contact-form form");
    await form.getByLabel(exactly("Full Name")).fill("Zanele Khumalo");
    await form.getByLabel(exactly("Email Address")).fill(email);
    await form.getByLabel(exactly("Company Name")).fill("Khumalo Foods");
    await waitForFormTokenAge(server, form);
    await form.getByRole("button", { name: "Get My Free ROI Analysis" }).click();
    await expect.poll(() => touchesOf(email).length, { timeout: 20_000 }).toBe(3);
    const touches = touchesOf(email);
    expect(touches.find((t) => t.touch === "last")).toMatchObject({
      landing_page: "/pricing",
      utm_source: "newsletter",
      utm_campaign: "spring",
    });
    expect(touches.find((t) => t.touch === "visit")!.landing_page).toBe("/pricing");
  });

  it("with marketing allowed: the campaign and the click id reach the lead's page, the CSV, the report and the Google Ads export", async () => {
    const email = "thandi@nkosi-retail.co.za";
    await visitAndSend("Accept All", "TeSt-GcLiD_1", "Thandi Nkosi", email);

    const touches = touchesOf(email);
    expect(touches.map((t) => t.touch)).toEqual(["first", "last", "visit"]);
    const last = touches.find((t) => t.touch === "last")!;
    expect(last).toMatchObject({
      landing_page: "/services/google-ads",
      utm_source: "google",
      utm_campaign: "brand",
      referrer: "https://www.google.com",
    });
    expect(JSON.parse(last.click_ids!)).toEqual({ gclid: "TeSt-GcLiD_1" });
    // The visit that sent it landed on the ad's page too: the browser kept it across the pages.
    expect(touches.find((t) => t.touch === "visit")!.landing_page).toBe("/services/google-ads");

    // The agency's CRM got it, signed, with the campaign and the click id.
    await expect.poll(() => eventsFor(email).length, { timeout: 20_000 }).toBe(1);
    const [event] = eventsFor(email);
    expect(event!.type).toBe("lead.created");
    expect(event!.data.attribution).toMatchObject({ source: "google", medium: "cpc", campaign: "brand", marketing: true });
    expect(event!.data.attribution?.last?.clickIds).toEqual({ gclid: "TeSt-GcLiD_1" });

    const { page } = await browser.openPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await signIn(page, server.url, AGENT, PASSWORD);
    const row = page.getByRole("table", { name: /Leads, newest first/ }).locator("tbody tr", { hasText: "Thandi Nkosi" });
    await expect.poll(() => row.textContent()).toContain("google / cpc");
    expect(await row.textContent()).toContain("brand");

    // Filtered by the campaign's source.
    await page.getByLabel("Source").fill("google");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/source=google/);
    await expect
      .poll(() =>
        page
          .getByRole("table", { name: /Leads, newest first/ })
          .locator("tbody tr")
          .count(),
      )
      .toBe(1);

    const [header, cells] = parseCsv((await download(page, /Export CSV/)).replace(/^\uFEFF/, "")) as [string[], string[]];
    expect(header).toEqual(EXPORT_COLUMNS);
    const cell = (name: string) => cells[header.indexOf(name)];
    expect([cell("Source"), cell("Medium"), cell("Campaign"), cell("Landing page"), cell("Click ids")]).toEqual([
      "google",
      "cpc",
      "brand",
      "/services/google-ads",
      "gclid=TeSt-GcLiD_1",
    ]);

    await row.getByRole("link", { name: "Thandi Nkosi" }).click();
    const attribution = page.getByRole("region", { name: "Which campaign brought it" });
    await attribution.waitFor();
    for (const text of ["google / cpc", "brand", "/services/google-ads", "ppc agency", "gclid=TeSt-GcLiD_1", "Latest campaign visit"]) {
      expect(await attribution.textContent()).toContain(text);
    }
    await expectNoAxeViolations(page);

    // Won, with its value: the conversion Google Ads imports.
    await page.getByLabel("Lead status").selectOption("won");
    await page.getByLabel("Value won (rand, optional)").fill("R 12 500");
    await page.getByRole("button", { name: "Save status" }).click();
    await page.getByText("Status saved.").waitFor();

    await page.getByRole("link", { name: "Report", exact: true }).click();
    await page.getByRole("heading", { name: "Report", level: 1 }).waitFor();
    expect(await page.getByRole("region", { name: "By channel" }).textContent()).toContain("google / cpc (1)");
    expect(await page.getByRole("region", { name: "Top campaigns" }).textContent()).toContain("brand");
    expect(await page.getByRole("region", { name: "Top landing pages" }).textContent()).toContain("/services/google-ads");
    expect(await page.getByRole("img", { name: /Leads per week by channel/ }).count()).toBe(1);
    await expectNoAxeViolations(page);

    const report = await download(page, "Report CSV");
    expect(report).toContain("Top campaigns,,brand (google / cpc),1");

    const clicks = csvLines(await download(page, "Google Ads click conversions"));
    expect(clicks[0]).toBe(TIME_ZONE_ROW[0]);
    expect(clicks[1]).toBe(CLICK_COLUMNS.join(","));
    expect(clicks[2]).toMatch(/^TeSt-GcLiD_1,Won lead,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},12500\.00,ZAR$/);

    const enhanced = csvLines(await download(page, "Google Ads enhanced conversions"));
    expect(enhanced[2]!.split(",").slice(0, 3)).toEqual([hashedEmail(email), "", "Won lead"]);
  });

  it("with marketing refused: the UTM values are kept and no click id", async () => {
    const email = "lerato@dlamini.co.za";
    await visitAndSend("Reject All", "REFUSED-GCLID", "Lerato Dlamini", email);
    const touches = touchesOf(email);
    expect(touches.map((t) => t.touch)).toEqual(["first", "last", "visit"]);
    expect(touches.every((t) => t.click_ids === null)).toBe(true);
    expect(touches.find((t) => t.touch === "last")).toMatchObject({ utm_source: "google", utm_campaign: "brand" });
    expect(JSON.stringify(rows(server, "SELECT * FROM lead_attributions"))).not.toContain("REFUSED-GCLID");
    await expect.poll(() => eventsFor(email).length, { timeout: 20_000 }).toBe(1);
    expect(eventsFor(email)[0]!.data.attribution).toMatchObject({ campaign: "brand", marketing: false, last: { clickIds: {} } });
    expect(JSON.stringify(receiver.received)).not.toContain("REFUSED-GCLID");
    // Won all the same, Google Ads hears nothing of a visitor who refused marketing: tests/integration/attribution-store.test.ts.
  });
});
