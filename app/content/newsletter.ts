import { site } from "#app/config/site.ts";
import { newsletterRules } from "#app/forms/newsletter.ts";

/** What the newsletter is, as its mail and pages name it. */
export const newsletterName = `${site.name}'s weekly ROI insights`;

/** The pages a link in a subscriber's mail opens (app/routes/newsletter.*.tsx). */
export const newsletterPages = {
  confirm: {
    title: "Confirm your subscription",
    lead: (email: string) => `Press the button to start receiving ${newsletterName} at ${email}.`,
    button: "Confirm my subscription",
    busy: "Confirming...",
    done: "You're subscribed",
    doneLead: (email: string) => `Thanks! ${newsletterName} will come to ${email} once a week. Every email has a link to unsubscribe.`,
  },
  unsubscribe: {
    title: "Unsubscribe",
    lead: (email: string) => `Press the button and we will stop sending ${newsletterName} to ${email}.`,
    button: "Unsubscribe",
    busy: "Unsubscribing...",
    done: "You're unsubscribed",
    doneLead: (email: string) =>
      `We will not send ${newsletterName} to ${email} again. We keep only the address, so that we know not to write to it.`,
  },
  left: {
    title: "You're unsubscribed",
    lead: "This address has left the newsletter. To receive it again, subscribe on the blog.",
  },
  expired: {
    title: "This link has expired",
    lead: `Confirmation links work for ${newsletterRules.confirmDays} days. Subscribe again on the blog and we will send you a new one.`,
  },
  invalid: {
    title: "This link is not valid",
    lead: "It may have been copied incompletely, or the subscription no longer exists. You can subscribe on the blog.",
  },
  back: "Go to the blog",
  meta: "Newsletter",
} as const;

/** The tags of a link's page: never indexed, and its address (the key to a subscription) never sent to another site. */
export function newsletterLinkMeta(purpose: "confirm" | "unsubscribe") {
  return [
    { title: `${newsletterPages[purpose].title} | ${site.name}` },
    { name: "description", content: `${newsletterPages[purpose].title}: ${newsletterName}.` },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "same-origin" },
  ];
}

/** How the inbox names a subscriber's state (server/newsletter/schema.ts SubscriberStatus). */
export const subscriberStatusLabels = { confirmed: "Confirmed", pending: "Pending", left: "Left" } as const;
