import { useNonce } from "#app/lib/build-stamps.ts";
import { CookieBanner } from "#app/components/consent/cookie-banner.tsx";
import { CookieSettingsDialog } from "#app/components/consent/cookie-settings-dialog.tsx";
import consentPageScript from "#app/components/consent/consent-page-script.ts?inline-script";

/**
 * The cookie banner and Cookie Settings dialog (SPEC.md sections 2, 4 and 5):
 * plain HTML, hidden until the consent script that follows them shows them
 * (consent-page-script.ts, docs/decisions/0018). Nothing here waits for hydration,
 * and React never changes what the script sets: the markup has no state.
 */
export function CookieConsent() {
  const nonce = useNonce();
  return (
    <>
      <CookieBanner />
      <CookieSettingsDialog />
      {/* Only the server writes the script (it runs once, as the page is parsed): its source stays out of the bundles. */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? consentPageScript : "" }} />
    </>
  );
}
