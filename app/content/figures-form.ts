import { type FormErrors, type FormValues, type MappedFieldSpec, postText, textProblem } from "#app/content/field-map.ts";
import { figureDescriptions } from "#app/content/page-meta.ts";
import type { FigureKey, FiguresContent } from "#app/content/stats.ts";
import { SEO_DESCRIPTION_MAX } from "#app/lib/article-form.ts";

/**
 * The figures editor's form (/admin/figures, decision 0052), built from the field map below: each of the
 * agency's claims, its figure and what it measures (`roi.value`, `roi.label`). The set is fixed: pages
 * pick each by name. A figure is refused when it would not fit its card, or would push a page's
 * description (built from the figures) past what search results show.
 */

// Set large in a card of a four-column grid: a few characters fit.
const VALUE_MAX = 12;
// One or two lines under the figure.
const LABEL_MAX = 40;

export const figureFields = [
  { key: "value", label: "Figure", kind: "text", hint: `Up to ${VALUE_MAX} characters, e.g. 287%` },
  { key: "label", label: "Label", kind: "text", hint: `What it measures, up to ${LABEL_MAX} characters, e.g. Average ROI increase` },
] as const satisfies readonly MappedFieldSpec[];

/** Each figure, in the form's order, with the places that show it. */
export const figureGroups: ReadonlyArray<{ key: FigureKey; shows: string }> = [
  { key: "roi", shows: "The home page's hero and description, /about and /services." },
  { key: "adSpend", shows: "The home page's hero, /about's description, /services and the Google Ads page." },
  { key: "clients", shows: "The home page's hero, description and testimonials, /about, /services and the Meta Ads page." },
  { key: "years", shows: "/about and its description, the SEO and strategy pages." },
  { key: "retention", shows: "/about and its description, /services, the LinkedIn Ads and strategy pages." },
  { key: "savingsFound", shows: "/free-audit's hero and figures." },
  { key: "auditsCompleted", shows: "/free-audit's figures and its testimonials' heading." },
  { key: "auditValue", shows: "/free-audit's figures, what it includes and its guarantee." },
];

const descriptionOf: Record<keyof typeof figureDescriptions, string> = { home: "The home page's", about: "/about's" };

export const figureName = (key: FigureKey, field: string) => `${key}.${field}`;

export function figuresValuesOf(content: FiguresContent): FormValues {
  const values: FormValues = {};
  for (const { key } of figureGroups) for (const field of figureFields) values[figureName(key, field.key)] = content[key][field.key];
  return values;
}

export type FiguresRead = { ok: true; content: FiguresContent; values: FormValues } | { ok: false; errors: FormErrors; values: FormValues };

/** The figures a post gives, or every field's problem; `live`: what was saved, to tell which figures changed. */
export function readFiguresPost(fields: Readonly<Record<string, unknown>>, live: FiguresContent): FiguresRead {
  const values: FormValues = {};
  const errors: FormErrors = {};
  const content = {} as Record<FigureKey, { value: string; label: string }>;
  for (const { key } of figureGroups) {
    const name = (field: string) => figureName(key, field);
    for (const field of figureFields) values[name(field.key)] = postText(fields, name(field.key));
    content[key] = { value: values[name("value")]!, label: values[name("label")]! };
    const problem = (field: string, message: string | undefined) => {
      if (message) errors[name(field)] = message;
    };
    problem("value", textProblem(content[key].value, "Figure", { max: VALUE_MAX }));
    problem("label", textProblem(content[key].label, "Label", { max: LABEL_MAX }));
  }
  if (Object.keys(errors).length) return { ok: false, errors, values };
  for (const page of Object.keys(figureDescriptions) as Array<keyof typeof figureDescriptions>) {
    const description: { uses: readonly FigureKey[]; text: (figures: FiguresContent) => string } = figureDescriptions[page];
    const length = description.text(content).length;
    if (length <= SEO_DESCRIPTION_MAX) continue;
    // Beside the figures of it that changed: those made it longer.
    const changed = description.uses.filter((key) => content[key].value !== live[key].value || content[key].label !== live[key].label);
    for (const key of changed.length ? changed : description.uses)
      errors[figureName(key, "value")] =
        `${descriptionOf[page]} description repeats this figure and would be ${length} characters, over the ${SEO_DESCRIPTION_MAX} search results show: shorten it or its label.`;
  }
  if (Object.keys(errors).length) return { ok: false, errors, values };
  return { ok: true, content, values };
}
