import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import { formList } from "#app/forms/registry.ts";
import type { OutboxChannel } from "#server/db/schema.ts";

/**
 * The process's metrics in Prometheus's text format (prom-client), served on
 * /metrics behind METRICS_TOKEN (server/ops/endpoints.ts). What happens in
 * this process is counted here as it happens (requests, leads stored,
 * deliveries); what the database holds (outbox depth, calendars, sends,
 * parts) is read from it at scrape time (server/ops/site-gauges.ts), so
 * every instance reports the same figures for it and the alert rules take
 * their max. Names start with `site_`; Node's own are `nodejs_` and `process_`.
 */
export const registry = new Registry();

/** Node's own: event-loop delay (nodejs_eventloop_lag_p99_seconds...), heap, CPU, open handles. */
collectDefaultMetrics({ register: registry });

/** Every lane of the outbox, so each series exists at 0 before its first event and rate() sees the first one. */
export const LANES: readonly OutboxChannel[] = ["mail", "webhook", "slack", "calendar", "reminder", "newsletter"];

/**
 * Seconds a request took, by route pattern (/blog/:slug, never the path
 * itself: a path can be anything a stranger types), method and status. Its
 * _count is the request counter.
 */
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

/** A lead of this form was stored: one line where each form's lead is kept (the pipeline, the newsletter, a booking). */
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
