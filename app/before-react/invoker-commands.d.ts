/**
 * Invoker commands (HTML's `command` and `commandfor`): a button opens or
 * closes a dialog by itself, with no script, so it works the moment the page
 * paints, before React and without JavaScript (decision 0025). Browsers
 * without them (before Chrome 135, Firefox 144, Safari 26.2) have the loader
 * run the command in the press's own task, and close a `closedby="any"` dialog
 * on a press outside it where `closedby` is missing (hydration-on-intent-page-script.ts).
 */

declare module "react" {
  // Merged with React's own declaration, whose type parameter it must repeat.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    command?: "show-modal" | "close" | "request-close";
    commandfor?: string;
  }
}

// A module, so that the declaration above merges with React's rather than replacing it.
export {};
