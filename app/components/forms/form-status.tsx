import { Icon } from "#app/components/ui/icon.tsx";
import type { ReactNode } from "react";
import type { LeadResult } from "#app/forms/lead-result.ts";
import { cn } from "#app/lib/cn.ts";

/** With JavaScript the same answer is a toast. */
export function FormStatus({ result, children, className }: { result?: LeadResult; children?: ReactNode; className?: string }) {
  if (!result) return null;
  const hasFieldErrors = !result.ok && Object.keys(result.fieldErrors ?? {}).length > 0;
  const icon = result.ok ? "circle-check" : "circle-exclamation-point";
  return (
    <div
      role={result.ok ? "status" : "alert"}
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={!hasFieldErrors}
      className={cn(
        "flex gap-3 rounded-lg border p-4 text-sm focus:outline-2 focus:outline-offset-2",
        result.ok ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-red-300 bg-red-50 text-red-900",
        className,
      )}
    >
      <Icon name={icon} className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{result.title}</p>
        <p className="mt-1">{result.message}</p>
        {children}
      </div>
    </div>
  );
}
