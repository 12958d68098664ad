import type { IconName } from "#app/lib/icon-names.ts";
import type { Stat } from "#app/content/stats.ts";

export const aiAssessmentHero = {
  eyebrow: "Free AI assessment",
  title: "Meet ROI, Your AI Agent for Marketing Automation",
  greeting: "Hi, I'm ROI! Let's find the hours AI can give back to your team.",
  lead: "Tell us how your team works today. ROI and our strategists will show you where AI can save hours every week, with a personalised assessment within 24 hours.",
} as const;

export const aiAssessmentBenefits: readonly { title: string; text: string; icon: IconName }[] = [
  { title: "AI Readiness Analysis", text: "Where your team, tools and data stand today, and what AI can safely take on.", icon: "gauge" },
  { title: "Custom ROI Roadmap", text: "A step-by-step plan of the workflows to automate first and what each will save.", icon: "map" },
  { title: "Quick Wins Identification", text: "Tasks ROI can take over within days, from reporting to lead follow-up.", icon: "zap" },
  { title: "Growth Projections", text: "Realistic estimates of time and cost savings as automation expands.", icon: "rocket" },
];

export const aiAssessmentStats: readonly Stat[] = [
  { value: "90%", label: "Time savings" },
  { value: "10x", label: "Faster outputs" },
  { value: "24/7", label: "Availability" },
];
