import { CircleAlert } from "lucide-react";
import { cn } from "~/lib/cn";
import type { BookingFailure } from "./schema";

/** A refused booking post's title and text (a rate limit reads "Too many attempts"), where the page shows it. */
export function FailureNotice({ failure, autoFocus, className }: { failure: BookingFailure; autoFocus?: boolean; className?: string }) {
  return (
    <div
      role="alert"
      tabIndex={-1}
      autoFocus={autoFocus}
      className={cn("flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900", className)}
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{failure.title}</p>
        <p className="mt-1">{failure.message}</p>
      </div>
    </div>
  );
}
