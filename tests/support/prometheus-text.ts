/**
 * A strict reader of Prometheus's text exposition format (version 0.0.4, what
 * /metrics answers and Prometheus scrapes): it throws, naming the line, on
 * anything Prometheus would refuse or a dashboard would misread: a sample
 * before its family's TYPE, a name or label that is not one, a bad escape, a
 * value that is not a number, a series twice, a histogram whose buckets do
 * not add up to its count.
 */

export type MetricType = "counter" | "gauge" | "histogram" | "summary" | "untyped";

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<MetricType>(["counter", "gauge", "histogram", "summary", "untyped"]);
/** The samples a family of each type may hold, by the suffix after its name. */
const SUFFIXES: Record<MetricType, string[]> = {
  counter: ["", "_total", "_created"],
  gauge: [""],
  histogram: ["_bucket", "_sum", "_count", "_created"],
  summary: ["", "_sum", "_count", "_created"],
  untyped: [""],
};

function parseValue(text: string, where: string): number {
  // As Prometheus reads them (Go's ParseFloat): any case, so prom-client's "Nan" (an empty event-loop histogram) too.
  if (/^\+?inf$/i.test(text)) return Infinity;
  if (/^-inf$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`${where}: "${text}" is not a number`);
  return Number(text);
}

/** The labels of a sample, `{a="1",b="x\"y"}` from its opening brace; answers them and where they end. */
function parseLabels(line: string, start: number, where: string): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = start + 1;
  for (;;) {
    if (line[i] === "}") return { labels, end: i + 1 };
    const eq = line.indexOf("=", i);
    if (eq < 0) throw new Error(`${where}: a label without a value`);
    const name = line.slice(i, eq);
    if (!LABEL_NAME.test(name)) throw new Error(`${where}: "${name}" is not a label name`);
    if (name in labels) throw new Error(`${where}: the label ${name} twice`);
    if (line[eq + 1] !== '"') throw new Error(`${where}: the value of ${name} is not quoted`);
    let value = "";
    let j = eq + 2;
    for (;;) {
      const c = line[j];
      if (c === undefined) throw new Error(`${where}: the value of ${name} never ends`);
      if (c === '"') break;
      if (c === "\\") {
        const next = line[j + 1];
        if (next === "n") value += "\n";
        else if (next === "\\" || next === '"') value += next;
        else throw new Error(`${where}: an unknown escape \\${next ?? ""} in ${name}`);
        j += 2;
        continue;
      }
      value += c;
      j++;
    }
    labels[name] = value;
    i = j + 1;
    if (line[i] === ",") i++;
    else if (line[i] !== "}") throw new Error(`${where}: expected , or } after the label ${name}`);
  }
}

const seriesKey = (sample: Sample) =>
  `${sample.name}{${Object.keys(sample.labels)
    .sort()
    .map((k) => `${k}=${JSON.stringify(sample.labels[k])}`)
    .join(",")}}`;

/** Every family of a scrape, by name; throws on the first thing Prometheus would not take. */
export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  if (text && !text.endsWith("\n")) throw new Error("the last line does not end");
  text.split("\n").forEach((line, index) => {
    const where = `line ${index + 1}`;
    if (line === "") return;
    if (line.startsWith("#")) {
      const match = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!match) return; // a plain comment
      const [, keyword, name, rest] = match as unknown as [string, "HELP" | "TYPE", string, string];
      if (!METRIC_NAME.test(name)) throw new Error(`${where}: "${name}" is not a metric name`);
      const family = families.get(name) ?? { name, type: "untyped" as MetricType, help: "", samples: [] };
      if (keyword === "TYPE") {
        if (!TYPES.has(rest as MetricType)) throw new Error(`${where}: "${rest}" is not a metric type`);
        if (family.samples.length) throw new Error(`${where}: the TYPE of ${name} after its samples`);
        family.type = rest as MetricType;
      } else {
        family.help = rest.replace(/\\n/g, "\n").replace(/\\\\/g, "\\");
      }
      families.set(name, family);
      return;
    }
    const nameEnd = line.search(/[{ ]/);
    if (nameEnd <= 0) throw new Error(`${where}: not a sample: ${line}`);
    const name = line.slice(0, nameEnd);
    if (!METRIC_NAME.test(name)) throw new Error(`${where}: "${name}" is not a metric name`);
    const { labels, end } = line[nameEnd] === "{" ? parseLabels(line, nameEnd, where) : { labels: {}, end: nameEnd };
    const rest = line.slice(end);
    if (!rest.startsWith(" ")) throw new Error(`${where}: no space before the value`);
    const [valueText, timestamp, extra] = rest.slice(1).split(" ");
    if (extra !== undefined || (timestamp !== undefined && !/^-?\d+$/.test(timestamp)))
      throw new Error(`${where}: more than a value and a timestamp`);
    const value = parseValue(valueText ?? "", where);
    const family = [...families.values()].find((f) => SUFFIXES[f.type].some((suffix) => `${f.name}${suffix}` === name));
    if (!family) throw new Error(`${where}: ${name} has no TYPE before it`);
    const sample = { name, labels, value };
    const key = seriesKey(sample);
    if (seen.has(key)) throw new Error(`${where}: the series ${key} twice`);
    seen.add(key);
    family.samples.push(sample);
  });
  for (const family of families.values()) if (family.type === "histogram") checkHistogram(family);
  return families;
}

/** Buckets rise with their bound, end at +Inf, and +Inf's count is the _count. */
function checkHistogram(family: Family): void {
  const series = new Map<string, { buckets: Array<[number, number]>; count?: number }>();
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? { buckets: [] };
    if (sample.name.endsWith("_bucket")) {
      if (le === undefined) throw new Error(`${family.name}: a bucket without le`);
      entry.buckets.push([parseValue(le, `${family.name} le`), sample.value]);
    } else if (sample.name.endsWith("_count")) entry.count = sample.value;
    series.set(key, entry);
  }
  for (const [key, { buckets, count }] of series) {
    const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
    if (sorted.at(-1)?.[0] !== Infinity) throw new Error(`${family.name} ${key}: no +Inf bucket`);
    sorted.forEach(([, n], i) => {
      if (i && n < sorted[i - 1]![1]) throw new Error(`${family.name} ${key}: buckets that fall`);
    });
    if (sorted.at(-1)![1] !== count) throw new Error(`${family.name} ${key}: +Inf holds ${sorted.at(-1)![1]}, _count ${count}`);
  }
}

/** The value of the one series of `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const family of families.values()) {
    for (const sample of family.samples) {
      if (sample.name === name && Object.entries(labels).every(([k, v]) => sample.labels[k] === v)) return sample.value;
    }
  }
  return undefined;
}
