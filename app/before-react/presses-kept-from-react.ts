/**
 * While React hydrates, presses outside a form field are kept from it (docs/decisions/0053,
 * app/before-react/README.md): the browser and the loader answer them, as before React arrived.
 */
import { HYDRATED_EVENT } from "#app/before-react/hydration-on-intent.ts";

/**
 * What a press is made of. React hydrates the whole document at once, in the
 * press's own task, when one of these reaches it before hydration is done: the
 * press then waits for all of it (issue 41). Typing and choosing (input, change)
 * are not among them, and neither is any event in a form field: React must see
 * those, so that nothing typed or chosen is lost.
 */
const PRESS_EVENTS = new Set([
  "pointerdown",
  "pointerup",
  "pointercancel",
  "mousedown",
  "mouseup",
  "click",
  "auxclick",
  "dblclick",
  "contextmenu",
  "touchstart",
  "touchend",
  "touchcancel",
  "focusin",
  "focusout",
  "keydown",
  "keyup",
  "keypress",
]);
const FIELD = "input, textarea, select, label, [contenteditable]";

/**
 * Until the root layout's first effect (HYDRATED_EVENT), React's own document
 * listeners ignore a press outside a form field: the browser answers it
 * (details, invoker commands, links, a form's post), the loader holds one
 * declared `held` and presses it again once hydrated. Only the listeners
 * React adds in `hydrateRoot` are wrapped; the page's others see every press.
 */
export function hydrateWithPressesKeptFromReact(hydrate: () => void) {
  let hydrated = false;
  addEventListener(HYDRATED_EVENT, () => (hydrated = true), { once: true });
  // A person's press; not the loader's press again of a held control (`click()`, untrusted), which is for React.
  const pressBeforeHydrated = (event: Event) =>
    !hydrated && event.isTrusted && PRESS_EVENTS.has(event.type) && !(event.target instanceof Element && event.target.closest(FIELD));
  const add = document.addEventListener;
  document.addEventListener = function (
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ) {
    const react = listener;
    if (PRESS_EVENTS.has(type) && typeof react === "function")
      listener = function (this: Document, event: Event) {
        if (!pressBeforeHydrated(event)) react.call(this, event);
      };
    add.call(this, type, listener, options);
  };
  try {
    hydrate();
  } finally {
    document.addEventListener = add;
  }
}
