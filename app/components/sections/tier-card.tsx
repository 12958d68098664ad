import { Icon } from "#app/components/ui/icon.tsx";
import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { StaticHtml } from "#app/components/ui/static-html.tsx";
import type { PricingTier } from "#app/content/pricing.ts";
import { cn } from "#app/lib/cn.ts";

/** One price tier with its features and a Get Started link. */
export function TierCard({
  tier,
  period = "per month",
  href,
  ctaLabel = "Get Started",
  serviceName,
}: {
  tier: PricingTier;
  period?: string;
  href: string;
  ctaLabel?: string;
  serviceName: string;
}) {
  return (
    <article
      className={cn(
        "relative flex h-full flex-col rounded-2xl bg-white p-6",
        tier.popular ? "shadow-lg ring-2 ring-brand-600" : "shadow-sm ring-1 ring-slate-200",
      )}
    >
      {tier.popular && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
          Most Popular
        </p>
      )}
      <h3 className="text-lg font-semibold">{tier.name}</h3>
      <p className="mt-3">
        <span className="block text-2xl font-extrabold tracking-tight whitespace-nowrap text-ink xl:text-3xl">{tier.price}</span>
        <span className="text-sm text-slate-600">{period}</span>
      </p>
      {tier.adSpend && (
        <p className="mt-2 text-sm text-slate-600">
          Ad spend: <span className="font-semibold text-ink">{tier.adSpend}</span>
        </p>
      )}
      <ul className="mt-5 space-y-2.5 text-sm">
        {tier.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Icon name="circle-check" className="mt-0.5 size-4 shrink-0 text-accent-700" />
            {feature}
          </li>
        ))}
      </ul>
      <dl className="mt-5 space-y-3 border-t border-slate-100 pt-5 text-sm">
        <div>
          <dt className="font-semibold text-ink">Ideal for</dt>
          <dd className="text-slate-600">{tier.idealFor}</dd>
        </div>
        <div>
          <dt className="font-semibold text-ink">Expected results</dt>
          <dd className="font-medium text-accent-700">{tier.results}</dd>
        </div>
      </dl>
      <div className="mt-auto pt-6">
        <Link
          to={href}
          className={buttonClass({ variant: tier.popular ? "primary" : "secondary", className: "w-full" })}
          aria-label={`${ctaLabel}: ${serviceName} ${tier.name}`}
        >
          {ctaLabel}
        </Link>
      </div>
    </article>
  );
}

export function TierGrid({ children }: { children: React.ReactNode }) {
  return <StaticHtml className="grid gap-6 pt-3 md:grid-cols-3">{children}</StaticHtml>;
}
