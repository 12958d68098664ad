import type { FormDefinition, FormKey, StoredRow } from "#app/forms/definition.ts";
import { type Attribution, type Channel, leadChannel } from "#app/lib/attribution.ts";
import type { OutboxTable } from "#server/db/schema.ts";
import type { NewsletterEvent } from "#server/newsletter/events.ts";

/**
 * What the agency's tools receive: the envelope the Standard Webhooks
 * specification recommends (`type`, `timestamp`, `data`), one JSON object per
 * message. Version 1: fields may be added to `data` (receivers must ignore
 * what they do not know); a change that would break a receiver gets a new
 * event type (`lead.created.v2`) instead.
 */
export interface WebhookEvent<Type extends string = string, Data = unknown> {
  type: Type;
  /** When it happened (ISO 8601, UTC), not when it is delivered. */
  timestamp: string;
  data: Data;
}

export type LeadEventType = "lead.created" | "booking.created";

/** A lead or booking as version 1 of the events carries it. */
export interface LeadEventDataV1 {
  /** `<table>:<row id>`, unique across the site's forms (the inbox's Reference reads `<table> #<row id>`). */
  id: string;
  /** The form's key (`contact`, `audit`, `aiAssessment`, `newsletter`, `companyProfile`, `order`, `booking`). */
  form: FormKey;
  /** The form as the inbox names it. */
  formLabel: string;
  /** When the site received it (ISO 8601, UTC). */
  receivedAt: string;
  /** Every field the visitor gave, labelled as the notification and the inbox label them. */
  fields: Array<{ label: string; value: string }>;
  /** The path of the site's page it was sent from, without its query. */
  page: string;
  /**
   * Which campaign brought it (app/lib/attribution.ts): the channel it counts
   * for, whether the visitor allowed marketing, and its touches (click ids only
   * with that consent). Null when the post carried none.
   */
  attribution: (Channel & Attribution) | null;
}

export type LeadEventV1 = WebhookEvent<LeadEventType, LeadEventDataV1>;

/** The stored row an event is about: its outbox messages are listed, and forgotten, with it. */
export interface LeadRef {
  table: OutboxTable["lead_table"];
  id: number;
}

export interface LeadEventInput {
  form: FormDefinition;
  lead: LeadRef;
  /** The row as stored (the form's report reads it). */
  row: StoredRow;
  receivedAt: Date;
  page: string;
  attribution?: Attribution | null;
}

/** The one place a lead or booking becomes an event. */
export function leadEvent({ form, lead, row, receivedAt, page, attribution }: LeadEventInput): LeadEventV1 {
  return {
    type: form.key === "booking" ? "booking.created" : "lead.created",
    timestamp: receivedAt.toISOString(),
    data: {
      id: `${lead.table}:${lead.id}`,
      form: form.key,
      formLabel: form.inbox.label,
      receivedAt: receivedAt.toISOString(),
      fields: form.report(row).map(({ label, value }) => ({ label, value })),
      page,
      attribution: attribution ? { ...leadChannel(attribution), ...attribution } : null,
    },
  };
}

/**
 * The page a form was sent from: the Referer's path when it is this site's
 * (SITE_URL's, or the origin posted to; the company profile dialog posts to
 * /company-profile from any page), else the path posted to. Never the query:
 * it may carry ad click ids the visitor did not agree to pass on.
 */
export function pageOf(request: Request, siteUrl: string): string {
  const posted = new URL(request.url);
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.origin === posted.origin || from.origin === new URL(siteUrl).origin) return from.pathname;
    } catch {
      // Not a URL: the path posted to.
    }
  }
  // A fetcher posts to the page's .data address.
  return posted.pathname.replace(/\.data$/, "") || "/";
}

/**
 * A newsletter subscription that starts to count (confirmed) or ends, as the
 * lead webhook carries it (server/newsletter/events.ts): `data.id` is
 * `newsletter_subscribers:<id>`.
 */
export function newsletterWebhookEvent({ type, at, ...data }: NewsletterEvent): WebhookEvent<NewsletterEvent["type"]> {
  return { type, timestamp: at.toISOString(), data: { id: `newsletter_subscribers:${data.subscriberId}`, ...data } };
}
