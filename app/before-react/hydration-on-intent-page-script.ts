/**
 * The inline loader of hydration on intent (hydration-on-intent.ts, decision
 * 0021): bundled on its own at build (`?inline-script`,
 * scripts/vite-inline-scripts.ts) and written by the server after <Scripts>,
 * so it runs as the document is parsed. `start` is idempotent; the listeners
 * are passive except the click one, which holds a press on a control declared
 * `held` (only React answers it) or `file` (a script file that comes after the
 * load answers it), showing at once that it heard it, and runs
 * invoker commands where the browser does not; a pointerdown one closes a `closedby="any"`
 * dialog on a press outside it where the browser has no `closedby`; a submit
 * one shows a form's own post heard. It also asks for the page's script files
 * that wait for the load (AFTER_LOAD_SCRIPT).
 */
import {
  AFTER_LOAD_SCRIPT,
  FIRST_PRESS,
  HELD_LINK_TIMEOUT_MS,
  HYDRATED_EVENT,
  INERT_MODULE_TYPE,
  INERT_PRELOAD_REL,
  INTENT_EVENTS,
  SCROLL_WHEN_OPENED,
} from "#app/before-react/hydration-on-intent.ts";
import { whenIdleAfterLoad } from "#app/before-react/when-idle-after-load.ts";

let started = false;
let hydrated = false;
/** The press held until React (`held`) or the page's script files (`file`) are there to answer it. */
let held: HTMLButtonElement | HTMLAnchorElement | null = null;
let heldFor: "held" | "file" | null = null;

/**
 * On the first sign of intent: React's scripts load once the browser has
 * painted its answer to that event (a press on Cookie settings or the menu
 * opens its dialog in that frame), so their work does not hold the frame up.
 */
function start() {
  if (started) return;
  started = true;
  for (const type of INTENT_EVENTS) removeEventListener(type, start, true);
  askAfterLoadScripts();
  requestAnimationFrame(() => setTimeout(load));
  // A hidden tab paints no frame. A timer instead fired before a loaded phone's frame and held it up.
  if (document.visibilityState === "hidden") load();
  else addEventListener("visibilitychange", load, { once: true });
}

let loading = false;

/** How many of React's inert preloads and scripts turn real in one task: each starts a fetch, thirty at once held the thread 40-140 ms on a phone. */
const LOAD_BATCH = 6;

/**
 * Turns React Router's inert preloads and module script into real ones, a
 * batch a task, so that a press that comes meanwhile is answered between them
 * (decision 0053). The module script comes last, as it did in the document.
 */
function load() {
  if (loading) return;
  loading = true;
  const inert = [
    ...document.querySelectorAll(`link[rel="${INERT_PRELOAD_REL}"]`),
    ...document.querySelectorAll<HTMLScriptElement>(`script[type="${INERT_MODULE_TYPE}"]`),
  ];
  const nextBatch = () => {
    for (const element of inert.splice(0, LOAD_BATCH)) element.replaceWith(realScriptOrPreload(element));
    if (inert.length) setTimeout(nextBatch);
  };
  nextBatch();
}

/** The real module preload or module script for an inert one. */
function realScriptOrPreload(inert: Element): Element {
  if (inert instanceof HTMLScriptElement) {
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = inert.nonce;
    script.textContent = inert.textContent;
    return script;
  }
  const link = document.createElement("link");
  link.rel = "modulepreload";
  link.href = inert.getAttribute("href") ?? "";
  return link;
}

let askedAfterLoadScripts = false;
/** Whether the page's script files that wait for the load have run (or failed: nothing is left to wait for). */
let afterLoadScriptsDone = false;

/** Asks for the page's script files that wait for the load (AFTER_LOAD_SCRIPT). */
function askAfterLoadScripts() {
  if (askedAfterLoadScripts) return;
  askedAfterLoadScripts = true;
  const templates = document.querySelectorAll(`template[${AFTER_LOAD_SCRIPT}]`);
  let pending = templates.length;
  const settled = (ran: boolean) => {
    if (--pending > 0) return;
    afterLoadScriptsDone = true;
    if (heldFor === "file") pressAgain(ran);
  };
  if (pending === 0) afterLoadScriptsDone = true;
  for (const template of templates) {
    const script = document.createElement("script");
    script.src = template.getAttribute(AFTER_LOAD_SCRIPT) ?? "";
    script.onload = () => settled(true);
    script.onerror = () => settled(false);
    document.body.append(script);
  }
}

for (const type of INTENT_EVENTS) addEventListener(type, start, { capture: true, passive: true });
whenIdleAfterLoad(askAfterLoadScripts);

addEventListener(
  "click",
  (event) => {
    if (!(event.target instanceof Element)) return;
    const control = event.target.closest<HTMLButtonElement | HTMLAnchorElement>("button, a");
    if (!control) return;
    if (control instanceof HTMLButtonElement && !("commandForElement" in HTMLButtonElement.prototype)) runCommand(control);
    const how = control.closest(`[${FIRST_PRESS}]`)?.getAttribute(FIRST_PRESS);
    const waitFor = how === "held" && !hydrated ? "held" : how === "file" && !afterLoadScriptsDone ? "file" : null;
    if (!waitFor) return;
    const link = control instanceof HTMLAnchorElement;
    // A new tab or window gets the page, as it would after hydration.
    if (link && (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    release();
    held = control;
    heldFor = waitFor;
    // Heard: the control shows it is busy (app.css) until React or the script answers it.
    control.setAttribute("aria-busy", "true");
    if (waitFor === "file") askAfterLoadScripts();
    else start();
    if (link)
      setTimeout(() => {
        if (hydrated || held !== control) return;
        release();
        location.assign(control.href);
      }, HELD_LINK_TIMEOUT_MS);
  },
  true,
);

/** Lets go of the held press, if any: it is no longer busy. */
function release() {
  held?.removeAttribute("aria-busy");
  held = null;
  heldFor = null;
}

/** Lets go of the held press and, when what it waited for has come, presses it again. */
function pressAgain(answer: boolean) {
  const control = held;
  release();
  if (answer && control?.isConnected) control.click();
}

/**
 * Invoker commands where the browser has none (before Chrome 135, Firefox 144,
 * Safari 26.2): the same dialog opens or closes in the press's own task, before
 * React and after it, so the first press is answered as soon as it would be.
 */
function runCommand(button: HTMLButtonElement) {
  const dialog = document.getElementById(button.getAttribute("commandfor") ?? "");
  if (!(dialog instanceof HTMLDialogElement)) return;
  const command = button.getAttribute("command");
  if (command === "show-modal" && !dialog.open) dialog.showModal();
  else if ((command === "close" || command === "request-close") && dialog.open) dialog.close();
}

/**
 * A `<details>` declared SCROLL_WHEN_OPENED (the pricing groups), opened by a
 * press on its summary, scrolls into view after its delay, before React as
 * after: the browser opens it as the press ends and closes the open one of its
 * `name` above it, which may push its top off the screen.
 */
let scrollTimer: ReturnType<typeof setTimeout> | undefined;
addEventListener(
  "click",
  ({ target }) => {
    const summary = target instanceof Element ? target.closest("summary") : null;
    const details = summary?.parentElement;
    // Still closed while the press is dispatched: the browser opens it after.
    if (!(details instanceof HTMLDetailsElement) || details.open || !details.hasAttribute(SCROLL_WHEN_OPENED)) return;
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(
      () => {
        if (!details.open) return;
        const reduceMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
        details.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
      },
      Number(details.getAttribute(SCROLL_WHEN_OPENED)),
    );
  },
  { capture: true, passive: true },
);

/**
 * `closedby="any"` where the browser has none (before Chrome 134, Firefox 141,
 * Safari 26.2): a press on the dialog's backdrop, outside its box, closes it,
 * as a menu closes on a press elsewhere. The press lands on the dialog element
 * itself whether on its padding or its backdrop, hence the box.
 */
addEventListener(
  "pointerdown",
  (event) => {
    const dialog = event.target;
    if ("closedBy" in HTMLDialogElement.prototype || !(dialog instanceof HTMLDialogElement)) return;
    if (!dialog.open || dialog.getAttribute("closedby") !== "any") return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  },
  { capture: true, passive: true },
);

/**
 * Before React, a form's own post is answered by the next page, a round trip
 * away: its submit button shows at once that it heard the press (app.css).
 * Restored from the back-forward cache, the page is no longer waiting.
 */
let posted: HTMLElement | null = null;
addEventListener("submit", (event) => {
  if (hydrated || event.defaultPrevented || !event.submitter) return;
  posted = event.submitter;
  posted.setAttribute("aria-busy", "true");
});
addEventListener("pageshow", (event) => event.persisted && posted?.removeAttribute("aria-busy"));

/**
 * Nothing typed before React is lost (decision 0048). React's hydration leaves
 * what was typed in an input or chosen in a select, but not a textarea whose
 * default is not empty (an article's saved body): it writes the default into
 * it, which moves the caret of one not typed in yet to the start, then sets its
 * value to the default, which undoes what was typed; and again if hydration
 * starts over (a press makes React hydrate at once). So a textarea met before
 * React (focused, typed in) is watched until React has hydrated, and after each
 * such write gets back, in the same task, what was typed in it and its caret.
 */
const met = new Map<HTMLTextAreaElement, { typed?: string; start: number; end: number }>();
/**
 * Gives each textarea React wrote its default into what the person left in it.
 * After React's effects (`effectsRan`), an input event tells them (the editor's preview).
 */
function giveBack(records: MutationRecord[], effectsRan = false) {
  for (const { target } of records) {
    const area = target as HTMLTextAreaElement;
    const left = met.get(area);
    if (!left) continue;
    if (left.typed !== undefined && area.value !== left.typed) {
      // Through React's own setter of the value, so that React takes it as the field's value too.
      area.value = left.typed;
      if (effectsRan) area.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (document.activeElement === area) area.setSelectionRange(left.start, left.end);
  }
}
const keeper = new MutationObserver((records) => giveBack(records));
const meet = ({ type, target: area }: Event) => {
  if (hydrated || !(area instanceof HTMLTextAreaElement)) return;
  if (!met.has(area)) keeper.observe(area, { childList: true });
  const typed = type === "input" ? area.value : met.get(area)?.typed;
  met.set(area, { typed, start: area.selectionStart, end: area.selectionEnd });
};
// Where the caret is: set by a press, a key or a selection; what is typed: each input.
for (const type of ["focusin", "pointerup", "keyup", "select", "input"]) addEventListener(type, meet, { capture: true, passive: true });

addEventListener(
  HYDRATED_EVENT,
  () => {
    hydrated = true;
    // Hydrated: a later change of a textarea's default is React's, for the field's new saved text.
    // A press can make React hydrate at once, in its own task: this comes before the observer's call.
    giveBack(keeper.takeRecords(), true);
    keeper.disconnect();
    met.clear();
    if (heldFor === "held") pressAgain(true);
  },
  { once: true },
);
