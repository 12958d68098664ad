// SPEC.md section 3's option lists; nothing retypes them.

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

/** The keys are also the pricing groups (`/get-started?service=`). */
export const serviceOptions = [
  { value: "googleAds", label: "Google Ads Management" },
  { value: "metaAds", label: "Meta Ads (Facebook & Instagram)" },
  { value: "linkedinAds", label: "LinkedIn Ads" },
  { value: "funnelCRO", label: "Funnel & CRO Optimization" },
  { value: "analytics", label: "Analytics & Reporting" },
  { value: "strategy", label: "Strategy & Consulting" },
  { value: "promptEngineering", label: "AI Prompt Engineering (ROI Agent)" },
] as const satisfies readonly Option[];

export type ServiceKey = (typeof serviceOptions)[number]["value"];

const standardTiers = ["Starter", "Growth", "Premium"] as const;

/** SPEC.md's tiers, what a new site offers. */
export const tiersByService: Record<ServiceKey, readonly string[]> = {
  googleAds: standardTiers,
  metaAds: standardTiers,
  linkedinAds: standardTiers,
  funnelCRO: standardTiers,
  analytics: standardTiers,
  strategy: ["One-Time Audit", "Monthly Retainer", "Premium Partnership"],
  promptEngineering: ["Starter", "Growth", "Enterprise"],
};
let tiersOnOffer: Readonly<Record<ServiceKey, readonly string[]>> = tiersByService;

/**
 * The tiers an order may choose: SPEC.md's until the pricing records are read. The server sets them
 * from its live pricing (server/site-content/live.ts), the wizard from its page, so the order's
 * schema checks against the tiers the page offered, in the browser and on the server alike.
 */
export function offeredTiers(): Readonly<Record<ServiceKey, readonly string[]>> {
  return tiersOnOffer;
}
export function offerTiers(tiers: Readonly<Record<ServiceKey, readonly string[]>>): void {
  tiersOnOffer = tiers;
}

export const additionalServiceOptions = [
  "LinkedIn Ads Management",
  "SEO & Content Marketing",
  "Advanced CRO & Testing",
  "Custom Analytics Setup",
  "Strategy Consulting",
] as const;

export const contactBudgetOptions = [
  { value: "3.5k-6.4k", label: "R3,500 - R6,400 (Starter)" },
  { value: "6.5k-12.4k", label: "R6,500 - R12,400 (Growth)" },
  { value: "23k-60k+", label: "R23,000 - R60,000+ (Premium)" },
  { value: "60k+", label: "R60,000+ (Enterprise)" },
  { value: "180k-450k", label: "R180,000 - R450,000" },
  { value: "450k-900k", label: "R450,000 - R900,000" },
  { value: "900k-1_8m", label: "R900,000 - R1.8M" },
  { value: "1_8m+", label: "R1.8M+" },
] as const satisfies readonly Option[];

export const auditBudgetOptions = [
  ...contactBudgetOptions.slice(0, 4),
  { value: "180k-450k", label: "R180,000 - R450,000" },
  { value: "450k-900k", label: "R450,000 - R900,000" },
  { value: "900k+", label: "R900,000+" },
] as const satisfies readonly Option[];

export const platformOptions = [
  { value: "google", label: "Google Ads" },
  { value: "meta", label: "Meta (Facebook & Instagram)" },
  { value: "linkedin", label: "LinkedIn Ads" },
  { value: "multiple", label: "Multiple Platforms" },
] as const satisfies readonly Option[];

export const contactInterestOptions = [
  { value: "google-ads", label: "Google Ads" },
  { value: "meta-ads", label: "Meta Ads (Facebook & Instagram)" },
  { value: "linkedin-ads", label: "LinkedIn Ads" },
  { value: "seo", label: "SEO & Content" },
  { value: "cro", label: "Funnel & CRO Optimization" },
  { value: "full-service", label: "Full-Service Marketing" },
] as const satisfies readonly Option[];

export const orderBudgetOptions = [
  "R 5,000 - R 10,000",
  "R 10,000 - R 20,000",
  "R 20,000 - R 50,000",
  "R 50,000 - R 100,000",
  "R 100,000+",
] as const;

export const startDateOptions = ["Immediately", "Within 2 weeks", "Within 1 month", "Within 2-3 months", "Just exploring"] as const;

export function values<const O extends readonly { value: string }[]>(options: O): [O[number]["value"], ...O[number]["value"][]] {
  return options.map((o) => o.value) as [O[number]["value"], ...O[number]["value"][]];
}

export function labelOf(options: readonly Option[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}

export function chosenLabel(options: readonly Option[], value: unknown): string {
  return value ? labelOf(options, String(value)) : "";
}
