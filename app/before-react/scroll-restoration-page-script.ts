/**
 * React Router's <ScrollRestoration> script, written so that a new page pays
 * nothing for it while it is parsed and painted (see scroll-restoration.tsx):
 * bundled on its own at build (`?inline-script`) and written by the server.
 *
 * A history entry the app has seen carries a key, under which the app saved
 * its scroll position in sessionStorage: a reload or a return to it restores
 * the position before the first paint, as React Router's own script does. A
 * new entry has no position to restore; it only needs a key before React loads,
 * which it gets once the page has loaded, or at once when the visitor acts
 * (React loads on the visitor's first sign of intent, decision 0021). React
 * Router's script reads sessionStorage and replaces the history state on every
 * load, and each waits on the browser's own process (decision 0024).
 */
import { INTENT_EVENTS } from "#app/before-react/hydration-on-intent.ts";

/** React Router's own (SCROLL_RESTORATION_STORAGE_KEY): its hook saves the positions there. */
const STORAGE_KEY = "react-router-scroll-positions";

const key = (history.state as { key?: unknown } | null)?.key;
if (typeof key === "string") {
  let positions: string | null = null;
  try {
    positions = sessionStorage.getItem(STORAGE_KEY);
  } catch {
    // Blocked storage keeps no positions.
  }
  try {
    const saved: unknown = positions ? JSON.parse(positions)[key] : undefined;
    if (typeof saved === "number") scrollTo(0, saved);
  } catch (error) {
    // Unreadable positions are logged and dropped, as React Router does.
    console.error(error);
    sessionStorage.removeItem(STORAGE_KEY);
  }
} else {
  const giveKey = () => {
    if (typeof (history.state as { key?: unknown } | null)?.key !== "string")
      history.replaceState({ ...history.state, key: Math.random().toString(32).slice(2) }, "");
  };
  for (const type of INTENT_EVENTS) addEventListener(type, giveKey, { capture: true, passive: true, once: true });
  addEventListener("load", () => setTimeout(giveKey), { once: true });
}
