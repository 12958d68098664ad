/**
 * Hydration after first paint (docs/decisions/0011).
 *
 * Every page is complete HTML that works without JavaScript, so the browser's
 * first job is to paint it. React Router's <Scripts> asks for the hydration
 * bundle (twenty-odd module preloads and a module script) as the document is
 * parsed, which on a slow mobile connection makes those scripts compete with
 * the stylesheet and font for the first paint. The server entry writes them in
 * an inert form (`inertHydrationScripts`), and the tiny inline script below
 * turns them back into real ones once the page has painted.
 */

/** A `rel` no browser acts on: the module preloads wait under it. */
export const INERT_PRELOAD_REL = "modulepreload-after-paint";
/**
 * A `type` no browser runs: React Router's module script waits under it. A MIME
 * type that is not JavaScript's makes the script a data block, which is valid
 * HTML (a bare word is not: the Nu HTML Checker wants a subtype).
 */
export const INERT_MODULE_TYPE = "text/x-module-after-paint";

/**
 * Runs as the document is parsed (it follows <Scripts>): once the browser
 * reports the first contentful paint, it asks for the preloads and starts the
 * module script. Where paint timing is missing it waits for the next frame;
 * the timer covers a page that does not paint, such as one opened in a
 * background tab.
 */
export const scriptsAfterPaint = `(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const inert of document.querySelectorAll('link[rel="${INERT_PRELOAD_REL}"]')) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = inert.getAttribute("href");
      inert.replaceWith(link);
    }
    for (const inert of document.querySelectorAll('script[type="${INERT_MODULE_TYPE}"]')) {
      const script = document.createElement("script");
      script.type = "module";
      script.nonce = inert.nonce;
      script.textContent = inert.textContent;
      inert.replaceWith(script);
    }
  };
  if (typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      setTimeout(start);
    }).observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start));
  }
  setTimeout(start, 3000);
})();`;
