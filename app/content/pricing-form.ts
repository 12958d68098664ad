import {
  type FormErrors,
  type FormValues,
  type MappedFieldSpec,
  postText,
  readShowsFrom,
  REMOVE,
  rowsIn,
  showsFromField,
  showsFromText,
  textProblem,
} from "#app/content/field-map.ts";
import type { AddOn, PricingContent, PricingGroup, PricingTier } from "#app/content/pricing.ts";
import { isServiceSlug, type ServiceSlug } from "#app/content/services.ts";

/**
 * The pricing editor's form (/admin/pricing, docs/decisions/0052), built from
 * the field maps below: each tier's and each add-on's fields, named by where
 * they sit (`g1.t2.price`, `a0.service`). Each group shows one blank tier and
 * the list one blank add-on: filled in, they are added; a ticked "remove"
 * drops a row. Reading a post gives the content or a message per field that
 * would break a page, and the text as typed, which the form shows again.
 */

export type PricingValues = FormValues;
export type PricingErrors = FormErrors;

const FEATURES_MAX = 8;

export const tierFields = [
  { key: "name", label: "Tier name", kind: "text" },
  { key: "price", label: "Price per month", kind: "text", hint: "Rand, lower amount first: R3,250-6,000 or R12,000-30,000+" },
  { key: "adSpend", label: "Recommended ad spend", kind: "text", optional: true, hint: "Ad services only, e.g. R6,500-12,400" },
  { key: "features", label: "Features", kind: "lines", hint: `One a line, up to ${FEATURES_MAX}` },
  { key: "idealFor", label: "Ideal for", kind: "text" },
  { key: "results", label: "Results", kind: "text" },
  { key: "popular", label: "Most popular", kind: "checkbox" },
] as const satisfies readonly MappedFieldSpec[];

export const groupFields = [{ key: "summary", label: "Summary", kind: "text" }] as const satisfies readonly MappedFieldSpec[];

export const addOnFields = [
  { key: "service", label: "Add-on", kind: "text" },
  { key: "description", label: "Description", kind: "text" },
  { key: "price", label: "Price", kind: "text", hint: "e.g. R4,000/month or from R3,500" },
  { key: "serviceSlug", label: "Service page", kind: "service" },
  showsFromField,
] as const satisfies readonly MappedFieldSpec[];

export const tierName = (group: number, tier: number, key: string) => `g${group}.t${tier}.${key}`;
export const addOnName = (addOn: number, key: string) => `a${addOn}.${key}`;
export const summaryName = (group: number) => `g${group}.summary`;

/** The form's values for `content`: its rows, and a blank one after each list. */
export function pricingValuesOf(content: PricingContent): PricingValues {
  const values: PricingValues = {};
  content.groups.forEach((group, g) => {
    values[summaryName(g)] = group.summary;
    [...group.tiers, null].forEach((tier, t) => {
      for (const field of tierFields) values[tierName(g, t, field.key)] = tier ? tierText(tier, field.key) : "";
    });
  });
  [...content.addOns, null].forEach((addOn, a) => {
    for (const field of addOnFields)
      values[addOnName(a, field.key)] = !addOn ? "" : field.key === "showsFrom" ? showsFromText(addOn.showsFrom) : addOn[field.key];
  });
  return values;
}

function tierText(tier: PricingTier, key: (typeof tierFields)[number]["key"]): string {
  if (key === "features") return tier.features.join("\n");
  if (key === "popular") return tier.popular ? "on" : "";
  return tier[key] ?? "";
}

/** The rand amounts of a price text, in order: "R12,000-30,000+" is [12000, 30000]. */
export function randAmounts(text: string): number[] {
  return [...text.matchAll(/\d[\d,]*/g)].map((m) => Number(m[0].replaceAll(",", "")));
}

/** What is wrong with a price or ad-spend text, if anything. */
function rangeProblem(text: string, what: string): string | undefined {
  const amounts = randAmounts(text);
  if (!amounts.length) return `Give the ${what} in rand, for example R3,250-6,000.`;
  if (amounts.length > 2) return `Give the ${what} as one amount or one range, for example R3,250-6,000.`;
  if (amounts.length === 2 && amounts[0]! > amounts[1]!) return `The ${what} runs the wrong way round: put the lower amount first.`;
  return undefined;
}

export type PricingRead =
  { ok: true; content: PricingContent; values: PricingValues } | { ok: false; errors: PricingErrors; values: PricingValues };

/**
 * The content a post gives, over `current` (whose groups, their services and
 * titles, the form does not change), or every field's problem.
 */
export function readPricingPost(fields: Readonly<Record<string, unknown>>, current: PricingContent): PricingRead {
  const text = (name: string) => postText(fields, name);
  const values: PricingValues = {};
  const errors: PricingErrors = {};
  const groups: PricingGroup[] = current.groups.map((group, g) => {
    values[summaryName(g)] = text(summaryName(g));
    const summaryProblem = textProblem(values[summaryName(g)]!, "Summary");
    if (summaryProblem) errors[summaryName(g)] = summaryProblem;
    const tiers: PricingTier[] = [];
    const rows = rowsIn(fields, (t) => tierName(g, t, "name"));
    const named = new Map<string, number>();
    for (let t = 0; t < rows; t++) {
      const row = (key: string) => (values[tierName(g, t, key)] = text(tierName(g, t, key)));
      for (const field of tierFields) row(field.key);
      const removed = text(tierName(g, t, REMOVE)) !== "";
      if (removed) values[tierName(g, t, REMOVE)] = "on";
      const blank = tierFields.every((field) => !values[tierName(g, t, field.key)]);
      if (removed || blank) continue;
      const problem = (key: string, message: string | undefined) => {
        if (message) errors[tierName(g, t, key)] = message;
      };
      const name = values[tierName(g, t, "name")]!;
      problem("name", textProblem(name, "Tier name"));
      const same = named.get(name.toLowerCase());
      if (name && same !== undefined)
        problem("name", `Another tier of ${group.title} is already called ${name}: each tier needs its own name.`);
      named.set(name.toLowerCase(), t);
      const price = values[tierName(g, t, "price")]!;
      problem("price", textProblem(price, "Price") ?? rangeProblem(price, "price"));
      const adSpend = values[tierName(g, t, "adSpend")]!;
      problem("adSpend", adSpend ? (textProblem(adSpend, "Ad spend") ?? rangeProblem(adSpend, "ad spend")) : undefined);
      const features = values[tierName(g, t, "features")]!.split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
      if (!features.length) problem("features", "Give at least one feature, one a line.");
      else if (features.length > FEATURES_MAX)
        problem("features", `${features.length} features: keep it to ${FEATURES_MAX}, as the card holds.`);
      else problem("features", features.map((line) => textProblem(line, "A feature")).find(Boolean));
      problem("idealFor", textProblem(values[tierName(g, t, "idealFor")]!, "Ideal for"));
      problem("results", textProblem(values[tierName(g, t, "results")]!, "Results"));
      tiers.push({
        name,
        price,
        ...(adSpend ? { adSpend } : {}),
        features,
        idealFor: values[tierName(g, t, "idealFor")]!,
        results: values[tierName(g, t, "results")]!,
        popular: values[tierName(g, t, "popular")] !== "",
      });
    }
    if (!tiers.length)
      errors[tierName(g, 0, "name")] ??= `${group.title} needs at least one tier: its page and the order wizard offer them.`;
    return { ...group, summary: values[summaryName(g)]!, tiers };
  });

  const addOns: AddOn[] = [];
  const addOnNames = new Set<string>();
  const rows = rowsIn(fields, (a) => addOnName(a, "service"));
  for (let a = 0; a < rows; a++) {
    for (const field of addOnFields) values[addOnName(a, field.key)] = text(addOnName(a, field.key));
    const removed = text(addOnName(a, REMOVE)) !== "";
    if (removed) values[addOnName(a, REMOVE)] = "on";
    const typed = (key: string) => values[addOnName(a, key)]!;
    // The service page select always has a value: a row is blank when its words are.
    if (removed || addOnFields.every((field) => field.kind === "service" || !typed(field.key))) continue;
    const problem = (key: string, message: string | undefined) => {
      if (message) errors[addOnName(a, key)] = message;
    };
    const service = typed("service");
    problem("service", textProblem(service, "Add-on"));
    if (service && addOnNames.has(service.toLowerCase())) problem("service", `Another add-on is already called ${service}.`);
    addOnNames.add(service.toLowerCase());
    problem("description", textProblem(typed("description"), "Description"));
    problem(
      "price",
      textProblem(typed("price"), "Price") ??
        (randAmounts(typed("price")).length ? undefined : "Give the price in rand, e.g. R4,000/month."),
    );
    const slug = typed("serviceSlug");
    if (!isServiceSlug(slug)) problem("serviceSlug", "Choose the service page this add-on belongs to.");
    const { showsFrom, problem: timeProblem } = readShowsFrom(typed("showsFrom"));
    problem("showsFrom", timeProblem);
    addOns.push({
      service,
      description: typed("description"),
      price: typed("price"),
      serviceSlug: slug as ServiceSlug,
      ...(showsFrom ? { showsFrom } : {}),
    });
  }
  if (Object.keys(errors).length) return { ok: false, errors, values };
  return { ok: true, content: { groups, addOns }, values };
}
