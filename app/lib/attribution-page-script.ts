/**
 * The inline script of every public page that keeps attribution (decision
 * 0019): bundled on its own at build (`?inline-script`, scripts/vite-inline-scripts.ts) and
 * written into the HTML by the server, so a page load is noted whether or not
 * the visitor ever makes React load (decision 0021). Imported by nothing else:
 * it acts as it runs.
 */
import { ATTRIBUTION_FIELD } from "./attribution.ts";
import { attributionForPost, notePageView } from "./attribution-client.ts";

notePageView();

// A form sent before hydration goes as the browser sends it: it carries the browser's touches too,
// in place of what the server saw. After hydration the app sets the same value itself.
addEventListener(
  "submit",
  (event) => {
    const field = event.target instanceof HTMLFormElement ? event.target.elements.namedItem(ATTRIBUTION_FIELD) : null;
    const attribution = attributionForPost();
    if (field instanceof HTMLInputElement && attribution) field.value = attribution;
  },
  true,
);
