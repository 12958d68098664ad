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
 * A press on a button that only React answers (the Services menu, an
 * accordion header, Share) can come before React is there: it is held, and
 * pressed again once the page has hydrated (HYDRATED_EVENT), so the first
 * press is never lost. A button the browser answers itself (an invoker
 * command: the mobile menu, decision 0025) is not held. A link followed or a form sent before then goes as the
 * browser sends it, which the site answers in full without JavaScript.
 */

/** A `rel` no browser acts on: the module preloads wait under it. */
export const INERT_PRELOAD_REL = "modulepreload-on-intent";
/**
 * A `type` no browser runs: React Router's module script waits under it. A MIME
 * type that is not JavaScript's makes the script a data block, which is valid
 * HTML (a bare word is not: the Nu HTML Checker wants a subtype).
 */
export const INERT_MODULE_TYPE = "text/x-module-on-intent";

/** Dispatched on `window` once React has hydrated the document (the root layout's first effect). */
export const HYDRATED_EVENT = "app-hydrated";

/** Signals that the visitor is about to act on the page. Scrolling is not one: reading needs no React. */
export const INTENT_EVENTS = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin"] as const;

/**
 * Markup whose buttons are answered by an inline script of their own (the
 * cookie banner and Cookie Settings, decision 0018): never held.
 */
export const ANSWERED_WITHOUT_REACT = "data-answered-without-react";
/** Spread on such markup: `<section {...answeredWithoutReact}>`. */
export const answeredWithoutReact = { [ANSWERED_WITHOUT_REACT]: "" };

/**
 * Links that React turns into something else (the intro video's play link
 * plays in place, Download Company Profile opens a dialog): held like a
 * button, so the first press does not leave the page; followed after all if
 * React has not come within HELD_LINK_TIMEOUT_MS (its scripts failed to load).
 */
export const HELD_UNTIL_HYDRATED = "data-held-until-hydrated";
export const heldUntilHydrated = { [HELD_UNTIL_HYDRATED]: "" };
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
