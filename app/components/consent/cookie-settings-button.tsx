import { cn } from "#app/lib/cn.ts";
import { consentDom } from "#app/components/consent/consent-dom.ts";
import { firstPress } from "#app/lib/hydration-on-intent.ts";

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
      {...firstPress("script")}
      className={cn("underline underline-offset-2 hover:text-white [@media(scripting:none)]:hidden", className)}
    >
      Cookie settings
    </button>
  );
}
