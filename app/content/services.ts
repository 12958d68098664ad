import type { LucideIcon } from "lucide-react";
import { Bot, Briefcase, ChartColumn, Compass, Funnel, Megaphone, Search, Target } from "lucide-react";

/** The eight service pages, in the order the navigation lists them. */
export const serviceSlugs = [
  "google-ads",
  "meta-ads",
  "linkedin-ads",
  "seo-content",
  "funnel-cro",
  "analytics",
  "strategy",
  "prompt-engineering",
] as const;

export type ServiceSlug = (typeof serviceSlugs)[number];

export interface ServiceSummary {
  slug: ServiceSlug;
  /** Name used in navigation and page titles. */
  name: string;
  icon: LucideIcon;
}

export const serviceSummaries: readonly ServiceSummary[] = [
  { slug: "google-ads", name: "Google Ads", icon: Search },
  { slug: "meta-ads", name: "Meta Ads", icon: Megaphone },
  { slug: "linkedin-ads", name: "LinkedIn Ads", icon: Briefcase },
  { slug: "seo-content", name: "SEO & Content", icon: Target },
  { slug: "funnel-cro", name: "Funnel & CRO", icon: Funnel },
  { slug: "analytics", name: "Analytics & Reporting", icon: ChartColumn },
  { slug: "strategy", name: "Strategy & Consulting", icon: Compass },
  { slug: "prompt-engineering", name: "AI Prompt Engineering", icon: Bot },
];

export function isServiceSlug(value: string | undefined): value is ServiceSlug {
  return (serviceSlugs as readonly string[]).includes(value ?? "");
}
