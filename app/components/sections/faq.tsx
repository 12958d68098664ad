import { Icon } from "#app/components/ui/icon.tsx";
import type { FaqItem } from "#app/content/faq.ts";

/** Questions and answers as native disclosure widgets: keyboard and screen-reader friendly, no JavaScript. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {items.map((item) => (
        <details key={item.question} className="group px-6 py-5">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-semibold text-ink [&::-webkit-details-marker]:hidden">
            <h3 className="text-base">{item.question}</h3>
            <Icon name="chevron-down" className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
          </summary>
          <p className="mt-3 leading-relaxed text-slate-600">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
