import { CookieBanner } from "#app/components/consent/cookie-banner.tsx";
import { CookieSettingsDialog } from "#app/components/consent/cookie-settings-dialog.tsx";

/**
 * The cookie banner and Cookie Settings dialog (SPEC.md sections 2, 4 and 5):
 * plain HTML, hidden until the consent script shows them
 * (consent-page-script.ts, docs/decisions/0018). Nothing here waits for hydration,
 * and React never changes what the script sets: the markup has no state. The
 * script is a file the page asks for once it has loaded (decision 0043,
 * app/before-react/page-scripts.tsx).
 */
export function CookieConsent() {
  return (
    <>
      <CookieBanner />
      <CookieSettingsDialog />
    </>
  );
}
