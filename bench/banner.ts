// The cookie banner's delay after load and how soon Cookie settings and the phone's menu open, before and after
// hydration, as deployed (nginx, TLS, HTTP/2), desktop and a 4x-slowed phone. Writes bench/results/banner.json and .md.
import { writeFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, openPage } from "#tests/support/browser.ts";
import { startSite } from "#tests/support/site.ts";

const RUNS = Number(process.env.BANNER_RUNS ?? 5);
const PAGES = ["/", "/pricing", "/blog/google-ads-roi-strategies", "/contact", "/free-audit"];
const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 }, cpuSlowdown: 1 },
  phone: { viewport: { width: 412, height: 823 }, cpuSlowdown: 4 },
} as const;
type Device = keyof typeof DEVICES;

/** docs/performance-targets.md. */
const BANNER_DELAY_MS = 1000;
const BANNER_TOLERANCE_MS = 200;
const DIALOG_OPEN_MS = 100;

/** Notes in ms since navigation began; a "shown" time is the animation frame after the change, just before it paints. */
function recordTimes() {
  const times: Record<string, number> = {};
  (window as unknown as { benchTimes: typeof times }).benchTimes = times;
  addEventListener("load", () => (times.load = performance.now()), { once: true });
  document.addEventListener("click", (event) => (times.click ??= event.timeStamp), { capture: true });
  const seen = new Set<string>();
  const frameOnce = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    requestAnimationFrame(() => (times[key] = performance.now()));
  };
  new MutationObserver(() => {
    if (document.querySelector('[aria-labelledby="cookie-banner-title"]:not([hidden])')) frameOnce("banner");
    if (document.querySelector("dialog[open]")) frameOnce("dialog");
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "open"] });
}

const times = (page: Page) => page.evaluate(() => (window as unknown as { benchTimes: Record<string, number> }).benchTimes);
const dialogOpen = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { benchTimes: Record<string, number> }).benchTimes.dialog !== undefined);

async function visit(browser: Browser, url: string, device: Device, run: (page: Page) => Promise<number>): Promise<number> {
  const { viewport, cpuSlowdown } = DEVICES[device];
  const tracked = await openPage(browser, { viewport, ignoreHTTPSErrors: true });
  try {
    const { page } = tracked;
    await page.context().addInitScript(recordTimes);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await page.goto(url);
    const ms = await run(page);
    if (tracked.errors.length) throw new Error(`${url}: ${tracked.errors.join("; ")}`);
    return ms;
  } finally {
    await tracked.close();
  }
}

const bannerAfterLoad = (page: Page) =>
  page
    .waitForFunction(() => (window as unknown as { benchTimes: Record<string, number> }).benchTimes.banner !== undefined)
    .then(() => times(page))
    .then((t) => t.banner! - t.load!);

async function footerBeforeHydration(page: Page): Promise<number> {
  await page.waitForFunction(() => document.readyState === "complete");
  await page.locator("footer").getByRole("button", { name: "Cookie settings" }).click();
  await dialogOpen(page);
  const t = await times(page);
  return t.dialog! - t.click!;
}

async function bannerAfterHydration(page: Page): Promise<number> {
  const banner = page.getByRole("region", { name: "We value your privacy" });
  await banner.waitFor({ state: "visible" });
  await hydrated(page);
  await banner.getByRole("button", { name: "Settings" }).click();
  await dialogOpen(page);
  const t = await times(page);
  return t.dialog! - t.click!;
}

async function menuBeforeHydration(page: Page): Promise<number> {
  await page.waitForFunction(() => document.readyState === "complete");
  await page.getByRole("button", { name: "Open menu" }).click();
  await dialogOpen(page);
  const t = await times(page);
  return t.dialog! - t.click!;
}

const MEASURES: Record<string, { run: (page: Page) => Promise<number>; devices: Device[] }> = {
  "banner after load": { run: bannerAfterLoad, devices: ["desktop", "phone"] },
  "Cookie settings, footer, before hydration": { run: footerBeforeHydration, devices: ["desktop", "phone"] },
  "Cookie settings, banner, after hydration": { run: bannerAfterHydration, devices: ["desktop", "phone"] },
  "menu, before hydration": { run: menuBeforeHydration, devices: ["phone"] },
};
type Measure = keyof typeof MEASURES;

interface Row {
  device: Device;
  measure: Measure;
  path: string;
  runs: number[];
}

const site = await startSite({}, { on: "tls" });
const browser = await launchBrowser({ measured: true });
const rows: Row[] = [];
try {
  for (const device of Object.keys(DEVICES) as Device[])
    for (const [measure, { run, devices }] of Object.entries(MEASURES)) {
      if (!devices.includes(device)) continue;
      for (const path of PAGES) {
        const runs: number[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(Math.round(await visit(browser, site.url + path, device, run)));
        rows.push({ device, measure, path, runs });
        console.log(`banner ${device} ${measure} ${path}: ${runs.join(", ")} ms`);
      }
    }
} finally {
  await browser.close();
  await site.stop();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const meets = (row: Row) =>
  row.measure === "banner after load"
    ? row.runs.every((ms) => Math.abs(ms - BANNER_DELAY_MS) <= BANNER_TOLERANCE_MS)
    : row.runs.every((ms) => ms <= DIALOG_OPEN_MS);
const missed = rows.filter((row) => (row.device === "desktop" || row.measure === "menu, before hydration") && !meets(row));

writeFileSync("bench/results/banner.json", JSON.stringify(rows, null, 2));
writeFileSync(
  "bench/results/banner.md",
  [
    "## The cookie banner, Cookie settings and the menu, as deployed (nginx, TLS, HTTP/2)\n",
    `Chromium, ${RUNS} visits a row, each in a fresh context with no choice saved. Banner: from the load event to the animation frame that first shows it. ` +
      "Cookie settings: from the click's time stamp to the frame that first shows the open dialog; from the footer as soon as the page has loaded " +
      "(the click itself is the intent that fetches React, so the browser opens it by its invoker command, decision 0043), and from the banner's Settings once React has hydrated. " +
      "Menu: the phone's menu button as soon as the page has loaded (the browser opens the drawer itself, decision 0025). " +
      "Phone: a 412 px viewport with the CPU slowed fourfold, as Lighthouse's mobile preset simulates it.\n",
    "| device | measure | page | median | max | every run |",
    "|---|---|---|---:|---:|---|",
    ...rows.map(
      (row) =>
        `| ${row.device} | ${row.measure} | ${row.path} | ${median(row.runs)} ms | ${Math.max(...row.runs)} ms | ${row.runs.join(", ")} |`,
    ),
    "",
    missed.length
      ? `Rows outside the targets (desktop, and the phone's menu: banner ${BANNER_DELAY_MS} ms +-${BANNER_TOLERANCE_MS} after load, a dialog open within ${DIALOG_OPEN_MS} ms): ` +
        missed.map((row) => `${row.measure} ${row.path}`).join(", ") +
        "\n"
      : `Every desktop run, and every run of the phone's menu, meets the targets: banner ${BANNER_DELAY_MS} ms +-${BANNER_TOLERANCE_MS} after load, Cookie settings or the menu open within ${DIALOG_OPEN_MS} ms of the click.\n`,
  ].join("\n"),
);
console.log("Wrote bench/results/banner.md");
process.exit(0);
