/**
 * Invoker commands (HTML's `command` and `commandfor`): a button opens or
 * closes a dialog by itself, with no script, so it works the moment the page
 * paints, before React and without JavaScript (decision 0025). Browsers
 * without them (before Chrome 135, Firefox 144, Safari 26.2) have the loader
 * run the command in the press's own task (hydration-on-intent-page-script.ts).
 */

declare module "react" {
  // Merged with React's own declaration, whose type parameter it must repeat.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    command?: "show-modal" | "close" | "request-close";
    commandfor?: string;
  }
}

/** Whether this browser closes a dialog with `closedby="any"` on a press outside it. */
export const browserLightDismisses = () => typeof HTMLDialogElement !== "undefined" && "closedBy" in HTMLDialogElement.prototype;
