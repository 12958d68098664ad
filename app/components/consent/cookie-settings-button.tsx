import { cn } from "#app/lib/cn.ts";
import { consentDom } from "#app/before-react/consent-dom.ts";

/**
 * Reopens Cookie Settings at any time, so a choice can be changed or withdrawn.
 * The browser opens the dialog (an invoker command, decision 0025) before the
 * consent script has come (decision 0043), which then shows the saved choice in
 * it. Without JavaScript there is nothing to consent to: it is not shown.
 */
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
