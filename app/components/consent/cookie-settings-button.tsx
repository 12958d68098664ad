import { cn } from "~/lib/cn";
import { openCookieSettings } from "./consent-events";

/** Reopens Cookie Settings at any time, so a choice can be changed or withdrawn. */
export function CookieSettingsButton({ className }: { className?: string }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className={cn("underline underline-offset-2 hover:text-white", className)}
      onClick={openCookieSettings}
    >
      Cookie settings
    </button>
  );
}
