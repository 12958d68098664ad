import type { IconName } from "#app/lib/icon-names.ts";
import { site } from "#app/config/site.ts";

export const contactHero = {
  eyebrow: "Contact us",
  title: "Let's Talk About Your Return on Ad Spend",
  lead: "Email, call or book a call with our team. We reply within 2-4 hours on weekdays, with no sales pressure.",
} as const;

export interface ContactCard {
  title: string;
  detail: string;
  description: string;
  href: string;
  icon: IconName;
}

export const contactCards: readonly ContactCard[] = [
  { title: "Email Us", detail: site.email, description: "We reply within 2-4 hours", href: `mailto:${site.email}`, icon: "mail" },
  { title: "Call Us", detail: site.phone.display, description: site.phoneHours, href: site.phone.href, icon: "phone" },
  {
    title: "Book a Call",
    detail: "Pick a time that suits you",
    description: "15-minute ROI consultation",
    href: "/calendar",
    icon: "calendar-days",
  },
];
