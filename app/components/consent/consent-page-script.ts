/**
 * The cookie banner's and Cookie Settings' behaviour, as a classic inline
 * script (docs/decisions/0018): bundled on its own at build (`?inline-script`,
 * scripts/vite-inline-scripts.ts) and written by the server after the banner
 * and the dialog (cookie-consent.tsx). Run as the page is parsed, it shows the
 * banner BANNER_DELAY_MS after the load event and answers every button from
 * the first click, whether or not the hydration scripts have run yet: nothing
 * here waits for React. Imported by nothing else: it acts as it runs.
 */
import {
  acceptAllChoices,
  BANNER_DELAY_MS,
  CONSENT_CHOICE_EVENT,
  CONSENT_STORAGE_KEY,
  type ConsentChoices,
  choicesOf,
  type Gtag,
  PARSE_ERROR_MESSAGE,
  parseStoredConsent,
  sendConsentUpdates,
  toPreferences,
} from "#app/lib/consent.ts";
import { whenIdleAfterLoad } from "#app/lib/when-idle-after-load.ts";
import { consentDom } from "#app/components/consent/consent-dom.ts";

const dom = consentDom;
const banner = document.getElementById(dom.banner);
const dialog = document.getElementById(dom.dialog);
// Nothing to do on a page without them.
if (banner && dialog instanceof HTMLDialogElement) consentPage(banner, dialog);

function consentPage(banner: HTMLElement, dialog: HTMLDialogElement) {
  const gtag = () => (window as unknown as { gtag?: Gtag }).gtag;
  const signals = { globalPrivacyControl: (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true };
  const none: ConsentChoices = { analytics: false, marketing: false, functional: false };
  /** What this page has granted Google's tag, so a withdrawal can be sent. */
  let granted = none;
  /** The visitor's saved choice; undefined until first needed (savedChoice). */
  let saved: ConsentChoices | null | undefined;

  // Google's tag, when analytics is on, was defined in the head (decision 0023), before this script.
  const apply = (choices: ConsentChoices) => {
    sendConsentUpdates(gtag(), choices, granted);
    granted = choices;
  };

  /**
   * Read from storage when first needed, not as the page is parsed: the first
   * read waits on the browser's own process (decision 0024).
   */
  function savedChoice(): ConsentChoices | null {
    if (saved !== undefined) return saved;
    saved = null;
    try {
      const stored = parseStoredConsent(localStorage.getItem(CONSENT_STORAGE_KEY), new Date());
      if (stored.status === "invalid") console.error(PARSE_ERROR_MESSAGE, stored.error);
      if (stored.status === "valid") saved = choicesOf(stored.preferences);
    } catch {
      // Storage is blocked: ask on every visit.
    }
    return saved;
  }
  // Google's tag holds its first hits for the saved choice (analytics.ts): it gets it at once.
  const savedAtOnce = gtag() ? savedChoice() : null;
  if (savedAtOnce) apply(savedAtOnce);
  // Otherwise once the page has loaded and the browser is idle, so that the first press of Cookie
  // settings does not wait on storage either (decision 0024).
  whenIdleAfterLoad(savedChoice);

  for (const note of document.querySelectorAll<HTMLElement>(`[${dom.gpcNote}]`)) note.hidden = !signals.globalPrivacyControl;

  const show = () => {
    if (!savedChoice()) banner.hidden = false;
  };
  if (document.readyState === "complete") setTimeout(show, BANNER_DELAY_MS);
  else addEventListener("load", () => setTimeout(show, BANNER_DELAY_MS), { once: true });

  const switches = () => Array.from(dialog.querySelectorAll<HTMLElement>(`[${dom.category}]`));
  const setSwitch = (control: HTMLElement, on: boolean) => {
    control.setAttribute("aria-checked", String(on));
    control.dataset.state = on ? "checked" : "unchecked";
  };

  /** The visitor's choice: saved, sent to Google's tag, and the banner and dialog closed. */
  function choose(choices: ConsentChoices) {
    try {
      localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(toPreferences(choices, new Date())));
    } catch {
      // Storage is blocked: the choice still holds for this page.
    }
    saved = choices;
    apply(choices);
    banner.hidden = true;
    if (dialog.open) dialog.close();
    dispatchEvent(new CustomEvent(CONSENT_CHOICE_EVENT, { detail: choices }));
  }

  let opener: Element | null = null;
  function openSettings() {
    const start = savedChoice() ?? acceptAllChoices(signals);
    for (const control of switches()) setSwitch(control, start[control.getAttribute(dom.category) as keyof ConsentChoices]);
    opener = document.activeElement;
    dialog.showModal();
  }
  dialog.addEventListener("close", () => {
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    opener = null;
  });

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const choice = target?.closest(`[${dom.choice}]`);
    if (choice) return choose(choice.getAttribute(dom.choice) === "accept" ? acceptAllChoices(signals) : none);
    if (target?.closest(`[${dom.openSettings}]`)) return openSettings();
    const control = target?.closest<HTMLElement>(`[${dom.category}]`);
    if (control) setSwitch(control, control.getAttribute("aria-checked") !== "true");
  });
  document.addEventListener("submit", (event) => {
    if (!(event.target instanceof HTMLFormElement) || event.target.id !== dom.form) return;
    event.preventDefault();
    const choices = { ...none };
    for (const control of switches())
      choices[control.getAttribute(dom.category) as keyof ConsentChoices] = control.getAttribute("aria-checked") === "true";
    choose(choices);
  });
  // A modal dialog keeps the page inert, but Tab may still leave it for the browser's own controls: keep it inside.
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const focusable = Array.from(dialog.querySelectorAll<HTMLElement>("button:not([disabled])"));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
      event.preventDefault();
      (event.shiftKey ? last : first)?.focus();
    }
  });
}
