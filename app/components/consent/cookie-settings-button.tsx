import { cn } from "~/lib/cn";
import { consentDom } from "./consent-dom";

/** Reopens Cookie Settings at any time, so a choice can be changed or withdrawn (through the consent script, before hydration too). */
export function CookieSettingsButton({ className }: { className?: string }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      {...{ [consentDom.openSettings]: "" }}
      className={cn("underline underline-offset-2 hover:text-white", className)}
    >
      Cookie settings
    </button>
  );
}
