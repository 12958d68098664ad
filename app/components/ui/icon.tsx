import { cn } from "~/lib/cn";
import type { IconName } from "~/lib/icon-names";
// A hashed asset with immutable caching: fetched once for the whole site.
import spriteUrl from "./icons.svg?no-inline";

export type { IconName } from "~/lib/icon-names";

/**
 * An icon from the site's sprite, decorative (hidden from assistive
 * technology: the text beside it says what it means). Stroke and size follow
 * lucide's defaults; `className` sets the size and colour as before.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn("lucide", className)}
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
