import { subscriberStatusLabels } from "#app/content/newsletter.ts";
import { formatSast } from "#app/lib/sast.ts";
import type { SubscriberStatus } from "#server/db/newsletter-tables.ts";
import type { Subscriber } from "#server/newsletter/subscribers.ts";

/** The inbox's page of subscribers (app/routes/admin/newsletter.tsx) and its export, for the agency's mailing tool. */

export const SUBSCRIBERS_PAGE_SIZE = 100;

export function isSubscriberStatus(value: string): value is SubscriberStatus {
  return Object.hasOwn(subscriberStatusLabels, value);
}

const sast = (value: Date | string | null): string => (value === null ? "" : formatSast(value));
const utc = (value: Date | string | null): string => (value === null ? "" : new Date(value).toISOString());

/** One subscriber as the inbox lists them. */
export function subscriberRow(subscriber: Subscriber) {
  return {
    id: subscriber.id,
    email: subscriber.email,
    status: subscriber.status,
    statusLabel: subscriberStatusLabels[subscriber.status],
    signedUp: sast(subscriber.signed_up_at),
    signedUpAt: utc(subscriber.signed_up_at),
    page: subscriber.signup_page,
    confirmed: sast(subscriber.confirmed_at),
    left: sast(subscriber.left_at),
  };
}

export const SUBSCRIBER_EXPORT_COLUMNS = [
  "Email",
  "Confirmed (UTC)",
  "Signed up (UTC)",
  "Signed up on",
  "Consent wording",
  "Confirmed from address",
  "Unsubscribe URL",
];

/** A confirmed subscriber for the mailing tool: the address, the proof of consent, and the link its List-Unsubscribe header must carry. */
export function subscriberExportRow(subscriber: Subscriber, siteUrl: string, unsubscribeUrl: string): string[] {
  return [
    subscriber.email,
    utc(subscriber.confirmed_at),
    utc(subscriber.signed_up_at),
    `${siteUrl}${subscriber.signup_page}`,
    subscriber.consent_text,
    subscriber.confirmed_address ?? "",
    unsubscribeUrl,
  ];
}
