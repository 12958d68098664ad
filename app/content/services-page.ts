import type { FiguresContent, Stat } from "#app/content/stats.ts";

export const servicesHero = {
  eyebrow: "Our services",
  title: "Performance Marketing Services That Pay for Themselves",
  lead: "Seven services, one goal: more revenue from every rand you spend on advertising. Start with one channel or let us manage the whole funnel.",
} as const;

/** How every engagement runs, whatever the service. */
export const engagementProcess = [
  {
    number: "01",
    title: "Free audit",
    description: "We review your accounts, tracking and funnel and show you where the money is leaking.",
  },
  { number: "02", title: "Strategy", description: "We agree targets, budgets and a 90-day plan built around your margins." },
  { number: "03", title: "Launch", description: "We fix tracking, rebuild campaigns and launch within two weeks." },
  { number: "04", title: "Optimise and scale", description: "Weekly optimisation and monthly reporting, scaling what pays back." },
] as const;

/** The page's four figures. */
export const servicesStats = (figures: FiguresContent): Stat[] => [figures.clients, figures.roi, figures.adSpend, figures.retention];
