import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { EXPORT_COLUMNS } from "#server/admin/lead-export.ts";
import { type ConsoleChecks, expectNoAxeViolations } from "#tests/support/browser.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { useBrowser, useServer } from "#tests/support/e2e.ts";
import { enhanced, type Fields, postLead, solveAltcha, waitFor, writtenMail } from "#tests/support/leads.ts";
import { startSite } from "#tests/support/site.ts";
import { authenticatorCode, createUser, signIn } from "#tests/support/admin-users.ts";
import { parseCsv } from "#tests/support/csv.ts";

/**
 * The agency's day in the lead inbox, in Chromium against the built server:
 * the first user comes from the command line, leads from the public forms
 * over HTTP, and everything else from clicking the inbox.
 */

const AGENT = "agent@roimedia.co.za";
const PASSWORD = "correct horse battery staple";
const THANDI = "thandi.nkosi@example.co.za";
/** A company name a spreadsheet would run as a formula. */
const FORMULA = "=cmd|' /C calc'!A0";
const MESSAGE = 'We spend "about R40k", a month,\non LinkedIn.';

const browser = useBrowser();
const server = useServer(() =>
  startSite({
    ALTCHA_COST: "20",
    OUTBOX_POLL_MS: "200",
    TRUST_PROXY: "x-forwarded-for",
    ALTCHA_HMAC_KEY: randomBytes(32).toString("hex"),
  }),
);
let address = 0;

async function post(pagePath: string, fields: Fields) {
  const answer = await postLead(
    server,
    pagePath,
    { ...fields, ...enhanced(await solveAltcha(server)) },
    {
      "x-forwarded-for": `198.51.100.${++address}`,
      "user-agent": "InboxE2E/1.0",
    },
  );
  expect(answer.status, pagePath).toBe(200);
}

/** A booked call as the booking code stores it: the booking, its slot claim and its two messages. */
function book(email: string) {
  const db = new DatabaseSync(path.join(server.dataDir, "site.db"), { timeout: 5000 });
  const now = new Date().toISOString();
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(8, 0, 0, 0);
  const end = new Date(start.getTime() + 15 * 60_000);
  const { id } = db
    .prepare(
      `INSERT INTO bookings (name, email, company, phone, website, message, slot_start, slot_end, status, sequence, bot_check, client_address, user_agent, created_at, updated_at)
       VALUES ('Thandi Nkosi', ?, 'Nkosi Logistics', '+27 82 555 0101', NULL, 'Call me', ?, ?, 'confirmed', 0, 'altcha', '198.51.100.250', 'InboxE2E/1.0', ?, ?) RETURNING id`,
    )
    .get(email, start.toISOString(), end.toISOString(), now, now) as { id: number };
  db.prepare("INSERT INTO booking_claims (slot_start, booking_id) VALUES (?, ?)").run(start.toISOString(), id);
  for (const recipient of [null, email]) {
    db.prepare(
      `INSERT INTO outbox (kind, lead_table, lead_id, reply_to, recipient, attachments, subject, text_body, html_body, status, attempts, next_attempt_at, created_at)
       VALUES ('Booking', 'bookings', ?, ?, ?, NULL, 'Call booked: Thandi Nkosi', 'Thandi Nkosi booked a call', '<p>Thandi Nkosi booked a call</p>', 'queued', 0, ?, ?)`,
    ).run(id, email, recipient, now, now);
  }
  db.close();
}

/** Every text cell of every table in the site's database that contains `needle`, as table.column. */
function everywhere(needle: string): string[] {
  const db = new DatabaseSync(path.join(server.dataDir, "site.db"), { readOnly: true, timeout: 10_000 });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{
      name: string;
    }>;
    const found: string[] = [];
    // The site's own words (a testimonial by another Thandi), not what anyone told the agency.
    for (const { name } of tables.filter((table) => !table.name.startsWith("site_content"))) {
      const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).all(name) as Array<{ name: string }>;
      for (const column of columns) {
        const hit = db
          .prepare(`SELECT 1 FROM "${name}" WHERE lower(CAST("${column.name}" AS TEXT)) LIKE ? LIMIT 1`)
          .get(`%${needle.toLowerCase()}%`);
        if (hit) found.push(`${name}.${column.name}`);
      }
    }
    return found;
  } finally {
    db.close();
  }
}

async function openAdmin(
  options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
  checks: ConsoleChecks = {},
): Promise<Page> {
  const { page } = await browser.openPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, ...options }, checks);
  return page;
}

/** The page's h1. React Router changes the URL just before it renders the new page: read it with expect.poll. */
const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();
const leadsTable = (page: Page) => page.getByRole("table", { name: /Leads, newest first/ });
const rowsShown = (page: Page) => leadsTable(page).locator("tbody tr");
const namesShown = async (page: Page) =>
  (await leadsTable(page).locator("tbody tr td:nth-child(3)").allTextContents()).map((t) => t.trim());

beforeAll(async () => {
  await createUser(server.dataDir, AGENT, PASSWORD);
  await post("/contact", {
    name: "Thandi Nkosi",
    email: THANDI,
    company: FORMULA,
    website: "nkosi.co.za",
    budget: "6.5k-12.4k",
    service: "linkedin-ads",
    message: MESSAGE,
  });
  await post("/free-audit", {
    name: "Lerato Dlamini",
    email: "lerato@example.co.za",
    website: "https://dlamini.co.za",
    budget: "60k+",
    platform: "google",
  });
  await post("/blog", { email: THANDI });
  await post("/company-profile", { name: "Thandi Nkosi", email: THANDI, company: "Nkosi Logistics", phone: "" });
  await post("/get-started", {
    name: "Pieter van Wyk",
    email: "pieter@example.co.za",
    phone: "+27 82 555 0101",
    company: "Van Wyk Wines",
    website: "",
    service: "strategy",
    tier: "Monthly Retainer",
    additionalServices: ["SEO & Content Marketing"],
    industry: "Wine export",
    currentMarketing: "",
    monthlyBudget: "R 20,000 - R 50,000",
    goals: "Grow export orders by 30%",
    startDate: "Within 1 month",
    teamSize: "",
    currentChallenges: "",
    additionalInfo: "",
  });
  book(THANDI);
  // Every notification written before the agency looks, so the inbox shows them sent.
  await waitFor(() => writtenMail(server.dataDir).length >= 7 || undefined, "the notifications", 20_000);
}, 120_000);

describe("the lead inbox", () => {
  it("signs in, finds, works, exports and forgets leads", async () => {
    // The forgotten lead's page, asked for once Thandi is forgotten, answers 404 as it should.
    const page = await openAdmin({}, { allowConsoleErrors: [/status of 404/] });

    await signIn(page, server.url, AGENT, PASSWORD);
    await expect.poll(() => heading(page)).toBe("Leads");
    await expect.poll(() => rowsShown(page).count()).toBe(6);
    await expect
      .poll(() => namesShown(page))
      .toEqual(["Thandi Nkosi", "Pieter van Wyk", "Thandi Nkosi", "Newsletter Subscriber", "Lerato Dlamini", "Thandi Nkosi"]);
    expect(await leadsTable(page).locator("tbody tr td:nth-child(2)").allTextContents()).toEqual([
      "Booking",
      "Service order",
      "Company profile",
      "Newsletter",
      "Free audit",
      "Contact",
    ]);
    await expectNoAxeViolations(page);

    // Filter by form, then search.
    await page.getByLabel("Form").selectOption({ label: "Contact" });
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/type=contact/);
    await expect.poll(() => namesShown(page)).toEqual(["Thandi Nkosi"]);
    await page.getByRole("link", { name: "Clear" }).click();
    await page.waitForURL(`${server.url}/admin`);
    // The URL changes before the new list renders: typing before then goes into the form it replaces.
    await expect.poll(() => rowsShown(page).count()).toBe(6);
    await page.getByLabel("Search").fill("van wyk");
    await page.getByLabel("Search").press("Enter");
    await page.waitForURL(/q=van\+wyk/);
    await expect.poll(() => namesShown(page)).toEqual(["Pieter van Wyk"]);
    const tomorrow = new Date(Date.now() + 86_400_000 + 2 * 3_600_000).toISOString().slice(0, 10);
    await page.getByLabel("Search").fill("");
    await page.getByLabel("Received from").fill(tomorrow);
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/from=/);
    await expect.poll(() => page.getByText("No leads match these filters.").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Clear" }).click();

    // Open Thandi's contact message: every field, where it came from and its notification.
    await rowsShown(page).filter({ hasText: "Contact" }).getByRole("link", { name: "Thandi Nkosi" }).click();
    await page.waitForURL(/\/admin\/leads\/\d+$/);
    const leadUrl = page.url();
    const sent = page.getByRole("region", { name: "What they sent" });
    expect(await sent.innerText()).toContain(FORMULA);
    expect(await sent.innerText()).toContain('We spend "about R40k", a month,\non LinkedIn.');
    expect(await sent.innerText()).toContain("R6,500 - R12,400 (Growth)");
    const origin = await page.getByRole("region", { name: "Where it came from" }).innerText();
    expect(origin).toContain("InboxE2E/1.0");
    expect(origin).toMatch(/198\.51\.100\.\d+/);
    expect(origin).toContain("ALTCHA proof of work");
    const states = page.getByTestId("notification-state");
    expect((await states.allTextContents()).map((s) => s.trim().split(" ")[0])).toEqual(["Sent"]);
    await expectNoAxeViolations(page);

    // Status and a note.
    await page.getByLabel("Lead status").selectOption({ label: "Contacted" });
    await page.getByRole("button", { name: "Save status" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Status saved.");
    await page.getByLabel("Add a note").fill("Called, wants a proposal by Friday.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Note added.");
    expect(await page.getByRole("region", { name: "Notes" }).innerText()).toContain("Called, wants a proposal by Friday.");

    // Resend: a new outbox message, and a new .eml once the worker has sent it.
    const mailBefore = writtenMail(server.dataDir).filter((m) => m.includes(THANDI) && m.includes("New contact form message")).length;
    await page.getByRole("button", { name: "Resend notification" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toMatch(/queued again/);
    await waitFor(
      () =>
        writtenMail(server.dataDir).filter((m) => m.includes(THANDI) && m.includes("New contact form message")).length === mailBefore + 1 ||
        undefined,
      "the resent notification",
    );
    await page.reload();
    await expect.poll(async () => (await states.allTextContents()).map((s) => s.trim().split(" ")[0])).toEqual(["Sent", "Sent"]);

    // The status filter finds it.
    await page.goto(`${server.url}/admin?status=contacted`);
    await expect.poll(() => namesShown(page)).toEqual(["Thandi Nkosi"]);

    // Export: streamed CSV with a BOM, parsed back.
    await page.goto(`${server.url}/admin`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const [header, ...records] = parseCsv(csv.slice(1));
    expect(header).toEqual(EXPORT_COLUMNS);
    expect(records).toHaveLength(6);
    const column = (name: string) => EXPORT_COLUMNS.indexOf(name);
    const contact = records.find((r) => r[column("Form")] === "Contact")!;
    expect(contact[column("Name")]).toBe("Thandi Nkosi");
    expect(contact[column("Status")]).toBe("Contacted");
    expect(contact[column("Company")]).toBe(`'${FORMULA}`);
    expect(contact[column("Details")]).toContain(`Message: ${MESSAGE}`);
    expect(records.map((r) => r[column("Name")])).toEqual(await namesShown(page));

    // Forget Thandi: what is held, then nothing left in any table.
    await page.getByRole("navigation", { name: "Lead inbox" }).getByRole("link", { name: "Forget a person" }).click();
    await page.waitForURL(`${server.url}/admin/forget`);
    await page.getByLabel("Email address").fill(THANDI.toUpperCase());
    await page.getByRole("button", { name: "Look up" }).click();
    const held = page.getByRole("region", { name: `Held about ${THANDI}` });
    await held.waitFor();
    expect(await held.getByRole("table").locator("tbody tr td:first-child").allTextContents()).toEqual([
      "Contact",
      "Newsletter",
      "Company profile",
      "Booking",
    ]);
    // The booking's two mails, three notifications and the newsletter's confirmation mail to Thandi.
    expect(await held.innerText()).toMatch(/7 outbox messages/);
    expect(await held.innerText()).toMatch(/1 internal note\b/);
    expect(await held.innerText()).toContain("Their newsletter subscription, with its proof of consent");
    await expectNoAxeViolations(page);
    await page.getByLabel(/I confirm/).check();
    await page.getByRole("button", { name: "Forget this person" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Done: 13 records deleted.");

    expect(everywhere(THANDI)).toEqual([]);
    expect(everywhere("Thandi")).toEqual([]);
    expect(everywhere("proposal by Friday")).toEqual([]);
    expect(readSiteDb(server.dataDir, "SELECT * FROM booking_claims")).toEqual([]);
    expect(writtenMail(server.dataDir).filter((m) => m.includes(THANDI))).toEqual([]);
    expect((await page.goto(leadUrl))?.status()).toBe(404);

    // The audit log: who did what, without the forgotten address.
    await page.goto(`${server.url}/admin/audit`);
    const log = await page.getByRole("table", { name: /Audit log/ }).innerText();
    for (const entry of ["signed in", "New to Contacted", "added a note", "queued the notification again", "exported every lead"]) {
      expect(log).toContain(entry);
    }
    expect(log).toMatch(/forgot 13 records \(4 leads, 7 messages, 1 notes, 1 newsletter subscription\) for email hash [0-9a-f]{16}/);
    expect(log).toContain("created the user agent@roimedia.co.za");
    await expectNoAxeViolations(page);

    // Sign out: back at the sign-in page, and the inbox is closed again.
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/admin\/login\?signed-out=1/);
    await page.goto(`${server.url}/admin`);
    await page.waitForURL(/\/admin\/login/);
    await expectNoAxeViolations(page);
  });

  it("works without JavaScript: sign in, set up the app, filter, open a lead and change its status with plain forms", async () => {
    // An editor of their own, whose first sign-in sets up the app with plain forms too.
    await createUser(server.dataDir, "no-script@roimedia.co.za", PASSWORD, undefined, { role: "editor" });
    const page = await openAdmin({ javaScriptEnabled: false });
    await signIn(page, server.url, "no-script@roimedia.co.za", PASSWORD);
    await page.getByLabel("Form").selectOption({ label: "Free audit" });
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/type=audit/);
    await expect.poll(() => namesShown(page)).toEqual(["Lerato Dlamini"]);
    // A list of one is short: the inbox's grey (slate-50) still reaches the foot of the window, no white band below it.
    const band = await page.evaluate(() => {
      const main = document.querySelector("main")!;
      const { bottom } = main.getBoundingClientRect();
      return {
        grey: getComputedStyle(main).backgroundColor,
        reaches: bottom >= innerHeight,
        below: document.documentElement.scrollHeight - (bottom + scrollY),
      };
    });
    expect(band).toEqual({ grey: "oklch(0.984 0.003 247.858)", reaches: true, below: 0 });
    await page.getByRole("link", { name: "Lerato Dlamini" }).click();
    await page.waitForURL(/\/admin\/leads\/\d+$/);
    await page.getByLabel("Lead status").selectOption({ label: "Qualified" });
    await page.getByRole("button", { name: "Save status" }).click();
    await page.waitForURL(/saved=status/);
    expect(await page.getByRole("status").textContent()).toBe("Status saved.");
    expect(readSiteDb<{ status: string }>(server.dataDir, "SELECT status FROM leads WHERE email = 'lerato@example.co.za'")[0]!.status).toBe(
      "qualified",
    );
  });

  it("can be worked with the keyboard alone, on a phone's screen too", async () => {
    const page = await openAdmin({ viewport: { width: 375, height: 740 } });
    await page.goto(`${server.url}/admin/login`);
    await page.getByLabel("Email").focus();
    await page.keyboard.type(AGENT);
    await page.keyboard.press("Tab");
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/admin\/login\/code/);
    await page.getByLabel("Code", { exact: true }).focus();
    await page.keyboard.type(await authenticatorCode(AGENT));
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.url}/admin`);
    await page.getByLabel("Search").focus();
    await page.keyboard.type("pieter@");
    await page.keyboard.press("Enter");
    await page.waitForURL(/q=pieter/);
    await expect.poll(() => namesShown(page)).toEqual(["Pieter van Wyk"]);
    await expectNoAxeViolations(page);
    const link = leadsTable(page).getByRole("link", { name: "Pieter van Wyk" });
    await link.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/admin\/leads\/\d+$/);
    await expect.poll(() => heading(page)).toBe("Pieter van Wyk");
    await expectNoAxeViolations(page);
  });
});

describe("signing in with a second factor, and roles", () => {
  const SECOND = "second-factor@roimedia.co.za";
  const ADMIN = "admin@roimedia.co.za";

  /** The password step, in the page as the agency types it. */
  async function password(page: Page, email: string) {
    await page.goto(`${server.url}/admin`);
    await page.waitForURL(/\/admin\/login/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
  }

  async function code(page: Page, value: string) {
    await page.waitForURL(/\/admin\/login\/code/);
    await page.getByLabel("Code", { exact: true }).fill(value);
    await page.getByRole("button", { name: "Verify" }).click();
  }

  async function signOut(page: Page) {
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.waitForURL(/\/admin\/login\?signed-out=1/);
  }

  it("sets up an authenticator app at the first sign-in, then signs in with its code", async () => {
    await createUser(server.dataDir, SECOND, PASSWORD);
    const page = await openAdmin({}, { allowConsoleErrors: [/status of 401/] });
    await password(page, SECOND);

    // Nothing of the inbox before the app is set up.
    await page.waitForURL(/\/admin\/login\/enrol/);
    expect(
      readSiteDb(server.dataDir, "SELECT 1 FROM admin_sessions s JOIN admin_users u ON u.id = s.user_id WHERE u.email = ?", SECOND),
    ).toEqual([]);
    await expect.poll(() => heading(page)).toBe("Set up your authenticator app");
    expect(await page.getByRole("img", { name: "QR code for your authenticator app" }).isVisible()).toBe(true);
    const secret = (await page.locator("#totp-secret").innerText()).replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByRole("link", { name: "open it in the app" }).getAttribute("href")).toMatch(
      new RegExp(`^otpauth://totp/ROI%20Media:second-factor%40roimedia\\.co\\.za\\?.*secret=${secret}`),
    );
    await expectNoAxeViolations(page);

    // The key as the page shows it, into an app of the test's own.
    const app = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
    const step = Math.floor(Date.now() / 30_000);
    await page.getByLabel("Code from the app").fill(app.generate({ timestamp: step * 30_000 }));
    await page.getByRole("button", { name: "Confirm" }).click();
    const list = page.getByRole("list", { name: "Recovery codes" });
    await list.waitFor();
    const recovery = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
    expect(recovery).toHaveLength(10);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Continue to the inbox" }).click();
    await page.waitForURL(`${server.url}/admin`);
    await expect.poll(() => heading(page)).toBe("Leads");
    await signOut(page);

    // The password, then the app's next code.
    await password(page, SECOND);
    await page.waitForURL(/\/admin\/login\/code/);
    await expectNoAxeViolations(page);
    // The next step's code (or the current one's, should the clock have moved on since).
    await code(page, app.generate({ timestamp: Math.max(step + 1, Math.floor(Date.now() / 30_000)) * 30_000 }));
    // A recovery code in place of the app's, once: tests/integration/admin-access.test.ts.
    await page.waitForURL(`${server.url}/admin`);
  });

  it("an admin adds a user and sees every session, on pages axe finds nothing on", async () => {
    // An admin of their own: the agent's app has given its codes for this half-minute already.
    await createUser(server.dataDir, ADMIN, PASSWORD, undefined, { role: "admin" });
    const page = await openAdmin();
    await signIn(page, server.url, ADMIN, PASSWORD);
    await page.getByRole("navigation", { name: "Lead inbox" }).getByRole("link", { name: "Users" }).click();
    await page.waitForURL(`${server.url}/admin/users`);
    await expectNoAxeViolations(page);
    await page.getByLabel("Email", { exact: true }).fill("newcomer@roimedia.co.za");
    await page.getByLabel("Role", { exact: true }).selectOption({ label: "Editor" });
    await page.getByRole("button", { name: "Add user" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toMatch(/Added newcomer@roimedia\.co\.za\. Give them this password/);
    await expect.poll(() => page.getByRole("table", { name: "Users of the inbox" }).innerText()).toContain("newcomer@roimedia.co.za");
    await expectNoAxeViolations(page);

    await page.getByRole("navigation", { name: "Lead inbox" }).getByRole("link", { name: "Sessions" }).click();
    await page.waitForURL(`${server.url}/admin/sessions`);
    await expect
      .poll(() =>
        page
          .getByRole("table", { name: /Your sessions/ })
          .locator("tbody tr")
          .count(),
      )
      .toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await page.getByRole("navigation", { name: "Lead inbox" }).getByRole("link", { name: "Account" }).click();
    await page.waitForURL(`${server.url}/admin/account`);
    await expectNoAxeViolations(page);
  });
});
