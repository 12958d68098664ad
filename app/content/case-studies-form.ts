import type { CaseStudiesContent, CaseStudy } from "#app/content/case-studies.ts";
import {
  type FormErrors,
  type FormValues,
  type MappedFieldSpec,
  PositionedRows,
  postText,
  readShowsFrom,
  REMOVE,
  rowsIn,
  serviceChoices,
  showsFromField,
  showsFromText,
  textProblem,
} from "#app/content/field-map.ts";
import { shownAt } from "#app/content/shows-from.ts";
import { isServiceSlug, serviceSummary } from "#app/content/services.ts";
import { mediaImageOf } from "#app/lib/media-images.ts";

/**
 * The case studies editor's form (/admin/case-studies, decision 0052), built from the field map below:
 * one list, each row's fields named by its place (`studies.0.headline`), ordered by its position; one
 * blank row adds a study, a ticked "remove" drops one. /case-studies shows them all in this order, and
 * each service page the first of its service, so every service keeps one. An image is uploaded with
 * the save (the article editor's upload, server/articles/upload.ts) and needs its alt text. A study with
 * a time shows from then (app/content/shows-from.ts); each service keeps one shown now.
 */

const STUDIES_MAX = 24;
const NAME_MAX = 60;
const HEADLINE_MAX = 100;
const STORY_MAX = 320;
// The figure is set large beside the story: a few characters fit.
const FIGURE_MAX = 12;

export const caseStudyFields = [
  { key: "position", label: "Position", kind: "position", hint: "1 shows first" },
  { key: "service", label: "Service", kind: "service", hint: "Its service page shows its first case study" },
  { key: "client", label: "Client", kind: "text", hint: "e.g. Ndlovu Auto Parts" },
  { key: "industry", label: "Industry", kind: "text", hint: "e.g. Automotive e-commerce" },
  { key: "headline", label: "Headline", kind: "text", hint: `Up to ${HEADLINE_MAX} characters` },
  { key: "problem", label: "Problem", kind: "long", hint: `The problem the client faced, up to ${STORY_MAX} characters` },
  { key: "solution", label: "Solution", kind: "long", hint: `What we did about it, up to ${STORY_MAX} characters` },
  { key: "resultValue", label: "Result figure", kind: "text", hint: "e.g. +240%" },
  { key: "resultLabel", label: "What the figure measures", kind: "text", hint: "e.g. return on ad spend in 90 days" },
  { key: "image", label: "Image (optional)", kind: "image", optional: true, hint: "A JPEG, PNG, WebP or AVIF of at most 10 MB" },
  { key: "imageAlt", label: "Image alt text", kind: "text", optional: true, hint: "Required with an image: what it shows" },
  showsFromField,
] as const satisfies readonly MappedFieldSpec[];

type FieldKey = (typeof caseStudyFields)[number]["key"];

export const caseStudyLists = [
  {
    key: "studies",
    title: "Case studies",
    shows: "/case-studies shows them all, in this order; each service page shows the first of its service.",
  },
] as const;

export const caseStudyName = (_list: "studies", row: number, key: string) => `studies.${row}.${key}`;

const textOf = (study: CaseStudy): Record<Exclude<FieldKey, "position">, string> => ({
  service: study.service,
  client: study.client,
  industry: study.industry,
  headline: study.headline,
  problem: study.problem,
  solution: study.solution,
  resultValue: study.result.value,
  resultLabel: study.result.label,
  image: study.image?.path ?? "",
  imageAlt: study.image?.alt ?? "",
  showsFrom: showsFromText(study.showsFrom),
});

/** The form's values for `content`: its rows in order, and a blank one after. */
export function caseStudiesValuesOf(content: CaseStudiesContent): FormValues {
  const values: FormValues = {};
  [...content.studies, null].forEach((study, row) => {
    const text = study && textOf(study);
    for (const field of caseStudyFields)
      values[caseStudyName("studies", row, field.key)] = !text ? "" : field.key === "position" ? String(row + 1) : text[field.key];
  });
  return values;
}

export type CaseStudiesRead =
  { ok: true; content: CaseStudiesContent; values: FormValues } | { ok: false; errors: FormErrors; values: FormValues };

const FIGURES_MISSING = "A case study needs its figures: give the result figure and what it measures, or the card shows no result.";
const serviceNames = (slugs: readonly string[]) =>
  new Intl.ListFormat("en-ZA", { type: "conjunction" }).format(slugs.map((slug) => serviceSummary(slug as CaseStudy["service"]).name));

/** The case studies a post gives, sorted by position, or every field's problem. */
export function readCaseStudiesPost(fields: Readonly<Record<string, unknown>>, now = Date.now()): CaseStudiesRead {
  const values: FormValues = {};
  const errors: FormErrors = {};
  const rows = rowsIn(fields, (row) => caseStudyName("studies", row, "client"));
  const placed = new PositionedRows<CaseStudy>(rows);
  for (let row = 0; row < rows; row++) {
    const name = (key: string) => caseStudyName("studies", row, key);
    for (const field of caseStudyFields) values[name(field.key)] = postText(fields, name(field.key));
    const removed = postText(fields, name(REMOVE)) !== "";
    if (removed) values[name(REMOVE)] = "on";
    // A select always posts a service: the blank row is blank whatever it shows.
    const blank = caseStudyFields.every((field) => field.kind === "position" || field.kind === "service" || !values[name(field.key)]);
    if (removed || blank) continue;
    const typed = (key: FieldKey) => values[name(key)]!;
    const problem = (key: FieldKey, message: string | undefined) => {
      if (message) errors[name(key)] ??= message;
    };
    const service = typed("service");
    if (!isServiceSlug(service)) problem("service", "Choose the service this case study is about.");
    problem("client", textProblem(typed("client"), "Client", { max: NAME_MAX }));
    problem("industry", textProblem(typed("industry"), "Industry", { max: NAME_MAX }));
    problem("headline", textProblem(typed("headline"), "Headline", { max: HEADLINE_MAX }));
    problem("problem", textProblem(typed("problem"), "Problem", { max: STORY_MAX }));
    problem("solution", textProblem(typed("solution"), "Solution", { max: STORY_MAX }));
    for (const key of ["resultValue", "resultLabel"] as const) if (!typed(key)) problem(key, FIGURES_MISSING);
    problem("resultValue", textProblem(typed("resultValue"), "Result figure", { max: FIGURE_MAX }));
    problem("resultLabel", textProblem(typed("resultLabel"), "What the figure measures", { max: NAME_MAX }));
    const image = typed("image") ? mediaImageOf(typed("image")) : null;
    if (typed("image") && !image) problem("image", "That is not an uploaded image's path: upload the image again, or empty the path.");
    if (typed("image") && !typed("imageAlt"))
      problem("imageAlt", "Give the image's alt text: what it shows, for readers who cannot see it.");
    problem("imageAlt", textProblem(typed("imageAlt"), "Image alt text", { optional: true }));
    const { showsFrom, problem: timeProblem } = readShowsFrom(typed("showsFrom"));
    problem("showsFrom", timeProblem);
    const study: CaseStudy = {
      service: service as CaseStudy["service"],
      client: typed("client"),
      industry: typed("industry"),
      headline: typed("headline"),
      problem: typed("problem"),
      solution: typed("solution"),
      result: { value: typed("resultValue"), label: typed("resultLabel") },
      ...(image && { image: { path: typed("image"), width: image.width, height: image.height, alt: typed("imageAlt") } }),
      ...(showsFrom ? { showsFrom } : {}),
    };
    problem("position", placed.place(row, typed("position"), study));
  }
  const studies = placed.inOrder();
  const last = (key: FieldKey) => caseStudyName("studies", Math.max(rows - 1, 0), key);
  const left = serviceChoices.map((choice) => choice.value).filter((slug) => !studies.some((study) => study.service === slug));
  // Those shown now: a study saved for later leaves its page without one until its time.
  const waiting = serviceChoices
    .map((choice) => choice.value)
    .filter((slug) => !left.includes(slug) && !shownAt(studies, now).some((study) => study.service === slug));
  if (left.length)
    errors[last("service")] ??=
      `${serviceNames(left)} ${left.length === 1 ? "has" : "have"} no case study left: each service page shows one. Keep one, or add one here.`;
  else if (waiting.length)
    errors[last("showsFrom")] ??=
      `${serviceNames(waiting)} would show no case study until a time given here: each service page shows one. Keep one shown now.`;
  if (placed.count > STUDIES_MAX) errors[last("client")] ??= `${placed.count} case studies: keep it to ${STUDIES_MAX}.`;
  if (Object.keys(errors).length) return { ok: false, errors, values };
  return { ok: true, content: { studies }, values };
}
