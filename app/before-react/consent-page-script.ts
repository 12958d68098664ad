// A script file asked for after the load (decisions 0018, 0043): nothing here waits for React; it acts as it runs.
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
import { consentDom } from "#app/before-react/consent-dom.ts";

const dom = consentDom;
const banner = document.getElementById(dom.banner);
const dialog = document.getElementById(dom.dialog);
// Nothing to do on a page without them.
if (banner && dialog instanceof HTMLDialogElement) consentPage(banner, dialog);

function consentPage(banner: HTMLElement, dialog: HTMLDialogElement) {
  const gtag = () => (window as unknown as { gtag?: Gtag }).gtag;
  const signals = { globalPrivacyControl: (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true };
  const none: ConsentChoices = { analytics: false, marketing: false, functional: false };
  /** So a withdrawal can be sent. */
  let granted = none;
  let saved: ConsentChoices | null | undefined;

  // Google's tag, when analytics is on, was defined in the head with the saved choice (analytics.ts).
  const apply = (choices: ConsentChoices) => {
    sendConsentUpdates(gtag(), choices, granted);
    granted = choices;
  };

  /** Read when first needed: this runs once the page has loaded (decision 0024). */
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
  // The head gave Google's tag the saved choice: a withdrawal must deny it again.
  if (gtag()) granted = savedChoice() ?? none;

  for (const note of document.querySelectorAll<HTMLElement>(`[${dom.gpcNote}]`)) note.hidden = !signals.globalPrivacyControl;

  const show = () => {
    if (!savedChoice()) banner.hidden = false;
  };
  // BANNER_DELAY_MS after the load event, however long after it this came (its end is 0 while it runs).
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const loadedAt = navigation?.loadEventEnd || performance.now();
  if (document.readyState === "complete") setTimeout(show, Math.max(0, loadedAt + BANNER_DELAY_MS - performance.now()));
  else addEventListener("load", () => setTimeout(show, BANNER_DELAY_MS), { once: true });

  const switches = () => Array.from(dialog.querySelectorAll<HTMLElement>(`[${dom.category}]`));
  const setSwitch = (control: HTMLElement, on: boolean) => {
    control.setAttribute("aria-checked", String(on));
    control.dataset.state = on ? "checked" : "unchecked";
  };

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

  const showChoice = () => {
    const start = savedChoice() ?? acceptAllChoices(signals);
    for (const control of switches()) setSwitch(control, start[control.getAttribute(dom.category) as keyof ConsentChoices]);
  };
  // Opened by the browser before this came: it shows the saved choice now.
  if (dialog.open) showChoice();

  let opener: Element | null = null;
  function openSettings(control: Element) {
    showChoice();
    // The browser's invoker command (or the loader's, where there is none) may have opened it already.
    if (dialog.open) opener ??= control;
    else {
      opener = document.activeElement;
      dialog.showModal();
    }
  }
  dialog.addEventListener("close", () => {
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    opener = null;
  });

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const choice = target?.closest(`[${dom.choice}]`);
    if (choice) return choose(choice.getAttribute(dom.choice) === "accept" ? acceptAllChoices(signals) : none);
    const settings = target?.closest(`[${dom.openSettings}]`);
    if (settings) return openSettings(settings);
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
