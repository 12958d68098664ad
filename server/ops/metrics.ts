import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import { formList } from "#app/forms/registry.ts";
import type { OutboxChannel } from "#server/db/schema.ts";

/** What the database holds is read at scrape time (site-gauges.ts), so every instance reports the same (decision 0049). */
export const registry = new Registry();

collectDefaultMetrics({ register: registry });

/** So each series exists at 0 before its first event and rate() sees the first one. */
export const LANES: readonly OutboxChannel[] = ["mail", "webhook", "slack", "calendar", "reminder", "newsletter"];

/** By route pattern, never the path itself: a path can be anything a stranger types. */
export const httpRequestSeconds = new Histogram({
  name: "site_http_request_duration_seconds",
  help: "Time to answer a request, by route pattern, method and status",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const leadsStored = new Counter({
  name: "site_leads_stored_total",
  help: "Leads stored (and their notifications queued), by form",
  labelNames: ["form"] as const,
  registers: [registry],
});
for (const form of formList) leadsStored.inc({ form: form.key }, 0);

/** One line where each form's lead is kept. */
export function countLeadStored(form: string): void {
  leadsStored.inc({ form });
}

export const deliveries = new Counter({
  name: "site_outbox_deliveries_total",
  help: "Outbox messages delivered by this instance, by lane",
  labelNames: ["lane"] as const,
  registers: [registry],
});

export const deliveryFailures = new Counter({
  name: "site_outbox_delivery_failures_total",
  help: "Failed delivery attempts of this instance (each retry counts), by lane",
  labelNames: ["lane"] as const,
  registers: [registry],
});
for (const lane of LANES) {
  deliveries.inc({ lane }, 0);
  deliveryFailures.inc({ lane }, 0);
}
