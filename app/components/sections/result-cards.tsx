import { Icon } from "#app/components/ui/icon.tsx";
import type { ResultMetric } from "#app/content/service-pages.ts";

/** What a service moves, one card per metric. */
export function ResultCards({ results }: { results: readonly ResultMetric[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {results.map((result) => (
        <li key={result.metric} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <Icon name="trending-up" className="size-6 text-accent-700" />
          <p className="mt-4 text-3xl font-extrabold text-brand-700">{result.value}</p>
          <h3 className="mt-1 font-semibold">{result.metric}</h3>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">{result.description}</p>
        </li>
      ))}
    </ul>
  );
}
