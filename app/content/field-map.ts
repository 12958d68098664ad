import { serviceSlugs, serviceSummary } from "#app/content/services.ts";
import { CONTROL_CHARACTER, parseSastLocal } from "#app/lib/article-form.ts";
import { SAST_OFFSET_MS } from "#app/lib/sast.ts";

/**
 * What the site-content editors' forms share (pricing, testimonials; decision 0052): fields drawn from a
 * map, lists of rows named by their place (`g1.t2.price`, `h0.quote`), one blank row to add and a
 * "remove" box per row, and the checks that keep a page's layout whole.
 */

/** The text of each field as typed, by its name: what a refused form shows again. */
export type FormValues = Record<string, string>;
export type FormErrors = Record<string, string>;

export interface MappedFieldSpec {
  key: string;
  label: string;
  /**
   * "image": an uploaded image's path, with a file input beside it (`imageFileName`) whose upload fills it in.
   * "id": shown, posted, not typed (a team member's, which articles name).
   */
  kind: "text" | "lines" | "long" | "checkbox" | "service" | "position" | "image" | "id";
  hint?: string;
  optional?: boolean;
}

/** One field's text, at most: what a card's layout holds. */
export const FIELD_MAX = 160;
export const REMOVE = "remove";

/** The file input beside an "image" field: `studies.0.image` has `studies.0.imageFile`. */
export const imageFileName = (pathName: string) => `${pathName}File`;
/** The "image" field a file input fills in, or null for a field of no image. */
export const imagePathNameOf = (fileName: string) => (fileName.endsWith(".imageFile") ? fileName.slice(0, -"File".length) : null);

/** A post's field as text, with the browser's line ends made one. */
export const postText = (fields: Readonly<Record<string, unknown>>, name: string) =>
  typeof fields[name] === "string" ? (fields[name] as string).replaceAll("\r\n", "\n").trim() : "";

/** How many rows of a list the post holds: its rows are numbered from 0 without gaps. */
export function rowsIn(fields: Readonly<Record<string, unknown>>, name: (row: number) => string): number {
  let rows = 0;
  while (name(rows) in fields && rows < 100) rows++;
  return rows;
}

export function textProblem(text: string, label: string, { optional = false, max = FIELD_MAX } = {}): string | undefined {
  if (!text) return optional ? undefined : `Give the ${label.toLowerCase()}.`;
  if (text.length > max) return `${label} is ${text.length} characters: keep it to ${max}, as the page's card holds.`;
  if (CONTROL_CHARACTER.test(text)) return `${label} holds an invisible control character, often pasted from another program: retype it.`;
  return undefined;
}

/** The choices of a "service" field: the service pages. */
export const serviceChoices = serviceSlugs.map((slug) => ({ value: slug, label: serviceSummary(slug).name }));

/**
 * Rows of an ordered list as typed: each `place(row, position)` with the position typed (blank: after the
 * numbered ones, in the form's order), a message when it is not a whole number from 1, and the rows in
 * their order. Of two rows at one position, the one moved there (its position is not its place in the
 * form) goes first: typing 1 on a row puts it first without renumbering the others.
 */
export class PositionedRows<Item> {
  readonly #placed: Array<{ position: number; moved: boolean; row: number; item: Item }> = [];
  readonly #rows: number;
  constructor(rows: number) {
    this.#rows = rows;
  }

  place(row: number, typed: string, item: Item): string | undefined {
    const position = typed ? Number(typed) : this.#rows + row;
    this.#placed.push({ position, moved: typed !== "" && position !== row + 1, row, item });
    return Number.isInteger(position) && position >= 1 ? undefined : "Give the position as a whole number: 1 shows first.";
  }

  get count(): number {
    return this.#placed.length;
  }

  inOrder(): Item[] {
    return this.#placed
      .sort((a, b) => a.position - b.position || Number(b.moved) - Number(a.moved) || a.row - b.row)
      .map((entry) => entry.item);
  }
}

/** When a row shows from (app/content/shows-from.ts): an add-on, a testimonial. */
export const showsFromField = {
  key: "showsFrom",
  label: "Shows from (SAST)",
  kind: "text",
  optional: true,
  hint: "Blank: at once. Or a date and 24-hour time, e.g. 2026-12-01 09:00.",
} as const satisfies MappedFieldSpec;

/** An item's time as its field shows it, in SAST: 2026-12-01 09:00 (and seconds when it has them). */
export const showsFromText = (iso: string | undefined) => {
  if (!iso) return "";
  const local = new Date(Date.parse(iso) + SAST_OFFSET_MS).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, local.slice(17, 19) === "00" ? 16 : 19)}`;
};

/** The field as typed: the instant it gives (none when blank), or why it is not one. */
export function readShowsFrom(typed: string): { showsFrom?: string; problem?: string } {
  if (!typed) return {};
  const instant = parseSastLocal(typed);
  if (!instant) return { problem: "Give the time as a date and a 24-hour time, e.g. 2026-12-01 09:00 (SAST), or leave it blank." };
  return { showsFrom: instant.toISOString() };
}
