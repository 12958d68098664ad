import { lazy, Suspense, useEffect, useRef, useState } from "react";
import {
  acceptAllChoices,
  BANNER_DELAY_MS,
  choicesOf,
  CONSENT_CHOICE_EVENT,
  CONSENT_STORAGE_KEY,
  type ConsentChoices,
  type Gtag,
  PARSE_ERROR_MESSAGE,
  parseStoredConsent,
  type PrivacySignals,
  REJECT_ALL,
  sendConsentUpdates,
  serializeConsent,
  toPreferences,
} from "~/lib/consent";
import { onOpenCookieSettings } from "./consent-events";

declare global {
  interface Window {
    /** Defined by the analytics script only when GA_MEASUREMENT_ID is set. */
    gtag?: Gtag;
  }
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
}

// Neither is needed for first paint: the banner loads while its delay runs, the dialog on demand.
const loadBanner = () => import("./cookie-banner");
const CookieBanner = lazy(loadBanner);
const CookieSettingsDialog = lazy(() => import("./cookie-settings-dialog"));

/** The saved choice if it still counts; an unreadable one is logged and ignored (SPEC.md section 8). */
function savedChoices(): ConsentChoices | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    // Storage is blocked: ask on every visit.
    return null;
  }
  const stored = parseStoredConsent(raw, new Date());
  if (stored.status === "invalid") console.error(PARSE_ERROR_MESSAGE, stored.error);
  return stored.status === "valid" ? choicesOf(stored.preferences) : null;
}

/**
 * The cookie banner and Cookie Settings dialog (SPEC.md sections 2, 4 and 5).
 * Renders nothing on the server or before hydration, so it never delays first
 * paint, and floats over the page, so it never shifts it.
 */
export function CookieConsent() {
  const [bannerOpen, setBannerOpen] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  const [saved, setSaved] = useState<ConsentChoices | null>(null);
  const [signals, setSignals] = useState<PrivacySignals>({ globalPrivacyControl: false });
  // What this page has granted Google's tag, so a withdrawal can be sent.
  const granted = useRef<ConsentChoices>(REJECT_ALL);
  const opener = useRef<HTMLElement | null>(null);

  function apply(choices: ConsentChoices) {
    sendConsentUpdates(window.gtag, choices, granted.current);
    granted.current = choices;
  }

  useEffect(() => {
    setSignals({ globalPrivacyControl: navigator.globalPrivacyControl === true });
    const choices = savedChoices();
    if (choices) {
      setSaved(choices);
      apply(choices);
      return;
    }
    void loadBanner();
    const timer = window.setTimeout(() => setBannerOpen(true), BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  function openSettings() {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialogWanted(true);
    setDialogOpen(true);
  }

  useEffect(() => onOpenCookieSettings(openSettings), []);

  function choose(choices: ConsentChoices) {
    try {
      window.localStorage.setItem(CONSENT_STORAGE_KEY, serializeConsent(toPreferences(choices, new Date())));
    } catch {
      // Storage is blocked: the choice still holds for this page.
    }
    apply(choices);
    dispatchEvent(new CustomEvent(CONSENT_CHOICE_EVENT, { detail: choices }));
    setSaved(choices);
    setBannerOpen(false);
    setDialogOpen(false);
  }

  /** Radix returns focus only to its own trigger; these dialogs open from elsewhere. */
  function returnFocus(event: Event) {
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  }

  return (
    <>
      {bannerOpen && (
        <Suspense fallback={null}>
          <CookieBanner
            signals={signals}
            onAcceptAll={() => choose(acceptAllChoices(signals))}
            onRejectAll={() => choose(REJECT_ALL)}
            onOpenSettings={openSettings}
          />
        </Suspense>
      )}
      {dialogWanted && (
        <Suspense fallback={null}>
          <CookieSettingsDialog
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            initial={saved ?? acceptAllChoices(signals)}
            signals={signals}
            onSave={choose}
            onCloseAutoFocus={returnFocus}
          />
        </Suspense>
      )}
    </>
  );
}
