/**
 * The inline script at the end of every page's body: the page scripts that
 * run as it is parsed, bundled in order into one (`?inline-script`), so the
 * page carries one CSP hash for them, not one each (decision 0043): scroll
 * restoration, then the loader of hydration on intent (decision 0021).
 * Imported by nothing else: its modules act as they run.
 */
import "#app/before-react/scroll-restoration-page-script.ts";
import "#app/before-react/hydration-on-intent-page-script.ts";
