/**
 * The visitor's saved choice, given to Google's tag right after its defaults
 * in the head (analytics.ts), before the tag sends anything: bundled on its own
 * at build (`?inline-script`) and written into the analytics script by the
 * server. The banner's script comes after the load (decision 0043), too late
 * for a returning visitor's first hits. A page with Google's tag reads storage
 * as it is parsed for this, as it did before (decision 0024 weighs it).
 */
import { CONSENT_STORAGE_KEY, choicesOf, type Gtag, parseStoredConsent, sendConsentUpdates } from "#app/lib/consent.ts";

try {
  const stored = parseStoredConsent(localStorage.getItem(CONSENT_STORAGE_KEY), new Date());
  if (stored.status === "valid") sendConsentUpdates((window as unknown as { gtag?: Gtag }).gtag, choicesOf(stored.preferences));
} catch {
  // Storage is blocked: nothing was saved.
}
