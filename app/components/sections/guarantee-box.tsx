import { Icon } from "#app/components/ui/icon.tsx";
import type { ReactNode } from "react";

/** A highlighted promise: a service's guarantee or the audit guarantee. */
export function GuaranteeBox({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-labelledby={id}
      className="flex flex-col gap-5 rounded-2xl border-2 border-accent-500 bg-emerald-50 p-6 sm:flex-row sm:items-start sm:p-8"
    >
      <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-accent-700 text-white">
        <Icon name="shield-check" className="size-7" />
      </span>
      <div>
        <h3 id={id} className="text-xl font-bold">
          {title}
        </h3>
        <div className="mt-2 leading-relaxed text-slate-700">{children}</div>
      </div>
    </div>
  );
}
