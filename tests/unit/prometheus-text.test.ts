import { describe, expect, it } from "vitest";
import { parsePrometheusText, sampleValue } from "#tests/support/prometheus-text.ts";

/** The test parser of /metrics refuses what Prometheus refuses, so a scrape that passes it is one Prometheus takes. */
describe("the Prometheus text parser of the tests", () => {
  const good = [
    "# HELP site_leads_stored_total Leads stored",
    "# TYPE site_leads_stored_total counter",
    'site_leads_stored_total{form="contact"} 2',
    'site_leads_stored_total{form="a \\"quoted\\" one\\\\"} 0',
    "# TYPE seconds histogram",
    'seconds_bucket{route="/",le="0.1"} 1',
    'seconds_bucket{route="/",le="+Inf"} 3',
    'seconds_sum{route="/"} 0.4',
    'seconds_count{route="/"} 3',
    "",
  ].join("\n");

  it("reads families, labels with escapes, and values", () => {
    const families = parsePrometheusText(good);
    expect(sampleValue(families, "site_leads_stored_total", { form: "contact" })).toBe(2);
    expect(sampleValue(families, "site_leads_stored_total", { form: 'a "quoted" one\\' })).toBe(0);
    expect(sampleValue(families, "seconds_bucket", { le: "+Inf" })).toBe(3);
  });

  it("reads NaN and infinities in any case, as Prometheus does (prom-client writes an empty histogram's mean as Nan)", () => {
    const families = parsePrometheusText(
      "# TYPE lag_mean gauge\nlag_mean Nan\n# TYPE lag_max gauge\nlag_max +inf\n# TYPE lag_min gauge\nlag_min -Inf\n",
    );
    expect(sampleValue(families, "lag_mean", {})).toBeNaN();
    expect(sampleValue(families, "lag_max", {})).toBe(Infinity);
    expect(sampleValue(families, "lag_min", {})).toBe(-Infinity);
  });

  it.each([
    ["a sample without its TYPE", "site_x 1\n"],
    ["a value that is no number", "# TYPE x gauge\nx one\n"],
    ["a bad label name", '# TYPE x gauge\nx{1a="b"} 1\n'],
    ["an unquoted label value", "# TYPE x gauge\nx{a=b} 1\n"],
    ["an unknown escape", '# TYPE x gauge\nx{a="\\t"} 1\n'],
    ["a series twice", '# TYPE x gauge\nx{a="1"} 1\nx{a="1"} 2\n'],
    ["a histogram without +Inf", '# TYPE h histogram\nh_bucket{le="1"} 1\nh_count 1\n'],
    ["buckets that do not add up", '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 2\nh_count 3\n'],
    ["an unended last line", "# TYPE x gauge\nx 1"],
  ])("refuses %s", (_what, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});
