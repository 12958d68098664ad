import { type FormErrors, type FormValues, type MappedFieldSpec, postText, textProblem } from "#app/content/field-map.ts";
import type { ServicePageContent } from "#app/content/service-pages.ts";
import type { ServiceCardWords, ServiceWordsContent } from "#app/content/service-words.ts";
import { type ServiceSlug, serviceSlugs } from "#app/content/services.ts";

/**
 * The service pages editor's form (/admin/service-pages, decision 0052), built from the field maps below:
 * for each service its page's hero, metrics, included items, guarantee, result cards and steps, and its
 * card on /services and the home page, named by service and place (`google-ads.r2.value`). The layout is
 * SPEC.md's, so the counts are fixed: four metrics, eight included items, four results, four steps. A
 * hero metric that quotes one of the agency's figures keeps it (edited at /admin/figures); only its
 * label may be the page's own.
 */

/** The most each text may hold, in characters: what its place on the page holds (SPEC.md's longest, with room). */
const MAX = {
  eyebrow: 40,
  title: 70,
  lead: 220,
  guarantee: 120,
  item: 60,
  metricValue: 12,
  metricLabel: 40,
  resultMetric: 32,
  resultValue: 12,
  resultDescription: 100,
  stepTitle: 16,
  stepDescription: 120,
  cardTitle: 32,
  cardDescription: 150,
  feature: 40,
  cardResults: 40,
  pricingFrom: 32,
} as const;
export const INCLUDED_COUNT = 8;
const FEATURES_MIN = 2;
const FEATURES_MAX = 6;
const FOUR = [0, 1, 2, 3] as const;

export const pageFields = [
  { key: "eyebrow", label: "Eyebrow", kind: "text", hint: `Over the title, up to ${MAX.eyebrow} characters` },
  { key: "title", label: "Title", kind: "text", hint: `The page's heading, up to ${MAX.title} characters` },
  { key: "lead", label: "Lead", kind: "long", hint: `Under the title, up to ${MAX.lead} characters` },
  {
    key: "included",
    label: "Included items",
    kind: "lines",
    hint: `What's included: ${INCLUDED_COUNT} items, one a line, each up to ${MAX.item} characters`,
  },
  { key: "guarantee", label: "Guarantee", kind: "text", hint: `The guarantee box, and the company profile's list, up to ${MAX.guarantee}` },
] as const satisfies readonly MappedFieldSpec[];

export const metricFields = [
  { key: "value", label: "Figure", kind: "text", hint: `Up to ${MAX.metricValue} characters, e.g. +240%` },
  { key: "label", label: "Label", kind: "text", hint: `Up to ${MAX.metricLabel} characters, e.g. Average ROAS` },
] as const satisfies readonly MappedFieldSpec[];

/** A metric that quotes one of the agency's figures: its label only, blank for the figure's own. */
export const figureMetricField = {
  key: "label",
  label: "Label",
  kind: "text",
  optional: true,
  hint: "Its figure is one of the agency's, edited at Figures; leave this blank to use the label it has there",
} as const satisfies MappedFieldSpec;

export const resultFields = [
  { key: "metric", label: "Measure", kind: "text", hint: `What moved, up to ${MAX.resultMetric} characters, e.g. Wasted spend` },
  { key: "value", label: "Change", kind: "text", hint: `By how much, up to ${MAX.resultValue} characters, e.g. -38%` },
  { key: "description", label: "Description", kind: "text", hint: `How, up to ${MAX.resultDescription} characters` },
] as const satisfies readonly MappedFieldSpec[];

export const stepFields = [
  { key: "title", label: "Name", kind: "text", hint: `Up to ${MAX.stepTitle} characters, e.g. Audit` },
  { key: "description", label: "Description", kind: "text", hint: `What happens, up to ${MAX.stepDescription} characters` },
] as const satisfies readonly MappedFieldSpec[];

export const cardFields = [
  { key: "title", label: "Card title", kind: "text", hint: `Up to ${MAX.cardTitle} characters` },
  { key: "description", label: "Card text", kind: "long", hint: `Up to ${MAX.cardDescription} characters` },
  {
    key: "features",
    label: "Features",
    kind: "lines",
    hint: `${FEATURES_MIN} to ${FEATURES_MAX}, one a line, each up to ${MAX.feature} characters`,
  },
  { key: "results", label: "Result", kind: "text", hint: `Up to ${MAX.cardResults} characters, e.g. +240% average ROAS` },
  {
    key: "pricingFrom",
    label: "Starting-at price",
    kind: "text",
    hint: `Up to ${MAX.pricingFrom} characters, e.g. Starting at $2,500/month`,
  },
] as const satisfies readonly MappedFieldSpec[];

/** A field's name in the form: `google-ads.title`, `google-ads.m0.label`, `google-ads.card.features`. */
export const wordsName = (slug: ServiceSlug, ...place: Array<string | number>) => [slug, ...place].join(".");
export const metricName = (slug: ServiceSlug, index: number, key: string) => wordsName(slug, `m${index}`, key);
export const resultName = (slug: ServiceSlug, index: number, key: string) => wordsName(slug, `r${index}`, key);
export const stepName = (slug: ServiceSlug, index: number, key: string) => wordsName(slug, `p${index}`, key);
export const cardName = (slug: ServiceSlug, key: string) => wordsName(slug, "card", key);

/** Whether a service's fields hold a refusal: its part of the form opens. */
export const serviceHasErrors = (slug: ServiceSlug, errors: Readonly<Record<string, unknown>>) =>
  Object.keys(errors).some((name) => name.startsWith(`${slug}.`));

export function serviceWordsValuesOf(content: ServiceWordsContent): FormValues {
  const values: FormValues = {};
  for (const slug of serviceSlugs) {
    const page = content.pages[slug];
    values[wordsName(slug, "eyebrow")] = page.eyebrow;
    values[wordsName(slug, "title")] = page.title;
    values[wordsName(slug, "lead")] = page.lead;
    values[wordsName(slug, "included")] = page.included.join("\n");
    values[wordsName(slug, "guarantee")] = page.guarantee;
    page.metrics.forEach((metric, index) => {
      if (!("figure" in metric)) values[metricName(slug, index, "value")] = metric.value;
      values[metricName(slug, index, "label")] = metric.label ?? "";
    });
    page.results.forEach((result, index) => {
      for (const { key } of resultFields) values[resultName(slug, index, key)] = result[key];
    });
    page.process.forEach((step, index) => {
      for (const { key } of stepFields) values[stepName(slug, index, key)] = step[key];
    });
    const card = content.cards[slug];
    if (card) for (const { key } of cardFields) values[cardName(slug, key)] = key === "features" ? card.features.join("\n") : card[key];
  }
  return values;
}

export type ServiceWordsRead =
  { ok: true; content: ServiceWordsContent; values: FormValues } | { ok: false; errors: FormErrors; values: FormValues };

const linesOf = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The words a post gives, or every field's problem with what was typed. `live`: what was saved, which
 * tells which metrics quote a figure and which services have a card: the form changes words, not the layout.
 */
export function readServiceWordsPost(fields: Readonly<Record<string, unknown>>, live: ServiceWordsContent): ServiceWordsRead {
  const values: FormValues = {};
  const errors: FormErrors = {};
  const take = (name: string, label: string, max: number, optional = false) => {
    const text = (values[name] = postText(fields, name));
    const problem = textProblem(text, label, { max, optional });
    if (problem) errors[name] = problem;
    return text;
  };
  const list = (name: string, label: string, max: number, count: { min: number; max: number; what: string; each: string }) => {
    const lines = linesOf(take(name, label, 10_000));
    if (errors[name]) return lines;
    if (lines.length < count.min || lines.length > count.max)
      errors[name] =
        count.min === count.max
          ? `Give ${count.min} ${count.what}, one a line: the page shows ${count.min}, and this has ${lines.length}.`
          : `Give ${count.min} to ${count.max} ${count.what}, one a line: this has ${lines.length}.`;
    else {
      const problem = lines.map((line) => textProblem(line, count.each, { max })).find(Boolean);
      if (problem) errors[name] = problem;
    }
    return lines;
  };

  const pages = {} as Record<ServiceSlug, ServicePageContent>;
  const cards: Partial<Record<ServiceSlug, ServiceCardWords>> = {};
  for (const slug of serviceSlugs) {
    const was = live.pages[slug];
    pages[slug] = {
      eyebrow: take(wordsName(slug, "eyebrow"), "Eyebrow", MAX.eyebrow),
      title: take(wordsName(slug, "title"), "Title", MAX.title),
      lead: take(wordsName(slug, "lead"), "Lead", MAX.lead),
      metrics: FOUR.map((index) => {
        const metric = was.metrics[index]!;
        if ("figure" in metric) {
          const label = take(metricName(slug, index, "label"), "Label", MAX.metricLabel, true);
          return label ? { figure: metric.figure, label } : { figure: metric.figure };
        }
        return {
          value: take(metricName(slug, index, "value"), "Figure", MAX.metricValue),
          label: take(metricName(slug, index, "label"), "Label", MAX.metricLabel),
        };
      }) as unknown as ServicePageContent["metrics"],
      included: list(wordsName(slug, "included"), "Included items", MAX.item, {
        min: INCLUDED_COUNT,
        max: INCLUDED_COUNT,
        what: "items",
        each: "An item",
      }),
      guarantee: take(wordsName(slug, "guarantee"), "Guarantee", MAX.guarantee),
      results: FOUR.map((index) => ({
        metric: take(resultName(slug, index, "metric"), "Measure", MAX.resultMetric),
        value: take(resultName(slug, index, "value"), "Change", MAX.resultValue),
        description: take(resultName(slug, index, "description"), "Description", MAX.resultDescription),
      })) as unknown as ServicePageContent["results"],
      process: FOUR.map((index) => ({
        number: `0${index + 1}`,
        title: take(stepName(slug, index, "title"), "Name", MAX.stepTitle),
        description: take(stepName(slug, index, "description"), "Description", MAX.stepDescription),
      })) as unknown as ServicePageContent["process"],
    };
    if (live.cards[slug])
      cards[slug] = {
        title: take(cardName(slug, "title"), "Card title", MAX.cardTitle),
        description: take(cardName(slug, "description"), "Card text", MAX.cardDescription),
        features: list(cardName(slug, "features"), "Features", MAX.feature, {
          min: FEATURES_MIN,
          max: FEATURES_MAX,
          what: "features",
          each: "A feature",
        }),
        results: take(cardName(slug, "results"), "Result", MAX.cardResults),
        pricingFrom: take(cardName(slug, "pricingFrom"), "Starting-at price", MAX.pricingFrom),
      };
  }
  if (Object.keys(errors).length) return { ok: false, errors, values };
  return { ok: true, content: { pages, cards }, values };
}
