import type { FormDefinition, FormKey, StoredRow } from "#app/forms/definition.ts";
import { type Attribution, type Channel, leadChannel } from "#app/lib/attribution.ts";
import type { OutboxTable } from "#server/db/schema.ts";
import type { NewsletterEvent } from "#server/newsletter/events.ts";

// Version 1 (README.md): fields may be added to `data`; a breaking change gets a new type (`lead.created.v2`).
export interface WebhookEvent<Type extends string = string, Data = unknown> {
  type: Type;
  // When it happened, not when it is delivered.
  timestamp: string;
  data: Data;
}

export type LeadEventType = "lead.created" | "booking.created";

export interface LeadEventDataV1 {
  id: string;
  form: FormKey;
  formLabel: string;
  receivedAt: string;
  fields: Array<{ label: string; value: string }>;
  page: string;
  // Click ids only with the visitor's marketing consent (app/lib/attribution.ts).
  attribution: (Channel & Attribution) | null;
}

export type LeadEventV1 = WebhookEvent<LeadEventType, LeadEventDataV1>;

// Its outbox messages are listed, and forgotten, with the row.
export interface LeadRef {
  table: OutboxTable["lead_table"];
  id: number;
}

export interface LeadEventInput {
  form: FormDefinition;
  lead: LeadRef;
  row: StoredRow;
  receivedAt: Date;
  page: string;
  attribution?: Attribution | null;
}

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

/** The Referer's path when it is this site's, since a dialog posts from any page; never the query, which may carry ad click ids. */
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

export function newsletterWebhookEvent({ type, at, ...data }: NewsletterEvent): WebhookEvent<NewsletterEvent["type"]> {
  return { type, timestamp: at.toISOString(), data: { id: `newsletter_subscribers:${data.subscriberId}`, ...data } };
}
