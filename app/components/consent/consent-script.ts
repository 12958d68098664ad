import {
  BANNER_DELAY_MS,
  CONSENT_CHOICE_EVENT,
  CONSENT_STORAGE_KEY,
  type ConsentChoices,
  type ConsentRules,
  consentRules,
  consentRuleSettings,
  type Gtag,
  PARSE_ERROR_MESSAGE,
} from "~/lib/consent";
import { consentDom } from "./consent-dom";

/**
 * The cookie banner's and Cookie Settings' behaviour, as a classic inline
 * script (docs/decisions/0018). The banner and the dialog are in the page's
 * HTML (cookie-consent.tsx); this script, run as the page is parsed, shows the
 * banner BANNER_DELAY_MS after the load event and answers every button from
 * the first click, whether or not the hydration scripts have run yet: nothing
 * here waits for React.
 */

interface PageSettings {
  storageKey: string;
  delayMs: number;
  parseErrorMessage: string;
  choiceEvent: string;
  dom: typeof consentDom;
}

/**
 * Self-contained (its source is inlined): uses nothing but its arguments and the browser.
 */
function consentPage(rules: ConsentRules, s: PageSettings) {
  const { dom } = s;
  const banner = document.getElementById(dom.banner);
  const dialog = document.getElementById(dom.dialog) as HTMLDialogElement | null;
  if (!banner || !dialog) return;
  const gtag = () => (window as unknown as { gtag?: Gtag }).gtag;
  const signals = { globalPrivacyControl: (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true };
  const none: ConsentChoices = { analytics: false, marketing: false, functional: false };
  /** What this page has granted Google's tag, so a withdrawal can be sent. */
  let granted = none;
  let saved: ConsentChoices | null = null;

  /** Google's tag (consent-config.js, deferred) is defined once the document is parsed. */
  const whenParsed = (run: () => void) =>
    document.readyState === "loading" ? document.addEventListener("DOMContentLoaded", run, { once: true }) : run();
  const apply = (choices: ConsentChoices) =>
    whenParsed(() => {
      rules.sendConsentUpdates(gtag(), choices, granted);
      granted = choices;
    });

  try {
    const stored = rules.parseStoredConsent(localStorage.getItem(s.storageKey), new Date());
    if (stored.status === "invalid") console.error(s.parseErrorMessage, stored.error);
    if (stored.status === "valid") saved = rules.choicesOf(stored.preferences);
  } catch {
    // Storage is blocked: ask on every visit.
  }
  if (saved) apply(saved);

  for (const note of document.querySelectorAll<HTMLElement>(`[${dom.gpcNote}]`)) note.hidden = !signals.globalPrivacyControl;

  const show = () => {
    if (!saved) banner.hidden = false;
  };
  if (document.readyState === "complete") setTimeout(show, s.delayMs);
  else addEventListener("load", () => setTimeout(show, s.delayMs), { once: true });

  const switches = () => Array.from(dialog.querySelectorAll<HTMLElement>(`[${dom.category}]`));
  const setSwitch = (control: HTMLElement, on: boolean) => {
    control.setAttribute("aria-checked", String(on));
    control.dataset.state = on ? "checked" : "unchecked";
  };

  /** The visitor's choice: saved, sent to Google's tag, and the banner and dialog closed. */
  function choose(choices: ConsentChoices) {
    try {
      localStorage.setItem(s.storageKey, JSON.stringify(rules.toPreferences(choices, new Date())));
    } catch {
      // Storage is blocked: the choice still holds for this page.
    }
    saved = choices;
    apply(choices);
    banner!.hidden = true;
    if (dialog!.open) dialog!.close();
    dispatchEvent(new CustomEvent(s.choiceEvent, { detail: choices }));
  }

  let opener: Element | null = null;
  function openSettings() {
    const start = saved ?? rules.acceptAllChoices(signals);
    for (const control of switches()) setSwitch(control, start[control.getAttribute(dom.category) as keyof ConsentChoices]);
    opener = document.activeElement;
    dialog!.showModal();
  }
  dialog.addEventListener("close", () => {
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    opener = null;
  });

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const choice = target?.closest(`[${dom.choice}]`);
    if (choice) return choose(choice.getAttribute(dom.choice) === "accept" ? rules.acceptAllChoices(signals) : none);
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

/** A function's source without its comments and indentation: every page carries it. */
function compact(fn: (...args: never[]) => unknown): string {
  return fn
    .toString()
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("//"))
    .join("\n");
}

/** An expression giving the rules of app/lib/consent.ts, built from that module's own function and settings. */
export function consentRulesSource(): string {
  return `(${compact(consentRules)})(${JSON.stringify(consentRuleSettings)})`;
}

/** The inline script's source: the rules and the behaviour above, with this site's settings. */
export function consentScript(): string {
  const settings: PageSettings = {
    storageKey: CONSENT_STORAGE_KEY,
    delayMs: BANNER_DELAY_MS,
    parseErrorMessage: PARSE_ERROR_MESSAGE,
    choiceEvent: CONSENT_CHOICE_EVENT,
    dom: consentDom,
  };
  return `(${compact(consentPage)})(${consentRulesSource()},${JSON.stringify(settings)});`;
}
