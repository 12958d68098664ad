import {
  type FormErrors,
  type FormValues,
  type MappedFieldSpec,
  PositionedRows,
  postText,
  REMOVE,
  rowsIn,
  textProblem,
} from "#app/content/field-map.ts";
import { contrastWithWhite, type PartnerBadge, type PartnersContent } from "#app/content/partners.ts";

/**
 * The partner badges editor's form (/admin/badges, decision 0052), built from the field map below: one
 * list, each row's fields named by its place (`badges.0.colour`), ordered by its position; one blank row
 * adds a badge, a ticked "remove" drops one. A colour is taken only if white text on it reads at 4.5:1.
 */

const BADGES_MAX = 12;
const BADGE_TEXT_MAX = 60;
const MIN_CONTRAST = 4.5;

export const badgeFields = [
  { key: "position", label: "Position", kind: "position", hint: "1 shows first" },
  { key: "name", label: "Badge", kind: "text", hint: "e.g. Google Partner" },
  { key: "text", label: "What it covers", kind: "text", hint: `Up to ${BADGE_TEXT_MAX} characters` },
  { key: "colour", label: "Colour", kind: "text", hint: "A dark colour as #rrggbb, e.g. #1a56db: its text is white" },
] as const satisfies readonly MappedFieldSpec[];

export const badgeLists = [{ key: "badges", title: "Partner badges", shows: "The home page shows them all, in this order." }] as const;

export const badgeName = (_list: "badges", row: number, key: string) => `badges.${row}.${key}`;

/** The form's values for `content`: its rows in order, and a blank one after. */
export function badgesValuesOf(content: PartnersContent): FormValues {
  const values: FormValues = {};
  [...content.badges, null].forEach((badge, row) => {
    for (const field of badgeFields)
      values[badgeName("badges", row, field.key)] = !badge ? "" : field.key === "position" ? String(row + 1) : badge[field.key];
  });
  return values;
}

export type BadgesRead = { ok: true; content: PartnersContent; values: FormValues } | { ok: false; errors: FormErrors; values: FormValues };

/** The badges a post gives, sorted by position, or every field's problem. */
export function readBadgesPost(fields: Readonly<Record<string, unknown>>): BadgesRead {
  const values: FormValues = {};
  const errors: FormErrors = {};
  const named = new Set<string>();
  const rows = rowsIn(fields, (row) => badgeName("badges", row, "name"));
  const placed = new PositionedRows<PartnerBadge>(rows);
  for (let row = 0; row < rows; row++) {
    const name = (key: string) => badgeName("badges", row, key);
    for (const field of badgeFields) values[name(field.key)] = postText(fields, name(field.key));
    const removed = postText(fields, name(REMOVE)) !== "";
    if (removed) values[name(REMOVE)] = "on";
    if (removed || badgeFields.every((field) => field.key === "position" || !values[name(field.key)])) continue;
    const problem = (key: string, message: string | undefined) => {
      if (message) errors[name(key)] = message;
    };
    const badge = { name: values[name("name")]!, text: values[name("text")]!, colour: values[name("colour")]!.toLowerCase() };
    problem("name", textProblem(badge.name, "Badge", { max: BADGE_TEXT_MAX }));
    if (badge.name && named.has(badge.name.toLowerCase())) problem("name", `${badge.name} is already a badge: each one once.`);
    named.add(badge.name.toLowerCase());
    problem("text", textProblem(badge.text, "What it covers", { max: BADGE_TEXT_MAX }));
    if (!/^#[0-9a-f]{6}$/.test(badge.colour)) problem("colour", "Give the colour as # and six hexadecimal digits, e.g. #1a56db.");
    else if (contrastWithWhite(badge.colour) < MIN_CONTRAST)
      problem(
        "colour",
        `White text on ${badge.colour} reads at ${contrastWithWhite(badge.colour).toFixed(1)}:1, under ${MIN_CONTRAST}:1: choose a darker colour.`,
      );
    problem("position", placed.place(row, values[name("position")]!, badge));
  }
  if (!placed.count) errors[badgeName("badges", 0, "name")] = "The home page needs at least one badge.";
  if (placed.count > BADGES_MAX)
    errors[badgeName("badges", rows - 1, "name")] ??= `${placed.count} badges: keep it to ${BADGES_MAX}, two rows of the home page.`;
  if (Object.keys(errors).length) return { ok: false, errors, values };
  return {
    ok: true,
    content: { badges: placed.inOrder() },
    values,
  };
}
