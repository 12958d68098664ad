import type { IconName } from "#app/lib/icon-names.ts";
import { type ContactContent, phoneHref } from "#app/content/contact-details.ts";

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

/** /contact's cards, with the live contact details (decision 0052). */
export const contactCards = (contact: ContactContent): readonly ContactCard[] => [
  { title: "Email Us", detail: contact.email, description: "We reply within 2-4 hours", href: `mailto:${contact.email}`, icon: "mail" },
  { title: "Call Us", detail: contact.phone, description: contact.phoneHours, href: phoneHref(contact.phone), icon: "phone" },
  {
    title: "Book a Call",
    detail: "Pick a time that suits you",
    description: "15-minute ROI consultation",
    href: "/calendar",
    icon: "calendar-days",
  },
];
