import { cn } from "#app/lib/cn.ts";
import type { IconName } from "#app/lib/icon-names.ts";
// Hashed, immutably cached: fetched once for the whole site.
import spriteUrl from "#app/components/ui/icons.svg?no-inline";

export type { IconName } from "#app/lib/icon-names.ts";

/** Decorative: the text beside it says what it means. */
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
