import type { FiguresContent, Stat } from "#app/content/stats.ts";

export const aboutHero = {
  eyebrow: "About us",
  title: "Performance Marketers Who Answer for Every Rand",
  lead: "We are a remote-first team based in Johannesburg, founded by three specialists who were tired of agencies that report clicks while clients chase revenue.",
} as const;

/** The four stat cards. */
export const aboutStats = (figures: FiguresContent): Stat[] => [figures.clients, figures.roi, figures.years, figures.retention];

export const problemSolution = {
  problem: {
    title: "The problem",
    text: "Most businesses we meet are paying for advertising they cannot measure. Agencies send reports full of impressions and clicks, tracking is broken after iOS privacy changes, and nobody can say which campaigns actually make money.",
    points: [
      "Budgets spent on searches and audiences that never buy",
      "Reports that hide results behind vanity metrics",
      "Long contracts that protect the agency, not the client",
    ],
  },
  solution: {
    title: "Our solution",
    text: "We start with an honest audit, fix measurement first and then manage every campaign against the return it brings you, with full access to your accounts and no lock-in.",
    points: [
      "Tracking you can trust before we spend a rand more",
      "Campaigns managed against ROAS and profit",
      "Month-to-month engagements and 100% transparency",
    ],
  },
} as const;

export const coreValues = [
  { title: "Results over activity", text: "We measure ourselves by the revenue and leads we bring you, never by how busy we look." },
  { title: "Radical transparency", text: "You own your accounts and data, see every rand we spend and hear bad news from us first." },
  {
    title: "Always learning",
    text: "Platforms change weekly. We test, share what we learn and build tools like our ROI agent to stay ahead.",
  },
] as const;
