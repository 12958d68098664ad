import { Icon } from "#app/components/ui/icon.tsx";
import { Link } from "react-router";
import { type ServiceCard, serviceSummary } from "#app/content/services.ts";

/** The service portfolio: each card links to its service page. */
export function ServiceCards({ cards, detailed = true }: { cards: readonly ServiceCard[]; detailed?: boolean }) {
  return (
    <ul className="flex flex-wrap justify-center gap-6">
      {cards.map((card) => {
        return (
          <li
            key={card.slug}
            className="group relative flex w-full flex-col rounded-2xl md:w-[calc(50%-0.75rem)] lg:w-[calc((100%-3rem)/3)] bg-white p-6 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md"
          >
            <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon name={serviceSummary(card.slug).icon} className="size-6" />
            </span>
            <h3 className="mt-5 text-xl font-semibold">
              <Link
                to={`/services/${card.slug}`}
                className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none group-focus-within:underline"
              >
                {card.title}
              </Link>
            </h3>
            <p className="mt-2 leading-relaxed text-slate-600">{card.description}</p>
            {detailed && (
              <ul className="mt-4 space-y-2 text-sm">
                {card.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Icon name="circle-check" className="mt-0.5 size-4 shrink-0 text-accent-700" />
                    {feature}
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-auto pt-6">
              <p className="inline-flex rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-accent-700">{card.results}</p>
              <div className="mt-4 flex items-center justify-between border-t border-slate-100 pt-4 text-sm">
                <span className="font-semibold text-ink">{card.pricingFrom}</span>
                <span className="inline-flex items-center gap-1 font-semibold text-brand-700" aria-hidden="true">
                  Learn more <Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-0.5" />
                </span>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
