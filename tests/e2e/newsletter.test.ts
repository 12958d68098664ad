import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newsletterPages } from "#app/content/newsletter.ts";
import { newsletterConsent, newsletterForm } from "#app/forms/newsletter.ts";
import { SUBSCRIBER_EXPORT_COLUMNS } from "#server/newsletter/inbox.ts";
import { createUser, signIn } from "#tests/support/admin-users.ts";
import { expectNoAxeViolations } from "#tests/support/browser.ts";
import { waitFor, writtenMail } from "#tests/support/leads.ts";
import { gotoForm, openFormPage, rows, toastWith, useFormsSite, waitForFormTokenAge } from "#tests/e2e/forms-support.ts";

/**
 * The newsletter's double opt-in as a subscriber and the agency live it, in
 * Chromium against the built server: subscribe on /blog, read the mail the
 * outbox wrote as an .eml file, follow its link, confirm; sign up again and
 * nothing new happens; leave with the mail client's one-click POST (RFC 8058)
 * or the page; and the inbox's export holds exactly the confirmed addresses.
 */

const { browser, server } = useFormsSite();
const AGENT = "agent@roimedia.co.za";
const PASSWORD = "correct horse battery staple";
const success = newsletterForm.messages.success;

/** Addresses that end each test confirmed, and all the others used: the inbox's test, last, counts what the two before it left. */
const confirmedAddresses: string[] = [];
const used: string[] = [];
const address = (name: string) => {
  const email = `${name}-${used.length}-${Date.now()}@example.co.za`;
  used.push(email);
  return email;
};

const form = (page: Page) => page.locator("#newsletter form");

/** Signs up on /blog with JavaScript: the toast of SPEC.md section 8. */
async function subscribeWithJs(page: Page, email: string) {
  await gotoForm(page, `${server.url}/blog`, form(page));
  await form(page)
    .getByLabel(/^Email address/)
    .fill(email);
  await form(page).getByRole("button", { name: "Subscribe" }).click();
  expect(await toastWith(page, success.title)).toEqual({ title: success.title, description: success.message, type: "success" });
}

/** Signs up on /blog without JavaScript: the page comes back with the same words. */
async function subscribeWithoutJs(page: Page, email: string) {
  await page.goto(`${server.url}/blog`);
  await form(page)
    .getByLabel(/^Email address/)
    .fill(email);
  await waitForFormTokenAge(server, form(page));
  await form(page).getByRole("button", { name: "Subscribe" }).click();
  await page.waitForLoadState();
  expect((await page.locator("#newsletter [role=status]").textContent())?.trim()).toBe(`${success.title}${success.message}`);
}

/** The mails written to this address (the .eml files of a server without SMTP_URL), decoded. */
const mailTo = (email: string) => writtenMail(server.dataDir).filter((mail) => new RegExp(`^To: ${email}$`, "im").test(mail));

/** The confirmation mail to this address, once the outbox has written it. */
const confirmationTo = (email: string) => waitFor(() => mailTo(email)[0], `the confirmation mail to ${email}`);

function linkIn(mail: string, kind: "confirm" | "unsubscribe"): string {
  const link = new RegExp(`https?://[^\\s<>"]+/newsletter/${kind}/[\\w.-]+`).exec(mail)?.[0];
  if (!link) throw new Error(`no ${kind} link in:\n${mail}`);
  return link;
}

/** A link of the site's public address, reached by the test process at the app itself (the TLS topology's host name is the browser's). */
const atApp = (link: string) => `${server.appUrl}${new URL(link).pathname}`;

const subscriber = (email: string) =>
  rows<{ id: number; status: string; signup_page: string; consent_text: string; confirmed_at: string | null; left_method: string | null }>(
    server,
    "SELECT * FROM newsletter_subscribers WHERE email_key = ?",
    email.toLowerCase(),
  );
const leadRows = (email: string) => rows(server, "SELECT id FROM form_submissions WHERE lower(email) = ?", email.toLowerCase());
const mailRows = (email: string) => rows(server, "SELECT id FROM outbox WHERE lower(recipient) = ?", email.toLowerCase());

async function confirmFrom(page: Page, mail: string) {
  await page.goto(linkIn(mail, "confirm"));
  await page.getByRole("button", { name: newsletterPages.confirm.button }).click();
  await page.getByRole("heading", { name: newsletterPages.confirm.done }).waitFor();
}

describe("newsletter double opt-in", () => {
  it("with JavaScript: subscribe, confirm from the mailed link, sign up again without effect, leave with one click", async () => {
    const { page } = await openFormPage(browser);
    const email = address("thandi");
    await subscribeWithJs(page, email);

    // Stored pending with its proof of consent; nothing counts until confirmed.
    expect(subscriber(email)).toEqual([
      expect.objectContaining({ status: "pending", signup_page: "/blog", consent_text: newsletterConsent, confirmed_at: null }),
    ]);
    const mail = await confirmationTo(email);
    expect(mail).toMatch(/^Subject: Please confirm your subscription/m);
    expect(mail).toContain("weekly ROI insights");
    expect(mail).toContain(`${server.url}/blog`);
    // How to leave: in the body, and as the headers a mail client offers its own Unsubscribe button from.
    const unsubscribe = linkIn(mail, "unsubscribe");
    expect(mail).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // The link opens a page that asks for one press (a mail scanner fetching it confirms nothing).
    await page.goto(linkIn(mail, "confirm"));
    expect(subscriber(email)[0]!.status).toBe("pending");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: newsletterPages.confirm.button }).click();
    await page.getByRole("heading", { name: newsletterPages.confirm.done }).waitFor();
    await expectNoAxeViolations(page);
    expect(subscriber(email)).toEqual([expect.objectContaining({ status: "confirmed", confirmed_at: expect.any(String) })]);

    // Again, as typed differently: the same toast, and no new row, lead or mail.
    const before = { leads: leadRows(email).length, mails: mailRows(email).length };
    await subscribeWithJs(page, `  ${email.toUpperCase()} `);
    expect(subscriber(email)).toHaveLength(1);
    expect(subscriber(email)[0]!.status).toBe("confirmed");
    expect({ leads: leadRows(email).length, mails: mailRows(email).length }).toEqual(before);
    confirmedAddresses.push(email);

    // Another subscriber leaves with their mail client's one click: a POST to the header's URL, as RFC 8058 has it.
    const leaving = address("pieter");
    await subscribeWithJs(page, leaving);
    const leavingMail = await confirmationTo(leaving);
    await confirmFrom(page, leavingMail);
    const headerUrl = /^List-Unsubscribe: <([^>]+)>$/m.exec(leavingMail)![1]!;
    const oneClick = await fetch(atApp(headerUrl), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(subscriber(leaving)).toEqual([expect.objectContaining({ status: "left", left_method: "one-click" })]);
    // The link's page then says so.
    await page.goto(linkIn(leavingMail, "unsubscribe"));
    await page.getByRole("heading", { name: newsletterPages.unsubscribe.done }).waitFor();
    await expectNoAxeViolations(page);

    // One who never confirms stays pending, and out of the export.
    await subscribeWithJs(page, address("ayanda"));
  });

  it("without JavaScript: subscribe, confirm, and leave from the mail's link", async () => {
    const { page } = await openFormPage(browser, { javaScriptEnabled: false });
    const email = address("naledi");
    await subscribeWithoutJs(page, email);
    await confirmFrom(page, await confirmationTo(email));
    expect(subscriber(email)[0]!.status).toBe("confirmed");
    confirmedAddresses.push(email);

    const leaving = address("sipho");
    await subscribeWithoutJs(page, leaving);
    const mail = await confirmationTo(leaving);
    await confirmFrom(page, mail);
    await page.goto(linkIn(mail, "unsubscribe"));
    await page.getByRole("button", { name: newsletterPages.unsubscribe.button }).click();
    await page.getByRole("heading", { name: newsletterPages.unsubscribe.done }).waitFor();
    expect(subscriber(leaving)).toEqual([expect.objectContaining({ status: "left", left_method: "page" })]);
  });

  it("the inbox lists subscribers by state and exports exactly the confirmed ones", async () => {
    await createUser(server.dataDir, AGENT, PASSWORD);
    const { page } = await openFormPage(browser);
    await signIn(page, server.url, AGENT, PASSWORD, "/admin/newsletter");

    const tabs = page.getByRole("navigation", { name: "Subscribers by status" });
    expect(await tabs.innerText()).toMatch(/All \(5\)\s*Confirmed \(2\)\s*Pending \(1\)\s*Left \(2\)/);
    await tabs.getByRole("link", { name: /Confirmed/ }).click();
    await page.waitForURL(/status=confirmed/);
    const table = page.getByRole("table", { name: /Newsletter subscribers/ });
    await expect.poll(() => table.locator("tbody tr").count()).toBe(2);
    expect((await table.locator("tbody tr td:nth-child(2)").allTextContents()).sort()).toEqual([...confirmedAddresses].sort());
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export confirmed subscribers (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await download.createReadStream()).toArray();
    const lines = Buffer.concat(csv)
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(SUBSCRIBER_EXPORT_COLUMNS.join(","));
    const emails = lines.slice(1).map((line) => line.split(",")[0]);
    expect(emails.sort()).toEqual([...confirmedAddresses].sort());
    expect(lines.slice(1).every((line) => line.includes("/newsletter/unsubscribe/"))).toBe(true);
  });
});
