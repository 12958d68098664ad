/**
 * The end of a public page's body: the same scripts as every page's
 * (body-script.ts), then attribution (decision 0019), which the inbox's pages
 * go without. One inline script, one CSP hash (decision 0043).
 */
import "#app/before-react/body-page-script.ts";
import "#app/before-react/attribution-page-script.ts";
