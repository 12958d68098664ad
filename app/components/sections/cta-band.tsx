import type { ReactNode } from "react";
import type { Stat } from "#app/content/stats.ts";

/** A closing call to action on a dark brand band, with optional trust figures. */
export function CtaBand({
  id,
  title,
  lead,
  stats,
  children,
}: {
  id: string;
  title: string;
  lead: string;
  stats?: readonly Stat[];
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="bg-gradient-to-br from-brand-800 via-brand-900 to-ink py-16 sm:py-20">
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
        <h2 id={id} className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-brand-100">{lead}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
        {stats && (
          <ul className="mt-12 grid grid-cols-3 gap-4 border-t border-white/15 pt-8">
            {stats.map((stat) => (
              <li key={stat.label} className="flex flex-col">
                <span className="text-2xl font-extrabold text-white sm:text-3xl">{stat.value}</span>{" "}
                <span className="mt-1 text-sm text-brand-100">{stat.label}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
