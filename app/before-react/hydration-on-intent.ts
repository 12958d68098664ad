/**
 * Hydration on intent (docs/decisions/0021, after 0011).
 *
 * Every page is complete HTML that works without JavaScript: links navigate,
 * forms post, the pricing panels and the video link work, the cookie banner
 * has its own inline script. Most visitors read and leave, so React is not
 * loaded until the visitor shows they are about to use the page: the pointer
 * over it, a touch, a key, focus moving in. The server entry writes React
 * Router's preloads and module script in an inert form
 * (`inertHydrationScripts`); a tiny inline script (hydration-on-intent-page-script.ts)
 * turns them back into real ones on the first such signal.
 *
 * A press on a control that only React answers (Share, the intro video's play)
 * can come before React is there: declared `held` (FIRST_PRESS), it is held,
 * shown busy at once, and pressed again once the page has hydrated
 * (HYDRATED_EVENT), so the first press is never lost. Everything else the
 * browser answers itself (details: the Services menu and the pricing groups;
 * invoker commands: the menu and the company profile dialog, decision 0025;
 * links; a form's own post), or an inline script of its own.
 */

/** A `rel` no browser acts on: the module preloads wait under it. */
export const INERT_PRELOAD_REL = "modulepreload-on-intent";
/**
 * A `type` no browser runs: React Router's module script waits under it. A MIME
 * type that is not JavaScript's makes the script a data block, which is valid
 * HTML (a bare word is not: the Nu HTML Checker wants a subtype).
 */
export const INERT_MODULE_TYPE = "text/x-module-on-intent";

/**
 * On an empty `<template>`, the path of a script file of the page that need not
 * run before it paints (the cookie banner's, decision 0043): the loader asks
 * for it once the page has loaded and the browser is idle, or at the first sign
 * of intent, so it is never among what the first paint waits for.
 */
export const AFTER_LOAD_SCRIPT = "data-script-after-load";

/**
 * On a `<details>`, a delay in ms: opened by a press (on its summary), it is
 * scrolled into view that long after, once what closed above it has closed
 * (the pricing groups, SPEC.md). The loader does it, before React and after.
 */
export const SCROLL_WHEN_OPENED = "data-scroll-when-opened";
/** Spread on the `<details>`: `<details {...scrollWhenOpened(100)}>`. */
export const scrollWhenOpened = (delayMs: number) => ({ [SCROLL_WHEN_OPENED]: delayMs });

/** Dispatched on `window` once React has hydrated the document (the root layout's first effect). */
export const HYDRATED_EVENT = "app-hydrated";

/** Signals that the visitor is about to act on the page. Scrolling is not one: reading needs no React. */
export const INTENT_EVENTS = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin"] as const;

/**
 * How a control answers its first press, declared on it or on markup around
 * it (app/before-react/README.md). Undeclared, the browser answers it: a link, a
 * form's own post, `<details>`, an invoker command (`commandfor`).
 * - `script`: an inline script of its own answers it (the order wizard's
 *   steps, decision 0042);
 * - `file`: a script file that comes after the load answers it (the cookie
 *   banner and Cookie Settings, AFTER_LOAD_SCRIPT, decision 0043): a press
 *   before it has run is held, shown busy at once, and pressed again once it has;
 * - `held`: only React answers it (Share, the intro video's play link): the
 *   loader holds the press, marks the control `aria-busy` at once (app.css
 *   shows it busy) and presses it again once the page has hydrated; a held link is followed after all if React has not come
 *   within HELD_LINK_TIMEOUT_MS (its scripts failed to load), so it never goes dead.
 * The e2e sweep (tests/e2e/first-press.test.ts) presses every control of every
 * public page before React and fails on one that does not answer within its
 * bound, or is declared held and not held.
 */
export const FIRST_PRESS = "data-first-press";
export type FirstPress = "script" | "file" | "held";
/** Spread on the control or its markup: `<button {...firstPress("held")}>`. */
export const firstPress = (how: FirstPress) => ({ [FIRST_PRESS]: how });
export const HELD_LINK_TIMEOUT_MS = 4000;

/**
 * Until React is there, a link followed is a document navigation: the browser
 * fetches a page the visitor is about to open (the pointer resting on its link,
 * or pressed) ahead of the click, so the navigation is served from memory.
 * Pages only: not the agency's inbox, not files (the PDF, the feed).
 */
// Pure: the inline scripts that import this module's names leave it out.
export const speculationRules = /* @__PURE__ */ JSON.stringify({
  prefetch: [
    {
      where: { and: [{ href_matches: "/*" }, { not: { href_matches: "/admin*" } }, { not: { href_matches: "/*\\.*" } }] },
      eagerness: "moderate",
    },
  ],
});
