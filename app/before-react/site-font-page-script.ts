/**
 * Decides before the first paint whether the page draws its text in the site's font (decision 0041,
 * `app/before-react/site-font.ts`). Written by the server into the head, before the stylesheet, with the
 * font's address for SITE_FONT_URL; it reads no storage (decision 0024).
 *
 * A page reached from one of the site's pages uses the font at once: that page fetched it; so does a
 * page reloaded or reached by back or forward, which may have been drawn in it before. Any other
 * page keeps the metric-matched system face and, once it has painted its first content, loaded and
 * gone idle (its largest paint is behind it), fetches the font into the cache without using it:
 * nothing on the way to the page's paints waits for it, and no text changes its font once painted.
 */
import { SITE_FONT_CLASS, SITE_FONT_URL } from "#app/before-react/site-font.ts";
import { whenIdleAfterLoad } from "#app/before-react/when-idle-after-load.ts";

// 1 and 2: a reload, back or forward (`performance.navigation`: the shortest way to say it, and pages count bytes).
if (document.referrer.startsWith(`${location.origin}/`) || performance.navigation.type)
  document.documentElement.classList.add(SITE_FONT_CLASS);
else
  new PerformanceObserver((paints, observer) => {
    if (!paints.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    // A face of its own name, added to no document: the file lands in the cache, no text changes.
    whenIdleAfterLoad(() => void new FontFace("c", `url(${SITE_FONT_URL})`).load());
  }).observe({ type: "paint", buffered: true });
