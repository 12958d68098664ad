import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { bookingContent } from "#app/components/booking/content.ts";
import { rateLimitMessage, rateLimitTitle } from "#app/forms/messages.ts";
import { manageRateLimits } from "#server/booking/manage-limits.ts";
import { type ConsoleChecks, expectNoAxeViolations, formEnhanced, hydrated } from "#tests/support/browser.ts";
import { useBrowser, useServer } from "#tests/support/e2e.ts";
import { enhanced, solveAltcha } from "#tests/support/leads.ts";
import { startSite } from "#tests/support/site.ts";
import { waitForFormTokenAge } from "#tests/e2e/forms-support.ts";

const browser = useBrowser();
// The server runs in New York: the page must still offer SAST times. A cheap proof of work keeps ALTCHA fast.
const server = useServer(() => startSite({ TZ: "America/New_York", ALTCHA_COST: "20", OUTBOX_POLL_MS: "200" }));

/** A visitor who already chose cookies, so the banner covers nothing. */
async function visitor(options: BrowserContextOptions = {}, checks: ConsoleChecks = {}): Promise<Page> {
  const { page } = await browser.openPage({ viewport: { width: 1280, height: 900 }, ...options }, checks);
  return page;
}

function bookings(): Array<{ name: string; slot_start: string; bot_check: string; status: string; time_zone: string | null }> {
  const db = new DatabaseSync(path.join(server.dataDir, "site.db"), { readOnly: true, timeout: 10_000 });
  try {
    return db.prepare("select name, slot_start, bot_check, status, time_zone from bookings order by id").all() as never;
  } finally {
    db.close();
  }
}

async function fillDetails(page: Page, name: string) {
  await page.getByRole("main").getByLabel("Full Name").fill(name);
  await page
    .getByRole("main")
    .getByLabel("Email Address")
    .fill(`${name.split(" ")[0]!.toLowerCase()}@example.co.za`);
  await page.getByRole("main").getByLabel("Company Name").fill("Sibiya Logistics");
  await page.getByLabel("What would you like to discuss?").fill("LinkedIn lead costs");
}

describe("Book a Call", () => {
  it("is where the contact page's Book a Call card leads", async () => {
    const page = await visitor();
    await page.goto(`${server.url}/contact`);
    await page.getByRole("link", { name: /Book a Call/ }).click();
    await page.waitForURL(`${server.url}/calendar`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(bookingContent.hero.title);
  });

  it("books with JavaScript and the keyboard, showing SAST and the visitor's own time", async () => {
    const page = await visitor({ timezoneId: "Europe/Berlin" });
    await page.goto(`${server.url}/calendar`);
    const form = page.locator("#book form");
    await formEnhanced(page, form);

    // Days and times are native radio groups with names; only the chosen day's times show.
    const days = page.getByRole("group", { name: "1. Choose a day" }).getByRole("radio");
    expect(await days.count()).toBeGreaterThan(10);
    const firstDay = days.first();
    await firstDay.focus();
    await page.keyboard.press("ArrowRight");
    const secondDay = days.nth(1);
    expect(await secondDay.isChecked()).toBe(true);
    const dayLabel = await page.locator(`[data-booking-times="${await secondDay.getAttribute("value")}"] legend`).textContent();
    expect(dayLabel).toMatch(/^2\. Choose a time on /);
    const times = page.getByRole("group", { name: dayLabel! }).getByRole("radio");
    expect(await page.getByRole("radio", { name: /^09:00 SAST/ }).count()).toBeLessThanOrEqual(2);

    // Tab moves into the shown day's times; the arrow picks the second (09:15 SAST, 08:15 in Berlin in winter).
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowRight");
    const chosen = times.nth(1);
    expect(await chosen.isChecked()).toBe(true);
    const chosenValue = (await chosen.getAttribute("value"))!;
    const chosenLabel = () => chosen.locator("xpath=..").textContent();
    expect(await chosenLabel()).toMatch(/^09:15 SAST/);
    // The visitor's own time is added after hydration, a day at a time.
    await expect.poll(chosenLabel).toMatch(/08:15/);

    await fillDetails(page, "Lindiwe Sibiya");
    await page.getByRole("button", { name: "Book My Free Call" }).click();
    await page.waitForURL(/\/calendar\/manage\/[\w.-]+\?booked=1$/, { timeout: 30_000 });
    await page.getByRole("heading", { level: 1, name: bookingContent.manage.booked }).waitFor();
    expect(await page.getByText(/, 09:15-09:30 SAST$/).count()).toBe(1);

    const stored = bookings().find((b) => b.name === "Lindiwe Sibiya");
    expect(stored?.bot_check).toBe("altcha");
    expect(stored?.status).toBe("confirmed");
    expect(new Date(stored!.slot_start).toISOString()).toBe(chosenValue);
    // The form's script told the visitor's zone, for the time on their own clock in the mail.
    expect(stored?.time_zone).toBe("Europe/Berlin");
    await expectNoAxeViolations(page);
  });

  it("books without JavaScript from the plain form, then cancels", async () => {
    const page = await visitor({ javaScriptEnabled: false });
    await page.goto(`${server.url}/calendar`);
    const thirdDay = page.getByRole("group", { name: "1. Choose a day" }).getByRole("radio").nth(2);
    const date = (await thirdDay.getAttribute("value"))!;
    await thirdDay.locator("xpath=..").click();
    const slot = page.locator(`[data-booking-times="${date}"] input[name=slot]`).nth(4);
    const value = (await slot.getAttribute("value"))!;
    await slot.locator("xpath=..").click();
    expect(await slot.isChecked()).toBe(true);
    await fillDetails(page, "Sipho Dlamini");
    await waitForFormTokenAge(server, page.locator("#book form"));
    await page.getByRole("button", { name: "Book My Free Call" }).click();
    await page.waitForURL(/\/calendar\/manage\/[\w.-]+\?booked=1$/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(bookingContent.manage.booked);

    const stored = bookings().find((b) => b.name === "Sipho Dlamini")!;
    expect(new Date(stored.slot_start).toISOString()).toBe(value);
    expect(stored.bot_check).toBe("noscript");
    expect(stored.time_zone).toBeNull();

    await page.getByRole("button", { name: "Cancel my call" }).click();
    await page.getByRole("heading", { level: 1, name: bookingContent.manage.cancelled }).waitFor();
    expect(bookings().find((b) => b.name === "Sipho Dlamini")!.status).toBe("cancelled");
    await page.goto(`${server.url}/calendar`);
    expect(await page.locator(`input[name=slot][value="${value}"]`).count()).toBe(1);
  });

  it("answers a change past the booking's limit with the wait, with JavaScript and without, and changes nothing", async () => {
    const html = await (await fetch(`${server.appUrl}/calendar`)).text();
    const slots = [...html.matchAll(/name="slot" value="([^"]+)"/g)].map((m) => m[1]!);
    // The last free times, away from the ones the other tests click.
    const [from, to] = [slots.at(-1)!, slots.at(-3)!];
    const details = { slot: from, day: from.slice(0, 10), name: "Ayanda Zulu", email: "ayanda@example.co.za", company: "Zulu Foods" };
    const booked = await fetch(`${server.appUrl}/calendar`, {
      method: "POST",
      body: new URLSearchParams({ ...details, ...(enhanced(await solveAltcha(server)) as Record<string, string>) }),
      redirect: "manual",
    });
    expect(booked.status).toBe(302);
    let manage = booked.headers.get("location")!.split("?")[0]!;
    const { max } = manageRateLimits.perBooking;
    for (let i = 0; i < max; i++) {
      const body = new URLSearchParams({ intent: "reschedule", sequence: String(i), slot: i % 2 ? from : to });
      const moved = await fetch(`${server.appUrl}${manage}`, { method: "POST", body, redirect: "manual" });
      expect(moved.status).toBe(302);
      manage = moved.headers.get("location")!.split("?")[0]!;
    }
    const wait = new RegExp(rateLimitMessage(12345).replace(".", "\\.").replace("12345", "\\d+"));

    for (const javaScriptEnabled of [true, false]) {
      // Chromium reports the 429 answer (to the fetcher's post, or to the plain form's).
      const page = await visitor({ javaScriptEnabled }, { allowConsoleErrors: [/status of 429/] });
      await page.goto(`${server.url}${manage}`);
      if (javaScriptEnabled) {
        // Hydrated once the toaster is mounted; a mark on the window shows the page is not reloaded.
        await hydrated(page);
        await page.locator('section[aria-label^="Notifications"]').waitFor({ state: "attached", timeout: 15_000 });
        await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      }
      await page.getByRole("button", { name: "Cancel my call" }).click();
      const alert = page.getByRole("alert").filter({ hasText: rateLimitTitle });
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(wait);
      if (javaScriptEnabled) expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(bookingContent.manage.title);
    }
    expect(bookings().find((b) => b.name === "Ayanda Zulu")?.status).toBe("confirmed");
  });
  // Axe on the booking page, hydrated, at a desktop's and a phone's width: tests/e2e/routes.test.ts.
});
