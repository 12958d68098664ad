import {
  type FormErrors,
  type FormValues,
  type MappedFieldSpec,
  PositionedRows,
  postText,
  readShowsFrom,
  REMOVE,
  rowsIn,
  showsFromField,
  showsFromText,
  textProblem,
} from "#app/content/field-map.ts";
import { shownAt } from "#app/content/shows-from.ts";
import { FREE_AUDIT_SHOWS, HOME_SHOWS, type Testimonial, type TestimonialsContent } from "#app/content/testimonials.ts";

/**
 * The testimonials editor's form (/admin/testimonials, decision 0052), built from the field map below:
 * two lists, each row's fields named by list and place (`home.0.quote`). A row's position orders its
 * list (the pages show the first ones); one blank row per list adds one, a ticked "remove" drops one.
 * A row with a time shows from then (app/content/shows-from.ts): a list needs one row that shows now.
 */

const QUOTE_MAX = 320;

export const testimonialFields = [
  { key: "position", label: "Position", kind: "position", hint: "1 shows first" },
  { key: "name", label: "Name", kind: "text" },
  { key: "title", label: "Title", kind: "text" },
  { key: "company", label: "Company", kind: "text" },
  { key: "initials", label: "Initials", kind: "text", optional: true, hint: "Blank: taken from the name" },
  { key: "quote", label: "Quote", kind: "long", hint: `Their words, without quotation marks, up to ${QUOTE_MAX} characters` },
  { key: "results", label: "Result", kind: "text", hint: "e.g. +320% online revenue in 90 days" },
  showsFromField,
] as const satisfies readonly MappedFieldSpec[];

type ListKey = keyof TestimonialsContent;

/** The two lists, in the editor's order, with what each page shows of them. */
export const testimonialLists: ReadonlyArray<{ key: ListKey; title: string; shows: string; noun: string }> = [
  { key: "home", title: "Home page", noun: "the home page", shows: `The home page shows the first ${HOME_SHOWS}; the others wait here.` },
  {
    key: "freeAudit",
    title: "Free audit page",
    noun: "the free audit page",
    shows: `The free audit page shows the first ${FREE_AUDIT_SHOWS}; the first is also the quote in the home page's free-audit block.`,
  },
];

export const testimonialName = (list: ListKey, row: number, key: string) => `${list}.${row}.${key}`;

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .map((word) => word[0])
    .filter((_, index, all) => index === 0 || index === all.length - 1)
    .join("");

/** The form's values for `content`: its rows in order, and a blank one after each list. */
export function testimonialsValuesOf(content: TestimonialsContent): FormValues {
  const values: FormValues = {};
  for (const { key } of testimonialLists) {
    [...content[key], null].forEach((testimonial, row) => {
      for (const field of testimonialFields) {
        const text =
          field.key === "position"
            ? String(row + 1)
            : field.key === "showsFrom"
              ? showsFromText(testimonial?.showsFrom)
              : testimonial?.[field.key];
        values[testimonialName(key, row, field.key)] = testimonial ? (text ?? "") : "";
      }
    });
  }
  return values;
}

export type TestimonialsRead =
  { ok: true; content: TestimonialsContent; values: FormValues } | { ok: false; errors: FormErrors; values: FormValues };

/** The content a post gives, its rows sorted by position, or every field's problem. */
export function readTestimonialsPost(fields: Readonly<Record<string, unknown>>, now = Date.now()): TestimonialsRead {
  const values: FormValues = {};
  const errors: FormErrors = {};
  const content = { home: [] as Testimonial[], freeAudit: [] as Testimonial[] };
  for (const list of testimonialLists) {
    const named = new Set<string>();
    const rows = rowsIn(fields, (row) => testimonialName(list.key, row, "name"));
    const placed = new PositionedRows<Testimonial>(rows);
    for (let row = 0; row < rows; row++) {
      const name = (key: string) => testimonialName(list.key, row, key);
      const typed = (key: string) => (values[name(key)] = postText(fields, name(key)));
      for (const field of testimonialFields) typed(field.key);
      const removed = postText(fields, name(REMOVE)) !== "";
      if (removed) values[name(REMOVE)] = "on";
      if (removed || testimonialFields.every((field) => field.key === "position" || !values[name(field.key)])) continue;
      const problem = (key: string, message: string | undefined) => {
        if (message) errors[name(key)] = message;
      };
      const person = values[name("name")]!;
      problem("name", textProblem(person, "Name"));
      if (person && named.has(person.toLowerCase())) problem("name", `${person} is already in this list: each testimonial once.`);
      named.add(person.toLowerCase());
      problem("title", textProblem(values[name("title")]!, "Title"));
      problem("company", textProblem(values[name("company")]!, "Company"));
      const initials = values[name("initials")] || initialsOf(person);
      if (!/^\p{L}{1,3}$/u.test(initials)) problem("initials", "Give one to three letters for the picture, e.g. TM.");
      const quote = values[name("quote")]!;
      problem("quote", textProblem(quote, "Quote", { max: QUOTE_MAX }));
      problem("results", textProblem(values[name("results")]!, "Result"));
      const { showsFrom, problem: timeProblem } = readShowsFrom(values[name("showsFrom")]!);
      problem("showsFrom", timeProblem);
      const testimonial = {
        name: person,
        title: values[name("title")]!,
        company: values[name("company")]!,
        initials: initials.toUpperCase(),
        rating: 5 as const,
        quote: quote.replace(/^["“]+|["”]+$/g, ""),
        results: values[name("results")]!,
        ...(showsFrom ? { showsFrom } : {}),
      };
      problem("position", placed.place(row, values[name("position")]!, testimonial));
    }
    content[list.key] = placed.inOrder();
    if (!placed.count)
      errors[testimonialName(list.key, 0, "name")] ??= `${list.title} needs at least one testimonial: ${list.noun} shows them.`;
    else if (!shownAt(content[list.key], now).length)
      errors[testimonialName(list.key, 0, "showsFrom")] ??=
        `${list.title} needs one testimonial shown now: ${list.noun} would show none until the first time here.`;
  }
  if (Object.keys(errors).length) return { ok: false, errors, values };
  return { ok: true, content, values };
}
