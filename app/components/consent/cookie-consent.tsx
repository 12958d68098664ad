import { CookieBanner } from "#app/components/consent/cookie-banner.tsx";
import { CookieSettingsDialog } from "#app/components/consent/cookie-settings-dialog.tsx";
import consentScript from "#app/components/consent/consent-page-script.ts?script-file";
import { AFTER_LOAD_SCRIPT } from "#app/lib/hydration-on-intent.ts";

/** Plain HTML the consent script drives, so nothing waits for hydration (docs/decisions/0018, 0043). */
export function CookieConsent() {
  return (
    <>
      <CookieBanner />
      <CookieSettingsDialog />
      <template {...{ [AFTER_LOAD_SCRIPT]: consentScript }} />
    </>
  );
}
