// The first press of each control on a phone (issue 31, decision 0032), as
// deployed (nginx, TLS, HTTP/2; tests/support/site.ts): Chromium with the CPU
// slowed fourfold and Lighthouse's slow 4G (150 ms round trip, 1.6 Mbit/s),
// a fresh context each run. Before hydration (React's scripts held back) and
// after it, from the press's event time stamp to the second animation frame
// after its answer, worst of RUNS runs. Then every control the e2e sweep
// presses (tests/e2e/first-press.test.ts), pressed at DELAYS_MS after a first
// touch elsewhere, while React arrives, compiles and hydrates (issue 41). Then
// each public page's largest contentful paint and layout shift on the same
// phone, as a first visit. Writes bench/results/first-press.json and
// first-press.md; FIRST_PRESS_PARTS (presses, delays, paints) measures some
// parts only and keeps the others' last figures.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import type { Browser, CDPSession, Locator, Page } from "playwright-core";
import { publicRoutes } from "#app/config/public-routes.ts";
import { articlePath, articleSlugs } from "#app/content/articles.ts";
import { cookiesAlreadyChosen, holdAppScripts, hydrated, launchBrowser, openPage } from "#tests/support/browser.ts";
import { startSite } from "#tests/support/site.ts";

const RUNS = Number(process.env.FIRST_PRESS_RUNS ?? 3);
const DELAY_RUNS = Number(process.env.FIRST_PRESS_DELAY_RUNS ?? RUNS);
const PARTS = (process.env.FIRST_PRESS_PARTS ?? "presses,delays,paints").split(",");
/**
 * A diagnosis, not a measurement to keep: only the swept controls whose name contains it, each
 * press's long animation frames logged (what ran in them), and no results written.
 */
const DIAGNOSE = process.env.FIRST_PRESS_DIAGNOSE;
/** The issue's targets: every first press within 200 ms; each page's largest paint within 1.0 s, and no shift. */
const PRESS_TARGET_MS = 200;
const LCP_TARGET_MS = 1000;

const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };
/** The Services menu is in the header above the large breakpoint only: the same phone's CPU and network, a desktop's width. */
const WIDE = { viewport: { width: 1280, height: 800 } };
/** Lighthouse's slow 4G (its mobile preset), in bytes per second. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const VIDEO_ID = "abcDEF12345";

interface Control {
  name: string;
  path: string;
  wide?: boolean;
  /** What a visitor does first (fills a step in), before the press. */
  prepare?: (page: Page) => Promise<void>;
  /** What is pressed; it is marked `data-bench-target` for `answer`. */
  target: (page: Page) => Locator;
  /** A selector that matches once the page shows the answer. */
  answer: string;
}

/** Before hydration, the loader's busy mark on a press it holds for React (app/before-react/README.md). */
const HELD = '[data-bench-target][aria-busy="true"]';

const ORDER_STEP_TWO = '#order-form li[aria-current="step"]:nth-child(2)';
const nextStep = (page: Page) => page.locator("#order-form").getByRole("button", { name: "Next" });
async function fillOrderStepOne(page: Page) {
  const step = { name: "Naledi Khumalo", email: "naledi@example.co.za", phone: "+27 82 555 0101", company: "Khumalo Trading" };
  for (const [name, value] of Object.entries(step)) await page.locator(`#order-form [name="${name}"]`).fill(value);
}

const CONTROLS: Control[] = [
  { name: "mobile menu", path: "/", target: (page) => page.getByRole("button", { name: "Open menu" }), answer: "#mobile-menu[open]" },
  {
    name: "a closed pricing group",
    path: "/pricing",
    target: (page) => page.locator("details[name]:not([open]) > summary").first(),
    answer: "details[open] > [data-bench-target]",
  },
  {
    name: "Download Company Profile, its first step",
    path: "/about",
    target: (page) => page.getByRole("main").getByRole("button", { name: "Download Company Profile" }),
    answer: "dialog[open] form",
  },
  {
    name: "Services menu (desktop width)",
    path: "/",
    wide: true,
    target: (page) => page.locator("summary[aria-label='Service pages']"),
    answer: "details[open] > [data-bench-target]",
  },
  {
    name: "Share, an article",
    path: articlePath(articleSlugs[0]!),
    target: (page) => page.getByRole("button", { name: "Share" }),
    // No share sheet in headless Chromium: the link is copied, or not, and a toast says so.
    answer: `${HELD}, [data-sonner-toast]`,
  },
  {
    name: "the intro video's play",
    path: "/",
    target: (page) => page.getByRole("link", { name: /^Play video/ }),
    answer: `${HELD}, [data-intro-video] iframe`,
  },
  {
    name: "order wizard: Next, step 1 to 2",
    path: "/get-started",
    prepare: fillOrderStepOne,
    target: nextStep,
    // Step 2 in place, before hydration by the wizard's page script (decision 0042), after it by React; a post shows its button busy.
    answer: `#order-form [aria-busy="true"], ${ORDER_STEP_TWO}`,
  },
  {
    name: "order wizard: Next, step 2 shown",
    path: "/get-started",
    prepare: fillOrderStepOne,
    target: nextStep,
    // Step 2 itself (were Next a post, the first paint of the page it opened).
    answer: ORDER_STEP_TWO,
  },
  {
    name: "booking: a day",
    path: "/calendar",
    target: (page) => page.locator("label:has(input[name=day]:not(:checked))").first(),
    answer: "[data-bench-target] input:checked",
  },
  {
    name: "booking: a time",
    path: "/calendar",
    target: (page) => page.locator("label:has(input[name=slot]:not(:checked)):visible").first(),
    answer: "[data-bench-target] input:checked",
  },
];

/** A first touch elsewhere, then the press this many ms later: React's scripts arrive, compile and hydrate in between (issue 41). */
const DELAYS_MS = [0, 250, 500, 1000, 1500, 2000, 3000, 4000];

const openedGroup = "details[open] > [data-bench-target]";
const profileForm = "dialog[open] form";
const controlNamed = (name: string) => CONTROLS.find((control) => control.name === name)!;

/** Every control the e2e sweep presses (tests/e2e/first-press.test.ts), each once, on a page that has it. */
const SWEPT: Control[] = [
  controlNamed("mobile menu"),
  controlNamed("Services menu (desktop width)"),
  controlNamed("a closed pricing group"),
  controlNamed("Download Company Profile, its first step"),
  {
    name: "Download Company Profile, the footer's",
    path: "/",
    target: (page) => page.locator("#site-footer").getByRole("button", { name: "Download Company Profile" }),
    answer: profileForm,
  },
  {
    name: "Company Profile, the services page",
    path: "/services",
    target: (page) => page.getByRole("main").getByRole("button", { name: "Company Profile", exact: true }),
    answer: profileForm,
  },
  {
    name: "Cookie settings",
    path: "/",
    target: (page) => page.getByRole("button", { name: "Cookie settings" }),
    answer: "dialog[open]",
  },
  {
    name: "a contact question",
    path: "/contact",
    target: (page) => page.locator("main details:not([open]) > summary").first(),
    answer: openedGroup,
  },
  controlNamed("Share, an article"),
];

/**
 * In every document, before its scripts: once armed with the answer's
 * selector, notes the press (the first click's time stamp) and the second
 * animation frame after the page first shows the answer (checked at each change
 * to the page and each choice changed), or the first paint of the page a post
 * opened, if it shows it. Times are since the epoch, kept in sessionStorage
 * across that navigation.
 */
function recordPress() {
  // The site's own documents only, not the video player's frame.
  if (window !== window.top) return;
  const at = (ms: number) => performance.timeOrigin + ms;
  const note = (key: string, ms: number) => {
    if (sessionStorage.getItem(key) === null) sessionStorage.setItem(key, String(at(ms)));
  };
  const answer = () => sessionStorage.getItem("bench-answer-selector");
  const shown = () => document.querySelector(answer()!) !== null;
  if (answer() && sessionStorage.getItem("bench-press") && !sessionStorage.getItem("bench-answer"))
    new PerformanceObserver((list) => {
      const paint = list.getEntriesByName("first-contentful-paint")[0];
      if (paint && shown()) note("bench-answer", paint.startTime);
    }).observe({ type: "paint", buffered: true });
  let watching = false;
  const onTarget = (event: Event) => event.target instanceof Element && event.target.closest("[data-bench-target]") !== null;
  // When the page hydrated, and the first touch elsewhere: the press's delay after it.
  addEventListener("app-hydrated", () => note("bench-hydrated", performance.now()));
  addEventListener("pointerdown", (event) => answer() && !onTarget(event) && note("bench-touch", event.timeStamp), true);
  // The press starts at its pointerdown (its input delay counts, as in INP), or its click where there is none.
  addEventListener("pointerdown", (event) => answer() && onTarget(event) && note("bench-press", event.timeStamp), true);
  // First of the click's listeners: the loader stops a press it holds before the page's others.
  addEventListener(
    "click",
    (event) => {
      if (watching || !answer() || !onTarget(event)) return;
      watching = true;
      note("bench-press", event.timeStamp);
      const check = () => {
        if (!shown()) return;
        observer.disconnect();
        removeEventListener("change", check, true);
        requestAnimationFrame(() => requestAnimationFrame((time) => note("bench-answer", time)));
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      addEventListener("change", check, true);
    },
    true,
  );
}

async function phone(browser: Browser, wide = false) {
  const tracked = await openPage(browser, { ...(wide ? WIDE : PHONE), ignoreHTTPSErrors: true }, { allowConsoleErrors: [/ERR_FAILED/] });
  const { page } = tracked;
  // The intro video's player is not fetched from outside: its answer is the frame that shows it.
  await page.route(/youtube/, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>video</title>" }));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  return { ...tracked, cdp };
}

/**
 * A press at the control's centre as the browser's input: the button's down
 * and up sent at once, so both wait in the page's input queue behind any long
 * task, as a quick tap's would (a locator's click waits for the page first).
 */
async function pressAt(cdp: CDPSession, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2, button: "left" as const, clickCount: 1 };
  await Promise.all([
    cdp.send("Input.dispatchMouseEvent", { type: "mousePressed", ...at }),
    cdp.send("Input.dispatchMouseEvent", { type: "mouseReleased", ...at }),
  ]);
}

/** The press's time to its answer, ms, once the page has noted both. */
async function pressTime(page: Page): Promise<number> {
  const stored = await page.waitForFunction(() => {
    const [press, answer] = ["bench-press", "bench-answer"].map((key) => sessionStorage.getItem(key));
    return press && answer ? Number(answer) - Number(press) : null;
  });
  return (await stored.jsonValue())!;
}

/** One first press, ms from the press to its answer; React's scripts held back all along, or the page hydrated first. */
async function firstPress(browser: Browser, url: string, control: Control, hydrate: boolean): Promise<number> {
  const tracked = await phone(browser, control.wide);
  try {
    const { page } = tracked;
    await cookiesAlreadyChosen(page);
    await page.context().addInitScript(recordPress);
    if (!hydrate) await holdAppScripts(page);
    await page.goto(url + control.path);
    if (hydrate) await hydrated(page);
    await control.prepare?.(page);
    const target = control.target(page);
    await target.evaluate((el) => el.setAttribute("data-bench-target", ""));
    // Armed from here: the next document, if the press opens one, watches for the answer too.
    await page.evaluate((answer) => sessionStorage.setItem("bench-answer-selector", answer), control.answer);
    await pressAt(tracked.cdp, target);
    const ms = await pressTime(page);
    if (tracked.unexpectedErrors().length) throw new Error(`${control.path}: ${tracked.unexpectedErrors().join("; ")}`);
    return ms;
  } finally {
    await tracked.close();
  }
}

/**
 * A point on the page's text, clear of every control and of the target's row:
 * where the first touch lands, a sign of intent that loads React and nothing else.
 */
const neutralSpot = (page: Page) =>
  page.evaluate(() => {
    const target = document.querySelector("[data-bench-target]")!.getBoundingClientRect();
    const controls =
      'a, button, summary, details, label, input, select, textarea, dialog, [tabindex]:not([tabindex="-1"]), iframe, video, header';
    // Below the sticky header, on screen, not in the target's row.
    for (let y = 100; y < innerHeight - 10; y += 30)
      for (let x = 20; x < innerWidth - 20; x += 30) {
        if (Math.abs(y - (target.top + target.height / 2)) < 60) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && hit !== document.body && !hit.closest(controls)) return { x, y };
      }
    throw new Error("no spot clear of controls on screen");
  });

/**
 * One press at `delayMs` after a first touch elsewhere (issue 41), with React
 * loading on that touch: ms from the press to its answer, and from the touch to
 * the press and to the end of hydration, as the page's clock has them.
 */
async function pressAfterTouch(
  browser: Browser,
  url: string,
  control: Control,
  delayMs: number,
): Promise<{ ms: number; delayMs: number; hydratedMs: number | null }> {
  const tracked = await phone(browser, control.wide);
  try {
    const { page, cdp } = tracked;
    await cookiesAlreadyChosen(page);
    await page.context().addInitScript(recordPress);
    await page.goto(url + control.path);
    const target = control.target(page);
    await target.scrollIntoViewIfNeeded();
    await target.evaluate((el) => el.setAttribute("data-bench-target", ""));
    const spot = await neutralSpot(page);
    await page.evaluate((answer) => sessionStorage.setItem("bench-answer-selector", answer), control.answer);
    const touchedAt = performance.now();
    if (control.wide) await page.mouse.click(spot.x, spot.y);
    else await page.touchscreen.tap(spot.x, spot.y);
    await sleep(Math.max(0, delayMs - (performance.now() - touchedAt)));
    await pressAt(cdp, target);
    const ms = await pressTime(page);
    const [touch, press, hydrated] = await page.evaluate(() =>
      ["bench-touch", "bench-press", "bench-hydrated"].map((key) => sessionStorage.getItem(key)),
    );
    if (tracked.unexpectedErrors().length) throw new Error(`${control.path}: ${tracked.unexpectedErrors().join("; ")}`);
    if (DIAGNOSE) console.log(`  ${control.name}, ${delayMs} ms: ${ms} ms; frames over the press: ${await framesOverPress(page)}`);
    return { ms, delayMs: Number(press) - Number(touch), hydratedMs: hydrated === null ? null : Number(hydrated) - Number(touch) };
  } finally {
    await tracked.close();
  }
}

/** The long animation frames between the press and its answer, and the scripts that ran longest in them. */
function framesOverPress(page: Page): Promise<string> {
  return page.evaluate(() => {
    const since = (key: string) => Number(sessionStorage.getItem(key)) - performance.timeOrigin;
    const [press, answer] = [since("bench-press"), since("bench-answer")];
    interface Script {
      duration: number;
      invoker: string;
      sourceURL: string;
      sourceFunctionName: string;
    }
    // Long animation frames are not in the timeline's getEntries: a buffered observer's records.
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: "long-animation-frame", buffered: true });
    const frames = observer.takeRecords() as Array<PerformanceEntry & { blockingDuration: number; scripts: Script[] }>;
    observer.disconnect();
    const file = (url: string) => url.split("/").pop() || "(inline)";
    return (
      frames
        .filter((frame) => frame.startTime + frame.duration > press && frame.startTime < answer)
        .map((frame) => {
          const scripts = [...frame.scripts].sort((a, b) => b.duration - a.duration).slice(0, 2);
          const what = scripts.map(
            (script) =>
              `${script.invoker} ${file(script.sourceURL)}${script.sourceFunctionName ? `:${script.sourceFunctionName}` : ""} ${Math.round(script.duration)} ms`,
          );
          return `[${Math.round(frame.startTime - press)} ms, ${Math.round(frame.duration)} ms: ${what.join("; ") || "no script (rendering)"}]`;
        })
        .join(" ") || "none"
    );
  });
}

/** A first visit: the largest contentful paint and the layout shift, once the page has loaded and its banner come up. */
async function paints(browser: Browser, url: string): Promise<{ fcpMs: number; lcpMs: number; cls: number }> {
  const tracked = await phone(browser);
  try {
    const { page } = tracked;
    await page.goto(url);
    await page.locator('[aria-labelledby="cookie-banner-title"]').waitFor({ state: "visible" });
    return await page.evaluate(async () => {
      await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
      // The entries so far, from the browser's buffer, at once.
      const entries = (type: string) => {
        const observer = new PerformanceObserver(() => {});
        observer.observe({ type, buffered: true });
        const records = observer.takeRecords();
        observer.disconnect();
        return records;
      };
      const largest = entries("largest-contentful-paint");
      const shifts = entries("layout-shift") as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>;
      return {
        fcpMs: Math.round(performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN),
        lcpMs: Math.round(largest.at(-1)?.startTime ?? Number.NaN),
        cls: Number(
          shifts
            .filter((shift) => !shift.hadRecentInput)
            .reduce((sum, shift) => sum + shift.value, 0)
            .toFixed(3),
        ),
      };
    });
  } finally {
    await tracked.close();
  }
}

interface PressRow {
  control: string;
  path: string;
  /** Every run, ms: React's scripts held back, and after hydration. */
  before: number[];
  after: number[];
}
interface PaintRow {
  path: string;
  /** Every run's first contentful paint: the largest paint comes no later when the page paints whole at once. */
  fcpMs: number[];
  lcpMs: number[];
  cls: number[];
}

interface DelayRow {
  control: string;
  path: string;
  /** Per delay in DELAYS_MS, every run: ms from the press to its answer, from the touch to the press and to the end of hydration (null: after the answer). */
  runs: Array<Array<{ ms: number; delayMs: number; hydratedMs: number | null }>>;
  /** The machine's one-minute load average as the row began and ended: a shared machine's load stretches every figure. */
  load: [number, number];
}

/** The parts not measured this time keep their last figures. */
const last: { presses?: PressRow[]; delays?: DelayRow[]; pages?: PaintRow[] } = existsSync("bench/results/first-press.json")
  ? JSON.parse(readFileSync("bench/results/first-press.json", "utf8"))
  : {};
const site = await startSite({ INTRO_VIDEO_ID: VIDEO_ID }, { on: "tls" });
const browser = await launchBrowser({ measured: true });
const presses: PressRow[] = PARTS.includes("presses") ? [] : (last.presses ?? []);
const delays: DelayRow[] = PARTS.includes("delays") ? [] : (last.delays ?? []);
const pages: PaintRow[] = PARTS.includes("paints") ? [] : (last.pages ?? []);
const times = async (measure: () => Promise<number>) => {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(Math.round(await measure()));
  return runs;
};
try {
  if (PARTS.includes("presses"))
    for (const control of CONTROLS) {
      const before = await times(() => firstPress(browser, site.url, control, false));
      const after = await times(() => firstPress(browser, site.url, control, true));
      presses.push({ control: control.name, path: control.path, before, after });
      console.log(`first-press ${control.name}: before ${before.join(", ")} ms; after ${after.join(", ")} ms`);
    }
  if (PARTS.includes("delays"))
    for (const control of SWEPT.filter((control) => !DIAGNOSE || control.name.includes(DIAGNOSE))) {
      const row: DelayRow = { control: control.name, path: control.path, runs: [], load: [loadavg()[0]!, 0] };
      for (const delayMs of DELAYS_MS) {
        const runs = [];
        for (let i = 0; i < DELAY_RUNS; i++) runs.push(await pressAfterTouch(browser, site.url, control, delayMs));
        row.runs.push(runs.map((run) => ({ ...run, ms: Math.round(run.ms), delayMs: Math.round(run.delayMs) })));
      }
      row.load[1] = loadavg()[0]!;
      delays.push(row);
      console.log(
        `first-press ${control.name} after a touch: ${row.runs.map((runs, i) => `${DELAYS_MS[i]}: ${runs.map((run) => run.ms).join("/")}`).join("; ")} ms`,
      );
    }
  if (PARTS.includes("paints"))
    for (const { path } of publicRoutes.slice(0, Number(process.env.FIRST_PRESS_PAGES ?? Infinity))) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await paints(browser, site.url + path));
      pages.push({ path, fcpMs: runs.map((run) => run.fcpMs), lcpMs: runs.map((run) => run.lcpMs), cls: runs.map((run) => run.cls) });
      console.log(
        `first-press paints ${path}: FCP ${runs.map((run) => run.fcpMs).join(", ")} ms; LCP ${runs.map((run) => run.lcpMs).join(", ")} ms; CLS ${runs.map((run) => run.cls).join(", ")}`,
      );
    }
} finally {
  await browser.close();
  await site.stop();
}

const worst = (runs: number[]) => Math.max(...runs);
const worstOfDelay = (runs: DelayRow["runs"][number]) => worst(runs.map((run) => run.ms));
const worstOfRow = (row: DelayRow) => worst(row.runs.map(worstOfDelay));
const slowAfterTouch = delays.filter((row) => worstOfRow(row) > PRESS_TARGET_MS);
const hydratedAfter = delays.flatMap((row) => row.runs.flat().map((run) => run.hydratedMs)).filter((ms) => ms !== null);
const slowPresses = presses.filter((row) => worst(row.before) > PRESS_TARGET_MS || worst(row.after) > PRESS_TARGET_MS);
const latePages = pages.filter((row) => worst(row.lcpMs) > LCP_TARGET_MS);
const shifting = pages.filter((row) => worst(row.cls) > 0);

if (DIAGNOSE) process.exit(0);
writeFileSync("bench/results/first-press.json", JSON.stringify({ presses, delays, pages }, null, 2));
writeFileSync(
  "bench/results/first-press.md",
  [
    "## First presses and paints on a phone, as deployed (nginx, TLS, HTTP/2)\n",
    `Chromium, a 412 px viewport, the CPU slowed fourfold and Lighthouse's slow 4G (150 ms round trip, 1.6 Mbit/s), ${RUNS} runs a row, each in a fresh context. ` +
      "First press: from the press's event time stamp to the second animation frame after the page first shows its answer (the dialog, group or menu open, " +
      "the choice made, the wizard's next step, in place or in the first paint of the page its post opened): before hydration with React's scripts held back, and after hydration. " +
      "Share and the intro video's play are held for React before hydration: their answer then is the busy mark the loader shows at once (app/before-react/README.md).\n",
    "| control | page | before hydration, worst | runs | after hydration, worst | runs |",
    "|---|---|---:|---|---:|---|",
    ...presses.map(
      (row) =>
        `| ${row.control} | ${row.path} | ${worst(row.before)} ms | ${row.before.join(", ")} | ${worst(row.after)} ms | ${row.after.join(", ")} |`,
    ),
    "",
    slowPresses.length
      ? `Over the target of ${PRESS_TARGET_MS} ms in a run: ${slowPresses.map((row) => row.control).join(", ")}\n`
      : `Every run of every control answers within ${PRESS_TARGET_MS} ms.\n`,
    "### Pressed while React arrives and hydrates\n",
    `Every control the sweep presses (tests/e2e/first-press.test.ts), once each, on the same phone with React loading as it does for a visitor: a first touch on the page's text ` +
      `(a sign of intent: React's scripts load), then the press at each delay after it, ${DELAY_RUNS} run${DELAY_RUNS === 1 ? "" : "s"} a cell, each in a fresh context, after the load event. ` +
      "Each cell is the worst run, from the press's pointerdown time stamp (its input delay counted, as INP counts it; down and up sent at once, as a quick tap's) " +
      "to the second animation frame after the answer. The delays are the page's own, from the touch's to the press's time stamp; a long task stretches them. " +
      (hydratedAfter.length
        ? `React finished hydrating ${Math.round(Math.min(...hydratedAfter))}-${Math.round(Math.max(...hydratedAfter))} ms after the touch in these runs.\n`
        : "\n"),
    `| control | page | ${DELAYS_MS.map((ms) => `${ms} ms`).join(" | ")} | worst | load (1 min) |`,
    `|---|---|${DELAYS_MS.map(() => "---:|").join("")}---:|---|`,
    ...delays.map(
      (row) =>
        `| ${row.control} | ${row.path} | ${row.runs.map((runs) => `${worstOfDelay(runs)}`).join(" | ")} | ${worstOfRow(row)} ms | ${row.load.map((load) => load.toFixed(1)).join("-")} |`,
    ),
    "",
    slowAfterTouch.length
      ? `Over the target of ${PRESS_TARGET_MS} ms: ${slowAfterTouch.map((row) => `${row.control} (${worstOfRow(row)} ms)`).join(", ")}\n`
      : `Every control answers within ${PRESS_TARGET_MS} ms at every delay, in every run.\n`,
    "Each public page as a first visit (the cookie banner comes up): its largest contentful paint, first contentful paint and cumulative layout shift, from the page's own PerformanceObserver. " +
      "Where LCP equals FCP the page paints whole at once, and what remains is the network's: the document, the style sheet and the font over slow 4G.\n",
    "| page | LCP, worst | LCP, runs | FCP, same runs | CLS, worst |",
    "|---|---:|---|---|---:|",
    ...pages.map(
      (row) => `| ${row.path} | ${worst(row.lcpMs)} ms | ${row.lcpMs.join(", ")} | ${row.fcpMs.join(", ")} | ${worst(row.cls)} |`,
    ),
    "",
    latePages.length
      ? `Largest contentful paint over ${LCP_TARGET_MS} ms in a run: ${latePages.map((row) => `${row.path} (${worst(row.lcpMs)} ms)`).join(", ")}\n`
      : `Every page's largest contentful paint is within ${LCP_TARGET_MS} ms in every run.\n`,
    shifting.length
      ? `Layout shift: ${shifting.map((row) => `${row.path} (${worst(row.cls)})`).join(", ")}\n`
      : "No page shifts its layout.\n",
  ].join("\n"),
);
console.log("Wrote bench/results/first-press.md");
process.exit(0);
