import { Icon } from "#app/components/ui/icon.tsx";
import { Link } from "react-router";
import type { AddOn } from "#app/content/pricing.ts";

/** Services that can be added to any plan, with their prices. */
export function AddOnList({ addOns }: { addOns: readonly AddOn[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-4">
      {addOns.map((addOn) => (
        <li
          key={addOn.service}
          className="flex w-full gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:w-[calc(50%-0.5rem)] lg:w-[calc((100%-2rem)/3)]"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Icon name="plus" className="size-5" />
          </span>
          <div>
            <h3 className="font-semibold">
              <Link to={`/services/${addOn.serviceSlug}`} className="hover:underline">
                {addOn.service}
              </Link>
            </h3>
            <p className="mt-1 text-lg font-bold text-brand-700">{addOn.price}</p>
            <p className="mt-1 text-sm leading-relaxed text-slate-600">{addOn.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
