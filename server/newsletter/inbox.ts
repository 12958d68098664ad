import { subscriberStatusLabels } from "#app/content/newsletter.ts";
import { formatSast } from "#app/lib/sast.ts";
import type { Kysely } from "kysely";
import { newsletterRules } from "#app/forms/newsletter.ts";
import type { SubscriberStatus } from "#server/db/newsletter-tables.ts";
import { keysetPages } from "#server/db/pages.ts";
import type { Database } from "#server/db/schema.ts";
import type { Subscriber } from "#server/newsletter/subscribers.ts";

export const SUBSCRIBERS_PAGE_SIZE = 100;

export function isSubscriberStatus(value: string): value is SubscriberStatus {
  return Object.hasOwn(subscriberStatusLabels, value);
}

const sast = (value: Date | string | null): string => (value === null ? "" : formatSast(value));
const utc = (value: Date | string | null): string => (value === null ? "" : new Date(value).toISOString());

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

const DAY_MS = 86_400_000;

export interface SubscriberCounts {
  confirmed: number;
  pending: number;
  left: number;
}

/** A pending signup past its days counts as gone even before the sweep deletes it. */
function current(db: Kysely<Database>, now: Date) {
  const cutoff = new Date(now.getTime() - newsletterRules.confirmDays * DAY_MS);
  return db.selectFrom("newsletter_subscribers").where((eb) => eb.or([eb("status", "!=", "pending"), eb("signed_up_at", ">", cutoff)]));
}

export async function subscriberCounts(db: Kysely<Database>, now = new Date()): Promise<SubscriberCounts> {
  const rows = await current(db, now)
    .select((eb) => ["status", eb.fn.countAll().as("n")])
    .groupBy("status")
    .execute();
  const counts: SubscriberCounts = { confirmed: 0, pending: 0, left: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export function subscribersPage(
  db: Kysely<Database>,
  status: SubscriberStatus | "",
  limit: number,
  before?: number,
  now = new Date(),
): Promise<Subscriber[]> {
  return current(db, now)
    .selectAll()
    .$if(Boolean(status), (qb) => qb.where("status", "=", status as SubscriberStatus))
    .$if(before !== undefined, (qb) => qb.where("id", "<", before!))
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function* confirmedSubscribers(db: Kysely<Database>, pageSize = 500): AsyncGenerator<Subscriber> {
  const pages = keysetPages(
    pageSize,
    (after: number | undefined, size) =>
      db
        .selectFrom("newsletter_subscribers")
        .selectAll()
        .where("status", "=", "confirmed")
        .where("id", ">", after ?? 0)
        .orderBy("id")
        .limit(size)
        .execute(),
    (subscriber) => subscriber.id,
  );
  for await (const page of pages) yield* page;
}
