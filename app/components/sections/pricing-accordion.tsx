import { Icon } from "#app/components/ui/icon.tsx";
import { Accordion } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { getStartedHref, type PricingGroup, type PricingGroupKey } from "#app/content/pricing.ts";
import { serviceSummary } from "#app/content/services.ts";
import { TierCard, TierGrid } from "#app/components/sections/tier-card.tsx";

/** SPEC.md section 9: an opened group scrolls into view after this delay, once the previous one has closed. */
export const PRICING_SCROLL_DELAY_MS = 100;

/**
 * The pricing groups, one open at a time and collapsible. Every panel is in the
 * HTML: closed ones are hidden with CSS only while scripting is on, so a visitor
 * without JavaScript sees every tier of the prerendered page.
 */
export function PricingAccordion({ groups, initiallyOpen }: { groups: readonly PricingGroup[]; initiallyOpen: PricingGroupKey }) {
  const [open, setOpen] = useState<string>(initiallyOpen);
  const scrollTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(scrollTimer.current), []);

  function change(value: string) {
    setOpen(value);
    window.clearTimeout(scrollTimer.current);
    if (!value) return;
    scrollTimer.current = window.setTimeout(() => {
      const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      document.getElementById(value)?.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
    }, PRICING_SCROLL_DELAY_MS);
  }

  return (
    <Accordion.Root type="single" collapsible value={open} onValueChange={change} className="space-y-4">
      {groups.map((group) => {
        return (
          <Accordion.Item key={group.key} value={group.key} id={group.key} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <Accordion.Header asChild>
              <h2>
                <Accordion.Trigger className="group flex w-full items-center gap-4 rounded-2xl p-5 text-left sm:p-6">
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <Icon name={serviceSummary(group.serviceSlug).icon} className="size-6" />
                  </span>
                  <span className="flex-1">
                    <span className="block text-lg font-bold text-ink sm:text-xl">{group.title}</span>
                    <span className="mt-1 hidden text-sm font-normal text-slate-600 sm:block">{group.summary}</span>
                  </span>
                  <span className="hidden text-sm font-semibold whitespace-nowrap text-slate-600 md:block">
                    from {group.tiers[0]!.price}
                  </span>
                  <Icon
                    name="chevron-down"
                    className="size-5 shrink-0 text-slate-500 transition-transform duration-200 group-data-[state=open]:rotate-180 [@media(scripting:none)]:hidden"
                  />
                </Accordion.Trigger>
              </h2>
            </Accordion.Header>
            <Accordion.Content forceMount className="px-5 pb-6 sm:px-6 [@media(scripting:enabled)]:data-[state=closed]:hidden">
              <p className="mb-6 text-sm text-slate-600 sm:hidden">{group.summary}</p>
              <TierGrid>
                {group.tiers.map((tier) => (
                  <TierCard key={tier.name} tier={tier} href={getStartedHref(group.key)} serviceName={group.title} />
                ))}
              </TierGrid>
            </Accordion.Content>
          </Accordion.Item>
        );
      })}
    </Accordion.Root>
  );
}
