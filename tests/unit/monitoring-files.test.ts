import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { registry } from "#server/ops/metrics.ts";
import { registerSiteGauges } from "#server/ops/site-gauges.ts";

/**
 * deploy/'s alert rules and Grafana dashboard ask for the site's metrics by
 * name (decision 0049): each name they ask for is one the server registers
 * (server/ops), or Node's or Prometheus's own, so a renamed metric cannot
 * leave an alert silently empty.
 */

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** The metrics the server registers: its counters, and the gauges read at scrape time (registered here with nothing to read). */
registerSiteGauges({ handle: {} as never, monitor: {} as never, dataDir: root, lastBackup: () => null, version: "test" });
const registered = (name: string) => registry.getSingleMetric(name) !== undefined;
/** Prometheus's own and Node's (prom-client's default metrics). */
const external = new Set(["up", "nodejs_eventloop_lag_p99_seconds"]);

/** The metric names a PromQL expression reads, a histogram's series by the histogram's name. */
function metricsIn(expression: string): string[] {
  return [...expression.matchAll(/\b((?:site|nodejs)_[a-z0-9_]+|up)\b(?=\s*[{[)\s]|$)/g)].map((match) =>
    match[1]!.replace(/_(bucket|count|sum)$/, ""),
  );
}

describe("deploy/ monitoring files", () => {
  const dashboard = JSON.parse(read("deploy/grafana/roi-site-dashboard.json")) as {
    panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
  };
  const rules = read("deploy/prometheus/alerts.yml");
  const expressions = [
    ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
    ...[...rules.matchAll(/expr: >?\n?([\s\S]*?)\n\s+(?:for|labels):/g)].map((match) => match[1]!),
  ];

  it("reads metrics the server exports, and nothing else", () => {
    const unknown = expressions.flatMap(metricsIn).filter((name) => !registered(name) && !external.has(name));
    expect(unknown).toEqual([]);
  });

  it("has every panel ask for something, and an alert for each failure the issue names", () => {
    expect(dashboard.panels.filter((panel) => panel.targets.length === 0)).toEqual([]);
    for (const alert of [
      "MailUndeliverable",
      "WebhookFailing",
      "CalendarUnread",
      "NoRecentBackup",
      "NewsletterSendStuck",
      "LeadPostsFailing",
    ]) {
      expect(rules).toContain(`alert: ${alert}`);
    }
    expect(expressions.length).toBeGreaterThan(20);
  });
});
