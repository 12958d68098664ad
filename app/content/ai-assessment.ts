import type { LucideIcon } from "lucide-react";
import { Gauge, Map, Rocket, Zap } from "lucide-react";
import type { Stat } from "./stats";

export const aiAssessmentHero = {
  eyebrow: "Free AI assessment",
  title: "Meet ROI, Your AI Agent for Marketing Automation",
  greeting: "Hi, I'm ROI! Let's find the hours AI can give back to your team.",
  lead: "Tell us how your team works today. ROI and our strategists will show you where AI can save hours every week, with a personalised assessment within 24 hours.",
} as const;

export const aiAssessmentBenefits: readonly { title: string; text: string; icon: LucideIcon }[] = [
  { title: "AI Readiness Analysis", text: "Where your team, tools and data stand today, and what AI can safely take on.", icon: Gauge },
  { title: "Custom ROI Roadmap", text: "A step-by-step plan of the workflows to automate first and what each will save.", icon: Map },
  { title: "Quick Wins Identification", text: "Tasks ROI can take over within days, from reporting to lead follow-up.", icon: Zap },
  { title: "Growth Projections", text: "Realistic estimates of time and cost savings as automation expands.", icon: Rocket },
];

export const aiAssessmentStats: readonly Stat[] = [
  { value: "90%", label: "Time savings" },
  { value: "10x", label: "Faster outputs" },
  { value: "24/7", label: "Availability" },
];
