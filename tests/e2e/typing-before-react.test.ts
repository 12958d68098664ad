import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { APP_SCRIPTS } from "#tests/support/browser.ts";
import { createUser, signIn } from "#tests/support/admin-users.ts";
import { useBrowser, useServer } from "#tests/support/e2e.ts";
import { enhanced, postLead, solveAltcha } from "#tests/support/leads.ts";
import { startServer } from "#tests/support/server.ts";

/**
 * Nothing typed is lost (issue 41, docs/decisions/0048): on every form of the
 * site and of the inbox, a person types, pastes and chooses while React loads
 * and hydrates, at random moments around it, with React's scripts slowed or
 * at their normal speed; once the page has hydrated every field holds all of
 * it, and so does what its form would send. The article editor's Save then
 * saves it.
 *
 * TYPING_RUNS sets the runs of each page (one by default, its speed drawn at
 * random); TYPING_SEED replays the random moments of a failure (the failure names its seed).
 */

const ADMIN = "typist@roimedia.co.za";
const PASSWORD = "typed before react, kept after";
const RUNS = Number(process.env.TYPING_RUNS ?? 1);
const SEED = Number(process.env.TYPING_SEED ?? Date.now() % 100_000);

/** A small seeded generator, so a failure's random moments can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, between: (low: number, high: number) => Math.round(low + next() * (high - low)) };
}

const browser = useBrowser();
const server = useServer(() => startServer({ ALTCHA_COST: "20" }));

/** The fields a person fills: shown, enabled, theirs (not a bot trap), and typed or chosen (not files nor dates). */
interface Field {
  selector: string;
  kind: "text" | "number" | "select" | "check" | "radio";
  name: string;
  value: string;
  checked: boolean;
  options: string[];
  multiline: boolean;
}

function fieldsOnPage(): Field[] {
  const typed = new Set(["text", "email", "tel", "url", "search", "password", "number"]);
  const fields: Field[] = [];
  for (const el of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    "form input, form textarea, form select",
  )) {
    if (el.disabled || el.tabIndex < 0 || !el.checkVisibility() || el.closest("[hidden], dialog:not([open])")) continue;
    if ("readOnly" in el && el.readOnly) continue;
    const type = el instanceof HTMLInputElement ? el.type : el.localName;
    const kind =
      type === "select"
        ? "select"
        : type === "textarea" || (typed.has(type) && type !== "number")
          ? "text"
          : type === "number"
            ? "number"
            : type === "checkbox"
              ? "check"
              : type === "radio"
                ? "radio"
                : null;
    if (!kind) continue;
    // In a dialog the form may be handed over to another one with the same names (the company profile's).
    const dialog = el.closest("dialog[id]");
    const byName = `[name="${CSS.escape(el.name)}"]`;
    const selector = dialog
      ? `#${CSS.escape(dialog.id)} ${byName}`
      : el.id
        ? `#${CSS.escape(el.id)}`
        : el.name && document.querySelectorAll(byName).length === 1
          ? byName
          : null;
    if (!selector) continue;
    fields.push({
      selector,
      kind,
      name: el.name,
      value: el.value,
      checked: el instanceof HTMLInputElement && el.checked,
      options: el instanceof HTMLSelectElement ? [...el.options].filter((o) => !o.disabled && o.value).map((o) => o.value) : [],
      multiline: el instanceof HTMLTextAreaElement,
    });
  }
  return fields;
}

/** What the person did to a field, and so what it must hold. */
interface Expected {
  selector: string;
  name: string;
  value?: string;
  checked?: boolean;
}

/** The field's state now, and whether its form would send it (the FormData a post or React Router's submit builds). */
function stateOf(selector: string) {
  const el = document.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(selector);
  if (!el) return null;
  const sent = el.form && el.name ? new FormData(el.form).getAll(el.name).map(String) : [];
  return { value: el.value, checked: el instanceof HTMLInputElement && el.checked, sent };
}

interface Run {
  /** How long React's scripts are held up, from their request (0: at their normal speed). */
  slowedMs: number;
  rng: ReturnType<typeof random>;
  label: string;
}

/**
 * Opens `path`, then types, pastes and chooses in every field at random moments while React's
 * scripts load (slowed by `run.slowedMs`) and hydrate; answers what each field must hold.
 */
async function fillAroundHydration(
  page: Page,
  url: string,
  run: Run,
  { before, only, sample }: { before?: (page: Page) => Promise<void>; only?: string[]; sample?: number } = {},
): Promise<Expected[]> {
  await page.unroute(APP_SCRIPTS);
  if (run.slowedMs > 0) {
    await page.route(APP_SCRIPTS, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, run.slowedMs));
      await route.continue().catch(() => undefined);
    });
  }
  await page.goto(url);
  await page.waitForTimeout(run.rng.between(0, 150));
  await before?.(page);
  const fields = (await page.evaluate(fieldsOnPage)).filter((field) => !only || only.includes(field.selector));
  // In a random order, so that each field is filled at a random moment around hydration.
  for (let i = fields.length - 1; i > 0; i--) {
    const j = run.rng.between(0, i);
    [fields[i], fields[j]] = [fields[j]!, fields[i]!];
  }
  // A long list's rows are one component's: a random few of them, different each seed, stand for all.
  if (sample) fields.splice(sample);
  expect(fields.length, `${run.label}: fields on ${url}`).toBeGreaterThan(0);
  const expected: Expected[] = [];
  const radios = new Set<string>();
  for (const [i, field] of fields.entries()) {
    const control = page.locator(field.selector);
    if (field.kind === "select") {
      const choice = field.options.filter((option) => option !== field.value).at(-1);
      if (!choice) continue;
      await control.selectOption(choice);
      expected.push({ selector: field.selector, name: field.name, value: choice });
    } else if (field.kind === "check") {
      await control.evaluate((el: HTMLInputElement) => el.click());
      expected.push({ selector: field.selector, name: field.name, checked: !field.checked });
    } else if (field.kind === "radio") {
      // One choice per group: the first that is not chosen yet.
      if (field.checked || radios.has(field.name)) continue;
      radios.add(field.name);
      await control.evaluate((el: HTMLInputElement) => el.click());
      expected.push({ selector: field.selector, name: field.name, checked: true });
    } else {
      const text =
        field.kind === "number" ? String(run.rng.between(1, 9)) : `${"abcdefghijklmnopqrstuvwxyz"[i % 26]}${run.rng.between(100, 999)}z`;
      // Into the field as a person does, by a press; or by focus, where the field is still moving in (a dialog opening).
      await control.click({ timeout: 2000 }).catch(() => control.focus());
      await page.keyboard.press(field.multiline ? "ControlOrMeta+End" : "End");
      // Typed key by key, or pasted at once (an insertion, as a paste makes it).
      if (run.rng.next() < 0.5) await page.keyboard.type(text, { delay: run.rng.between(5, 25) });
      else await page.keyboard.insertText(text);
      expected.push({ selector: field.selector, name: field.name, value: field.value + text });
    }
    await page.waitForTimeout(run.rng.between(0, 80));
  }
  await page.waitForFunction(() => (window as unknown as Record<string, boolean>).__hydratedForTests === true, undefined, {
    timeout: 30_000,
  });
  // The frame after hydration, and the effects it ran.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(resolve)))));
  return expected;
}

/** The fields that do not hold what was typed or chosen in them, or whose form would not send it, described. */
async function lost(page: Page, expected: Expected[]): Promise<string[]> {
  const found: string[] = [];
  for (const want of expected) {
    const state = await page.evaluate(stateOf, want.selector);
    if (!state) found.push(`${want.selector} is gone`);
    else if (want.value !== undefined && state.value !== want.value)
      found.push(`${want.selector} holds ${JSON.stringify(state.value)}, typed ${JSON.stringify(want.value)}`);
    else if (want.value !== undefined && want.name && !state.sent.includes(want.value))
      found.push(`${want.selector}'s form sends ${JSON.stringify(state.sent)}, typed ${JSON.stringify(want.value)}`);
    else if (want.checked !== undefined && state.checked !== want.checked)
      found.push(`${want.selector} is ${state.checked ? "" : "not "}checked`);
  }
  return found;
}

/**
 * Each run's speed, drawn from its seed: two in three with React's scripts slowed by a random 0.2-1.2 s
 * (typed while they load), the others at their normal speed (typed as React hydrates). One visit of
 * each page a suite run, so each run of the suite draws each page's speed and moments anew.
 */
function runs(path: string, count = RUNS): Run[] {
  return Array.from({ length: count }, (_, i) => {
    const seed = SEED + i * 7919 + [...path].reduce((sum, c) => sum + c.charCodeAt(0), 0);
    const rng = random(seed);
    const slowedMs = rng.next() < 2 / 3 ? rng.between(200, 1200) : 0;
    return {
      slowedMs,
      rng,
      label: `${path} run ${i + 1} (${slowedMs ? `scripts slowed ${slowedMs} ms` : "normal speed"}, TYPING_SEED=${SEED})`,
    };
  });
}

/**
 * Fills every field of `path` around hydration in each run (or `sample[path]` of them, picked at random);
 * answers the fields that lost something, by run.
 */
async function sweep(
  page: Page,
  url: (path: string) => string,
  paths: string[],
  { before, sample }: { before?: Record<string, (page: Page) => Promise<void>>; sample?: Record<string, number> } = {},
) {
  const failures: string[] = [];
  let total = 0;
  for (const path of paths)
    for (const run of runs(path)) {
      total++;
      const expected = await fillAroundHydration(page, url(path), run, { before: before?.[path], sample: sample?.[path] });
      const missing = await lost(page, expected);
      if (missing.length) failures.push(`${run.label}: ${missing.join("; ")}`);
    }
  console.log(`typed around hydration: ${total - failures.length} of ${total} runs kept everything`);
  return failures;
}

describe("nothing typed is lost while React loads and hydrates", () => {
  it("keeps what is typed, pasted and chosen in the public forms", { timeout: 120_000 }, async () => {
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 900 } });
    const openProfile = async (page: Page) => {
      await page
        .getByRole("button", { name: /Download Company Profile/i })
        .first()
        .click();
      await page.locator("dialog[open]").waitFor();
    };
    const failures = await sweep(
      page,
      (path) => `${server.url}${path}`,
      ["/contact", "/free-audit", "/free-ai-assessment", "/get-started", "/calendar", "/blog", "/about"],
      { before: { "/about": openProfile } },
    );
    expect(failures).toEqual([]);
  });

  describe("the inbox", () => {
    beforeAll(async () => {
      await createUser(server.dataDir, ADMIN, PASSWORD);
      const answer = await postLead(server, "/contact", {
        name: "Thandi Nkosi",
        email: "thandi@example.co.za",
        company: "Nkosi Logistics",
        website: "nkosi.co.za",
        budget: "6.5k-12.4k",
        service: "linkedin-ads",
        message: "Typed with care.",
        ...enhanced(await solveAltcha(server)),
      });
      expect(answer.status).toBe(200);
    });

    it("keeps what is typed on the sign-in page", { timeout: 60_000 }, async () => {
      const { page } = await browser.openPage({ viewport: { width: 1280, height: 900 } });
      expect(await sweep(page, (path) => `${server.url}${path}`, ["/admin/login"])).toEqual([]);
    });

    it("keeps what is typed in the inbox's forms, and the article editor saves it", { timeout: 180_000 }, async () => {
      const { page } = await browser.openPage({ viewport: { width: 1280, height: 900 } });
      await signIn(page, server.url, ADMIN, PASSWORD);
      const leadId = (await page.locator('a[href^="/admin/leads/"]').first().getAttribute("href"))!.split("/").pop()!;
      // A saved article, its body not empty: the body React's hydration put back (issue 41).
      await page.goto(`${server.url}/admin/articles/new`);
      await page.getByLabel("Title", { exact: true }).fill("Typed before React");
      await page.getByLabel("Slug", { exact: true }).fill("typed-before-react");
      await page.getByLabel("Excerpt", { exact: true }).fill("What a person types is what is saved.");
      await page.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
      await page.getByLabel("Author", { exact: true }).selectOption({ index: 1 });
      await page.getByLabel("Body (Markdown)").fill("## Saved\n\nThe saved body.");
      await page.getByRole("button", { name: "Save as draft" }).click();
      await page.waitForURL(/\/admin\/articles\/\d+/);
      const articleId = page.url().split("/").pop()!.split("?")[0]!;

      // The site-content editors' fields are drawn from their maps by shared components (decision 0052):
      // a random dozen of each layout's (groups of tiers; a list, as the team's and the badges' are; a
      // list with a file input, posted as multipart; a fixed set).
      const siteEditors = ["/admin/pricing", "/admin/testimonials", "/admin/case-studies", "/admin/figures"];
      const failures = await sweep(
        page,
        (path) => `${server.url}${path}`,
        [
          "/admin",
          `/admin/leads/${leadId}`,
          `/admin/articles/${articleId}`,
          "/admin/articles/new",
          "/admin/account",
          "/admin/users",
          "/admin/forget",
          ...siteEditors,
        ],
        { sample: Object.fromEntries(siteEditors.map((path) => [path, 12])) },
      );

      // Typed around hydration, then saved: the saved article holds every character. Once in random
      // moments; once key by key straight through the moment React hydrates, with its scripts slowed.
      const body = page.getByLabel("Body (Markdown)");
      const articleUrl = `${server.url}/admin/articles/${articleId}`;
      const savedBody = async () => {
        // The save's own answer: the excerpt's text ("…what is saved.") holds "Saved." as any-case words.
        const saved = page.waitForResponse(
          (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith(new URL(articleUrl).pathname),
        );
        await page.getByRole("button", { name: "Save", exact: true }).click();
        expect((await saved).status()).toBeLessThan(300);
        await expect.poll(() => page.getByText("Saved.", { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
        const html = await page.evaluate(async (url) => (await fetch(url)).text(), articleUrl);
        return /<textarea[^>]*id="body"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1]?.replace(/^\n/, "").replaceAll("\r\n", "\n");
      };
      const [random, straight] = runs("save", 2);
      const expected = await fillAroundHydration(page, articleUrl, random!, { only: ["#title", "#excerpt", "#body"] });
      const typedBody = expected.find((field) => field.selector === "#body")!.value!;
      expect(await savedBody(), `${random!.label}: the saved body`).toBe(typedBody);

      await page.route(APP_SCRIPTS, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, straight!.rng.between(200, 600)));
        await route.continue().catch(() => undefined);
      });
      await page.goto(articleUrl);
      const before = await body.inputValue();
      await body.click();
      await page.keyboard.press("ControlOrMeta+End");
      const text = " typed key by key while React came, hydrated, and was there.";
      await page.keyboard.type(text, { delay: 15 });
      await page.waitForFunction(() => (window as unknown as Record<string, boolean>).__hydratedForTests === true);
      expect(await body.inputValue(), "typed straight through hydration").toBe(before + text);
      expect(await savedBody(), "typed straight through hydration: the saved body").toBe(before + text);
      expect(failures).toEqual([]);
    });
  });
});
