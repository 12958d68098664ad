import type { ProcessStep } from "#app/content/service-pages.ts";
import { cn } from "#app/lib/cn.ts";

/** Four steps numbered 01 to 04. */
export function ProcessSteps({ steps, inverse = false }: { steps: readonly ProcessStep[]; inverse?: boolean }) {
  return (
    <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((step) => (
        <li
          key={step.number}
          className={cn(
            "relative rounded-2xl p-6",
            inverse ? "bg-white/5 ring-1 ring-white/15" : "bg-white shadow-sm ring-1 ring-slate-200",
          )}
        >
          <span className={cn("text-4xl font-extrabold", inverse ? "text-emerald-300" : "text-brand-600")} aria-hidden="true">
            {step.number}
          </span>
          <h3 className={cn("mt-3 text-lg font-semibold", inverse && "text-white")}>
            <span className="sr-only">Step {step.number}: </span>
            {step.title}
          </h3>
          <p className={cn("mt-2 text-sm leading-relaxed", inverse ? "text-slate-300" : "text-slate-600")}>{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
