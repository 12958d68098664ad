import { cn } from "#app/lib/cn.ts";
import { consentDom } from "#app/before-react/consent-dom.ts";

/** The browser opens the dialog before the consent script has come (decisions 0025, 0043); hidden without JavaScript. */
export function CookieSettingsButton({ className }: { className?: string }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      {...{ [consentDom.openSettings]: "" }}
      commandfor={consentDom.dialog}
      command="show-modal"
      className={cn("underline underline-offset-2 hover:text-white [@media(scripting:none)]:hidden", className)}
    >
      Cookie settings
    </button>
  );
}
