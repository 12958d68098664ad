import { Icon } from "#app/components/ui/icon.tsx";
import { getStartedHref, type PricingGroup, type PricingGroupKey } from "#app/content/pricing.ts";
import { serviceSummary } from "#app/content/services.ts";
import { TierCard, TierGrid } from "#app/components/sections/tier-card.tsx";
import { scrollWhenOpened } from "#app/before-react/hydration-on-intent.ts";

/** SPEC.md section 9: an opened group scrolls into view after this delay, once the previous one has closed. */
export const PRICING_SCROLL_DELAY_MS = 100;

/** The `name` the groups share: the browser keeps one of them open at a time. */
export const PRICING_GROUP_NAME = "pricing-group";

/**
 * The pricing groups, one open at a time and collapsible (SPEC.md): an
 * exclusive accordion of `<details name>`, which the browser opens and closes
 * itself at the first press, before React and without JavaScript
 * (app/before-react/README.md). The loader scrolls an opened group into view, before
 * React as after (SCROLL_WHEN_OPENED); `open` is the browser's (React renders it
 * once and never changes it).
 */
export function PricingAccordion({ groups, initiallyOpen }: { groups: readonly PricingGroup[]; initiallyOpen: PricingGroupKey }) {
  return (
    <div className="space-y-4">
      {groups.map((group) => (
        <details
          key={group.key}
          id={group.key}
          name={PRICING_GROUP_NAME}
          open={group.key === initiallyOpen}
          {...scrollWhenOpened(PRICING_SCROLL_DELAY_MS)}
          className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          <summary className="flex w-full cursor-pointer list-none items-center gap-4 rounded-2xl p-5 text-left sm:p-6 [&::-webkit-details-marker]:hidden">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon name={serviceSummary(group.serviceSlug).icon} className="size-6" />
            </span>
            <h2 className="flex-1">
              <span className="block text-lg font-bold text-ink sm:text-xl">{group.title}</span>
              <span className="mt-1 hidden text-sm font-normal text-slate-600 sm:block">{group.summary}</span>
            </h2>
            <span className="hidden text-sm font-semibold whitespace-nowrap text-slate-600 md:block">from {group.tiers[0]!.price}</span>
            <Icon name="chevron-down" className="size-5 shrink-0 text-slate-500 transition-transform duration-200 group-open:rotate-180" />
          </summary>
          <div className="px-5 pb-6 sm:px-6">
            <p className="mb-6 text-sm text-slate-600 sm:hidden">{group.summary}</p>
            <TierGrid>
              {group.tiers.map((tier) => (
                <TierCard key={tier.name} tier={tier} href={getStartedHref(group.key)} serviceName={group.title} />
              ))}
            </TierGrid>
          </div>
        </details>
      ))}
    </div>
  );
}
