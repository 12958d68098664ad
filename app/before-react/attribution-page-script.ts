/**
 * The inline script of every public page that keeps attribution (decision
 * 0019): bundled on its own at build (`?inline-script`, scripts/vite-inline-scripts.ts) and
 * written into the HTML by the server, so a page load is noted whether or not
 * the visitor ever makes React load (decision 0021). Imported by nothing else:
 * it acts as it runs.
 */
import { ATTRIBUTION_FIELD } from "#app/lib/attribution.ts";
import { attributionForPost, notePageView } from "#app/lib/attribution-client.ts";
import { INTENT_EVENTS } from "#app/before-react/hydration-on-intent.ts";
import { whenIdleAfterLoad } from "#app/before-react/when-idle-after-load.ts";

/**
 * The first read of the browser's storage waits on the browser's own process
 * (decision 0024): not while the page is parsed and painted, but
 * once it has loaded and the browser is idle, or at once when the visitor acts
 * (every click, key, post, hydration or departure comes after one of these).
 */
let noted = false;
function note() {
  if (noted) return;
  noted = true;
  notePageView();
}
for (const type of [...INTENT_EVENTS, "pagehide"]) addEventListener(type, note, { capture: true, passive: true, once: true });
document.addEventListener("visibilitychange", note, { once: true });
whenIdleAfterLoad(note);

// A form sent before hydration goes as the browser sends it: it carries the browser's touches too,
// in place of what the server saw. After hydration the app sets the same value itself.
addEventListener(
  "submit",
  (event) => {
    note();
    const field = event.target instanceof HTMLFormElement ? event.target.elements.namedItem(ATTRIBUTION_FIELD) : null;
    const attribution = attributionForPost();
    if (field instanceof HTMLInputElement && attribution) field.value = attribution;
  },
  true,
);
