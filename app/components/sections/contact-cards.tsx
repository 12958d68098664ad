import { Icon } from "#app/components/ui/icon.tsx";
import type { ContactCard } from "#app/content/contact.ts";

/** Ways to reach us; the whole card is the link. */
export function ContactCards({ cards }: { cards: readonly ContactCard[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {cards.map((card) => {
        return (
          <li key={card.title}>
            <a
              href={card.href}
              className="flex h-full flex-col items-center rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-brand-600"
            >
              <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon name={card.icon} className="size-6" />
              </span>
              <span className="mt-4 text-lg font-semibold text-ink">{card.title}</span>
              <span className="mt-1 font-medium break-all text-brand-700">{card.detail}</span>
              <span className="mt-2 text-sm text-slate-600">{card.description}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
