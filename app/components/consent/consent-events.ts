/**
 * Lets any part of the page (the footer's Cookie settings button) open the
 * Cookie Settings dialog that <CookieConsent> owns.
 */
const openers = new Set<() => void>();

export function openCookieSettings(): void {
  for (const open of openers) open();
}

export function onOpenCookieSettings(open: () => void): () => void {
  openers.add(open);
  return () => openers.delete(open);
}
