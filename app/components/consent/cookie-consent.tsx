import { CookieBanner } from "#app/components/consent/cookie-banner.tsx";
import { CookieSettingsDialog } from "#app/components/consent/cookie-settings-dialog.tsx";

/** Plain HTML the consent script drives, so nothing waits for hydration (docs/decisions/0018, 0043, app/before-react/page-scripts.tsx). */
export function CookieConsent() {
  return (
    <>
      <CookieBanner />
      <CookieSettingsDialog />
    </>
  );
}
