import { describe, expect, it } from "vitest";
import { servicePath, serviceSlugs } from "#app/content/services.ts";
import { hydrated } from "#tests/support/browser.ts";
import { useBrowser, useSharedServer } from "#tests/support/e2e.ts";

const browser = useBrowser();
const server = useSharedServer();

/**
 * An adopted section (`Section adopt`, `TierGrid`: `StaticHtml`, decision 0018) keeps the server's
 * HTML through hydration, so React never attaches anything inside it: a handler or a component with
 * state there would be dead after a page load. Arrived at by a client-side navigation, the same
 * sections are rendered by React; this lists what React would have attached inside each.
 */
const pagesWithAdoptedSections = ["/", "/about", "/services", "/pricing", ...serviceSlugs.map(servicePath)];

/** What needs React inside the page's adopted sections: a host element's handler, a component's state. */
function needsReact(): string[] {
  const found: string[] = [];
  const fiberOf = (element: Element) => {
    const key = Object.keys(element).find((name) => name.startsWith("__reactFiber$"));
    return key ? (element as unknown as Record<string, Fiber>)[key] : undefined;
  };
  interface Fiber {
    tag: number;
    type: unknown;
    memoizedProps: Record<string, unknown> | null;
    memoizedState: unknown;
    child: Fiber | null;
    sibling: Fiber | null;
  }
  const nameOf = (fiber: Fiber) =>
    typeof fiber.type === "string"
      ? fiber.type
      : ((fiber.type as { displayName?: string; name?: string } | null)?.name ?? String(fiber.tag));
  // React's work tags: 0 function, 1 class, 11 forwardRef, 14/15 memo; 5 a host element.
  const hostOf = (fiber: Fiber | null): Fiber | null => (fiber === null || fiber.tag === 5 ? fiber : hostOf(fiber.child));
  /** Allowed inside: a link (React Router's, which adopted HTML keeps as a plain anchor) and a nested StaticHtml. */
  const allowed = (fiber: Fiber) => {
    const host = hostOf(fiber.child);
    return (
      host !== null &&
      ((host.type === "a" && typeof host.memoizedProps?.href === "string") || host.memoizedProps?.["data-static"] !== undefined)
    );
  };
  const linkAnchors = new Set<Fiber>();
  const visit = (fiber: Fiber | null, section: string) => {
    for (; fiber; fiber = fiber.sibling) {
      if (fiber.tag !== 5 && allowed(fiber)) linkAnchors.add(hostOf(fiber.child)!);
      const handlers = Object.entries(fiber.memoizedProps ?? {}).filter(
        ([name, value]) => /^on[A-Z]/.test(name) && typeof value === "function",
      );
      if (fiber.tag === 5 && handlers.length > 0 && !linkAnchors.has(fiber))
        found.push(`${section}: <${nameOf(fiber)}> ${handlers.map(([name]) => name).join(", ")}`);
      if (fiber.tag === 1 || ([0, 11, 14, 15].includes(fiber.tag) && fiber.memoizedState !== null && !allowed(fiber)))
        found.push(`${section}: ${nameOf(fiber)} has state`);
      visit(fiber.child, section);
    }
  };
  const sections = document.querySelectorAll("[data-static]");
  sections.forEach((element, index) => {
    const label = element.closest("section[aria-labelledby]")?.getAttribute("aria-labelledby") ?? `adopted section ${index + 1}`;
    visit(fiberOf(element)?.child ?? null, label);
  });
  if (sections.length === 0) found.push("no adopted section on the page");
  return found;
}

describe("adopted sections hold nothing that needs React (decision 0018)", () => {
  it("on every page with adopted sections, rendered by React after a client-side navigation", { timeout: 120_000 }, async () => {
    const { page } = await browser.openPage();
    await page.goto(`${server.url}/contact`);
    await hydrated(page);
    const found: Record<string, string[]> = {};
    for (const path of pagesWithAdoptedSections) {
      await page.evaluate((to) => (window as any).__reactRouterDataRouter.navigate(to), path);
      await page.waitForFunction(
        (to) =>
          location.pathname === to && [...document.querySelectorAll("[data-static]")].some((section) => section.childElementCount > 0),
        path,
      );
      found[path] = await page.evaluate(needsReact);
    }
    expect(found).toEqual(Object.fromEntries(pagesWithAdoptedSections.map((path) => [path, []])));
  });
});
