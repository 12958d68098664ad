import { Link } from "react-router";
import { CheckList } from "#app/components/sections/check-list.tsx";
import { GuaranteeBox } from "#app/components/sections/guarantee-box.tsx";
import { Section, SectionHeading } from "#app/components/sections/section.tsx";
import { TierCard, TierGrid } from "#app/components/sections/tier-card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { getStartedHref, type PricingGroup } from "#app/content/pricing.ts";

/** A service page's "What's included" list beside its guarantee. */
export function ServiceIncluded({ name, included, guarantee }: { name: string; included: readonly string[]; guarantee: string }) {
  return (
    <Section labelledBy="included-title" adopt>
      <div className="grid gap-12 lg:grid-cols-[3fr_2fr] lg:items-start">
        <div>
          <SectionHeading id="included-title" eyebrow="What's included" title={`Everything in Our ${name} Service`} align="left" />
          <CheckList items={included} columns={2} className="mt-8" />
          <Link to="/pricing" className="mt-8 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
            See plans and pricing <Icon name="arrow-right" className="size-4" />
          </Link>
        </div>
        <GuaranteeBox id="guarantee-title" title="Our Guarantee">
          <p className="text-lg font-semibold text-ink">{guarantee}</p>
          <p className="mt-2">
            We agree your baseline and targets before we start, and report progress against them every month, with full access to your
            accounts.
          </p>
        </GuaranteeBox>
      </div>
    </Section>
  );
}

/** The ROI Agent's packages, on the AI service's page. */
export function ServicePackages({ group }: { group: PricingGroup }) {
  return (
    <Section labelledBy="packages-title" adopt>
      <SectionHeading
        id="packages-title"
        eyebrow="Packages"
        title="ROI Agent Packages"
        lead="Prices in rand per month. Every package starts with a free AI assessment."
      />
      <div className="mt-12">
        <TierGrid>
          {group.tiers.map((tier) => (
            <TierCard key={tier.name} tier={tier} href={getStartedHref(group.key)} serviceName={group.title} />
          ))}
        </TierGrid>
      </div>
    </Section>
  );
}
