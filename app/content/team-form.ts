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
import { contrastWithWhite } from "#app/content/partners.ts";
import type { TeamContent, TeamMember } from "#app/content/team.ts";

/**
 * The team editor's form (/admin/team, decision 0052), built from the field map below: one list, each
 * row's fields named by its place (`members.0.bio`), ordered by its position; one blank row adds a member,
 * a ticked "remove" drops one. A member's id is what articles name as their author: it is made from the
 * name when the member is added and never changes after, and a member who wrote an article stays.
 * The avatar draws white initials on the background colour (app/components/illustrations/avatar.tsx,
 * and the company profile): a colour is taken only if they read at 4.5:1 on it.
 */

const MEMBERS_MAX = 6;
const NAME_MAX = 60;
const BIO_MAX = 320;
const EXPERTISE_MAX = 6;
const SKILL_MAX = 40;
const MIN_CONTRAST = 4.5;
const HEX = /^#[0-9a-f]{6}$/;

export const teamFields = [
  { key: "position", label: "Position", kind: "position", hint: "1 shows first" },
  { key: "id", label: "Id", kind: "id", hint: "What articles name as their author: made from the name when added, then fixed" },
  { key: "name", label: "Name", kind: "text", hint: "e.g. Lindiwe Dlamini" },
  { key: "role", label: "Role", kind: "text", hint: "e.g. Co-Founder & Head of Paid Search" },
  { key: "bio", label: "Bio", kind: "long", hint: `Up to ${BIO_MAX} characters` },
  { key: "expertise", label: "Expertise", kind: "lines", hint: `One a line, up to ${EXPERTISE_MAX}` },
  { key: "initials", label: "Initials", kind: "text", hint: "One to three capital letters, drawn on the avatar" },
  { key: "background", label: "Avatar colour", kind: "text", hint: "A dark colour as #rrggbb: the initials on it are white" },
  { key: "accent", label: "Avatar accent", kind: "text", hint: "A light colour as #rrggbb, for the avatar's shapes" },
] as const satisfies readonly MappedFieldSpec[];

export const teamLists = [
  { key: "members", title: "Team", shows: "/about and the company profile show them all, in this order; an article, its author." },
] as const;

export const teamName = (_list: "members", row: number, key: string) => `members.${row}.${key}`;

const idOf = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const textOf = (member: TeamMember, key: (typeof teamFields)[number]["key"], row: number) => {
  if (key === "position") return String(row + 1);
  if (key === "expertise") return member.expertise.join("\n");
  if (key === "background" || key === "accent") return member.avatar[key];
  return member[key];
};

/** The form's values for `content`: its rows in order, and a blank one after. */
export function teamValuesOf(content: TeamContent): FormValues {
  const values: FormValues = {};
  [...content.members, null].forEach((member, row) => {
    for (const field of teamFields) values[teamName("members", row, field.key)] = member ? textOf(member, field.key, row) : "";
  });
  return values;
}

export type TeamRead = { ok: true; content: TeamContent; values: FormValues } | { ok: false; errors: FormErrors; values: FormValues };

/** The team a post gives, sorted by position, or every field's problem; `live`: the saved team, whose ids stay. */
export function readTeamPost(fields: Readonly<Record<string, unknown>>, live: TeamContent): TeamRead {
  const values: FormValues = {};
  const errors: FormErrors = {};
  const ids = new Set<string>();
  // The avatar's gradient is named by its initials.
  const initialsTaken = new Set<string>();
  const known = new Set(live.members.map((member) => member.id));
  const rows = rowsIn(fields, (row) => teamName("members", row, "name"));
  const placed = new PositionedRows<TeamMember>(rows);
  for (let row = 0; row < rows; row++) {
    const name = (key: string) => teamName("members", row, key);
    for (const field of teamFields) values[name(field.key)] = postText(fields, name(field.key));
    const removed = postText(fields, name(REMOVE)) !== "";
    if (removed) values[name(REMOVE)] = "on";
    if (removed || teamFields.every((field) => field.key === "position" || !values[name(field.key)])) continue;
    const problem = (key: string, message: string | undefined) => {
      if (message) errors[name(key)] = message;
    };
    const person = values[name("name")]!;
    problem("name", textProblem(person, "Name", { max: NAME_MAX }));
    // An existing member keeps the id posted with the row; a new one's is made from the name.
    const posted = values[name("id")]!;
    const id = posted || idOf(person);
    if (posted && !known.has(posted))
      problem("id", `${posted} is no member's id: an id cannot be changed. Reload the page and edit again.`);
    else if (person && !id) problem("name", "Give a name with letters a to z in it: the member's id is made from it.");
    if (id && ids.has(id)) problem("name", `${person} is already in the team: each member once.`);
    ids.add(id);
    problem("role", textProblem(values[name("role")]!, "Role", { max: NAME_MAX }));
    problem("bio", textProblem(values[name("bio")]!, "Bio", { max: BIO_MAX }));
    const expertise = values[name("expertise")]!.split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    if (!expertise.length) problem("expertise", "Give at least one area of expertise, one a line.");
    else if (expertise.length > EXPERTISE_MAX)
      problem("expertise", `${expertise.length} areas: keep it to ${EXPERTISE_MAX}, as the card holds.`);
    else problem("expertise", expertise.map((skill) => textProblem(skill, "An area of expertise", { max: SKILL_MAX })).find(Boolean));
    const initials = values[name("initials")]!;
    if (!/^\p{Lu}{1,3}$/u.test(initials)) problem("initials", "Give one to three capital letters for the avatar, e.g. LD.");
    else if (initialsTaken.has(initials)) problem("initials", `${initials} are another member's initials: give each member their own.`);
    initialsTaken.add(initials);
    const background = values[name("background")]!.toLowerCase();
    const accent = values[name("accent")]!.toLowerCase();
    if (!HEX.test(background)) problem("background", "Give the colour as # and six hexadecimal digits, e.g. #1e40af.");
    else if (contrastWithWhite(background) < MIN_CONTRAST)
      problem(
        "background",
        `White initials on ${background} read at ${contrastWithWhite(background).toFixed(1)}:1, under ${MIN_CONTRAST}:1: choose a darker colour.`,
      );
    if (!HEX.test(accent)) problem("accent", "Give the colour as # and six hexadecimal digits, e.g. #60a5fa.");
    const member = {
      id,
      name: person,
      role: values[name("role")]!,
      bio: values[name("bio")]!,
      expertise,
      initials,
      avatar: { background, accent },
    };
    problem("position", placed.place(row, values[name("position")]!, member));
  }
  if (!placed.count) errors[teamName("members", 0, "name")] = "/about needs at least one member of the team.";
  if (placed.count > MEMBERS_MAX)
    errors[teamName("members", rows - 1, "name")] ??= `${placed.count} members: keep it to ${MEMBERS_MAX}, two rows of /about.`;
  if (Object.keys(errors).length) return { ok: false, errors, values };
  return { ok: true, content: { members: placed.inOrder() }, values };
}

/**
 * A member removed who is an article's author, refused beside their name with the articles named: an
 * article shows its author by id, and would be left with none.
 */
export function authorsRemoved(
  live: TeamContent,
  content: TeamContent,
  values: FormValues,
  articles: ReadonlyArray<{ author: string; title: string }>,
): FormErrors {
  const errors: FormErrors = {};
  const kept = new Set(content.members.map((member) => member.id));
  for (const member of live.members) {
    const written = articles.filter((article) => article.author === member.id).map((article) => `“${article.title}”`);
    if (kept.has(member.id) || !written.length) continue;
    const row = Object.keys(values).find((field) => field.endsWith(".id") && values[field] === member.id);
    errors[row ? row.replace(/id$/, "name") : teamName("members", 0, "name")] =
      `${member.name} wrote ${written.join(", ")}: an article keeps its author, so give those another one before removing ${member.name}.`;
  }
  return errors;
}
