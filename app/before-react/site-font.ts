/**
 * The site's font, Inter, paints only where it is already in the browser's cache (decision 0041):
 * `<html>` carries this class from the first paint of a page reached from another of the site's
 * pages, and from a client-side navigation on. Without it, text is drawn in a system face
 * metric-matched to Inter (`app/app.css`), and the font is fetched after the first paint, for the
 * next page: nothing waits for it, and no page changes its font once painted.
 */
export const SITE_FONT_CLASS = "site-font";

/** Stands for the font's address in the head's script (`site-font-page-script.ts`); the root puts the address in its place. */
export const SITE_FONT_URL = "SITE_FONT_URL";
