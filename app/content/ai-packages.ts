/** An AI prompt-engineering package (SPEC.md section 9), shown on its service page and on /pricing. */
export interface AiPackage {
  name: "Starter" | "Growth" | "Enterprise";
  priceRange: string;
  period: string;
  features: readonly string[];
  idealFor: string;
  results: string;
  popular: boolean;
}

export const aiPackages: readonly AiPackage[] = [
  {
    name: "Starter",
    priceRange: "R2,000-R3,500",
    period: "per month",
    features: [
      "ROI agent setup for your business",
      "3 automated workflows",
      "2 hours of team training",
      "Prompt library for your brand voice",
      "Email support",
    ],
    idealFor: "Small teams taking their first step into AI automation",
    results: "5-10 hours saved per week",
    popular: false,
  },
  {
    name: "Growth",
    priceRange: "R4,500-R8,000",
    period: "per month",
    features: [
      "10+ automated workflows",
      "5 hours of team training",
      "Bi-weekly optimisation sessions",
      "CRM and ad-platform integrations",
      "Monthly performance report",
    ],
    idealFor: "Growing marketing teams ready to automate reporting, content and follow-up",
    results: "20+ hours saved per week",
    popular: true,
  },
  {
    name: "Enterprise",
    priceRange: "R12,000-R25,000+",
    period: "per month",
    features: [
      "Unlimited workflows",
      "Dedicated AI strategist",
      "24/7 support",
      "Custom agents per department",
      "Governance and data-privacy review",
    ],
    idealFor: "Larger organisations rolling AI out across departments",
    results: "Up to 90% time savings on repeat tasks",
    popular: false,
  },
];
