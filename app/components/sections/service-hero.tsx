import type { ReactNode } from "react";
import type { Stat } from "#app/content/stats.ts";
import { cn } from "#app/lib/cn.ts";

/** A service page's opening band: h1, lead, actions and four headline metrics, on a dark background. */
export function ServiceHero({
  eyebrow,
  title,
  lead,
  metrics,
  backdrop,
  aside,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  metrics: readonly Stat[];
  /** A decorative illustration behind the text. */
  backdrop?: ReactNode;
  /** Shown beside the text on wide screens (the ROI mascot). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-gradient-to-br from-ink via-brand-900 to-brand-800">
      {backdrop && <div className="absolute inset-0 -z-10 [&>svg]:size-full">{backdrop}</div>}
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className={cn(aside && "lg:grid lg:grid-cols-[1fr_auto] lg:items-center lg:gap-12")}>
          <div className="max-w-3xl">
            <p className="text-sm font-semibold tracking-wide text-emerald-300 uppercase">{eyebrow}</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-white sm:text-5xl">{title}</h1>
            <p className="mt-5 text-lg leading-relaxed text-slate-200">{lead}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">{children}</div>
          </div>
          {aside && <div className="mt-10 flex justify-center lg:mt-0">{aside}</div>}
        </div>
        <ul className="mt-12 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {metrics.map((metric) => (
            <li key={metric.label} className="flex flex-col rounded-2xl bg-white/10 p-5 ring-1 ring-white/15 backdrop-blur-sm">
              <span className="text-2xl font-extrabold text-white sm:text-3xl">{metric.value}</span>{" "}
              <span className="mt-1 text-sm text-slate-200">{metric.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
