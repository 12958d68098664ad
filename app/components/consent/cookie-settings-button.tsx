import { cn } from "~/lib/cn";
import { consentDom } from "./consent-dom";
import { answeredWithoutReact } from "~/lib/hydration-on-intent";

/**
 * Reopens Cookie Settings at any time, so a choice can be changed or withdrawn
 * (through the consent script, before hydration too). Without JavaScript there
 * is nothing to consent to and the button could do nothing: it is not shown.
 */
export function CookieSettingsButton({ className }: { className?: string }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      {...{ [consentDom.openSettings]: "" }}
      {...answeredWithoutReact}
      className={cn("underline underline-offset-2 hover:text-white [@media(scripting:none)]:hidden", className)}
    >
      Cookie settings
    </button>
  );
}
