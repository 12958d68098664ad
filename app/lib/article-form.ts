import { categoryNames } from "#app/content/articles.ts";
import { remoteImageIn } from "#app/lib/markdown.ts";
import { sastInstant } from "#app/lib/sast.ts";
import { z } from "#app/lib/zod.ts";

/**
 * An article as the agency edits it in the inbox (/admin/articles): its
 * states, the limits search engines set, and the one schema its form is read
 * with, whose messages the editor shows beside each field (docs/decisions/0036).
 */

export const articleStatuses = [
  { key: "draft", label: "Draft" },
  { key: "scheduled", label: "Scheduled" },
  { key: "published", label: "Published" },
  { key: "unpublished", label: "Unpublished" },
] as const;

export type ArticleStatus = (typeof articleStatuses)[number]["key"];

export const articleStatusLabel = (key: string) => articleStatuses.find((s) => s.key === key)?.label ?? key;

/** What search engines show whole: a title tag's headline and a meta description. */
export const SEO_TITLE_MAX = 60;
export const SEO_DESCRIPTION_MAX = 160;
/** Characters of Markdown: with the rest of the form it stays under the server's 32 KB form limit (server/http/request.ts). */
const BODY_MAX = 20_000;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A featured image is a file on this site: one leading slash, an image's extension. */
const IMAGE_PATH = /^\/(?![/\\])[\w\-./]+\.(?:svg|png|jpe?g|webp|avif)$/i;
/** What the editor's file input offers: the formats server/articles/images.ts decodes. */
export const IMAGE_FILE_TYPES = "image/jpeg,image/png,image/webp,image/avif";
/**
 * A publishing time in SAST, 24-hour, as the editor's field shows it (2026-12-01 09:00); a "T" for the
 * space is read too, as a datetime-local input posted it. A text field, not datetime-local: that one
 * follows the browser's locale (mm/dd/yyyy and a 12-hour clock in en-US) and its zone, never SAST.
 */
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Characters nobody means to type, often pasted along with text from another
 * program: controls other than tab and line breaks, and the two
 * noncharacters. XML 1.0 has no way to write them, so one in a title would
 * make the RSS feed unreadable (app/lib/feed.ts drops any that are stored).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is its purpose
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/;

/** Refuses a control character, saying where it is so the editor can find what they cannot see. */
const noControlCharacters = (label: string) =>
  z.refine<string>((text) => !CONTROL_CHARACTER.test(text), {
    error: (issue) =>
      `${label} holds an invisible control character (at character ${String(issue.input).search(CONTROL_CHARACTER) + 1}), often pasted from another program: delete it, or retype the text around it.`,
  });

/** A required text field: trimmed, at least one character, at most `max`, no control characters. */
const required = (label: string, missing: string, max: number) =>
  z
    .string({ error: missing })
    .check(z.trim(), z.minLength(1, missing), z.maxLength(max, `${label} is at most ${max} characters.`), noControlCharacters(label));

/** An optional text field: trimmed, "" when absent, no control characters. */
const optional = (label: string, max: number) =>
  z._default(z.string().check(z.trim(), z.maxLength(max, `${label} is at most ${max} characters.`), noControlCharacters(label)), "");

/** The form read with the ids of the team as the agency has it now (decision 0052): the author is one of them. */
export const articleFormSchema = (authorIds: readonly string[]) =>
  z
    .object({
      title: required("The title", "Give the article a title.", 120),
      slug: required("The slug", "Give the article a slug: its address is /blog/slug.", 80).check(
        z.regex(SLUG, "Write the slug in lowercase letters, digits and hyphens, e.g. google-ads-budgets."),
      ),
      excerpt: required("The excerpt", "Write an excerpt: the listing and search results show it.", 300),
      category: z.enum(categoryNames, { error: "Choose a category." }),
      author: z.enum(authorIds as [string, ...string[]], { error: "Choose an author from the team." }),
      keywords: z.pipe(
        optional("Keywords", 500),
        z.transform((text) =>
          text
            .split(",")
            .map((word) => word.trim())
            .filter(Boolean),
        ),
      ),
      seoTitle: optional("The SEO title", SEO_TITLE_MAX),
      seoDescription: optional("The SEO description", SEO_DESCRIPTION_MAX),
      imagePath: optional("The image path", 300).check(
        z.refine((path) => path === "" || IMAGE_PATH.test(path), "Give the image as a path on this site, e.g. /blog/images/chart.png."),
      ),
      imageAlt: optional("The alt text", 250),
      body: required("The body", "Write the article's body.", BODY_MAX).check(
        z.refine((body) => remoteImageIn(body) === null, {
          error: (issue) =>
            `The image ${remoteImageIn(String(issue.input))} is on another site: upload it as the featured image and use its /media/ path, or a path on this site. Another site's image is blocked on the article's page, and in the newsletter its owner would see every subscriber who opens it.`,
        }),
      ),
      featured: z.pipe(
        z._default(z.string(), ""),
        z.transform((value) => value === "on"),
      ),
      readTime: z.pipe(
        optional("The read time", 3).check(
          z.refine((text) => /^\d{0,3}$/.test(text) && Number(text) <= 120, "Give whole minutes, up to 120."),
        ),
        z.transform((text) => (text === "" || text === "0" ? null : Number(text))),
      ),
      publishAt: optional("The publishing time", 16).check(
        z.refine((text) => text === "" || parseSastLocal(text) !== null, "Give the publishing time as a date and a time (SAST)."),
      ),
    })
    .check(
      z.refine((form) => !filled(form.imagePath) || filled(form.imageAlt), {
        error: "Describe the image for readers who cannot see it.",
        path: ["imageAlt"],
        // Checked even when other fields are wrong, so every message shows at once.
        when: () => true,
      }),
    );

/** Whether a posted field holds more than spaces (read before the fields' own checks have passed). */
const filled = (value: unknown) => typeof value === "string" && value.trim() !== "";

export type ArticleForm = z.output<ReturnType<typeof articleFormSchema>>;

/** Each field given its name, the key it is listed under (as app/forms/definition.ts formFields does for the lead forms). */
const named = <const T extends Record<string, ArticleFieldSpec>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, { ...field, name }])) as {
    readonly [K in keyof T & string]: T[K] & { name: K };
  };

/** How the editor shows a field (app/components/admin/article-fields.tsx); a plain text input unless `control` says. */
export interface ArticleFieldSpec {
  label: string;
  maxLength?: number;
  inputMode?: "numeric";
  placeholder?: string;
  options?: readonly ({ value: string; label: string } | string)[];
  control?: "textarea" | "select" | "counted" | "file" | "checkbox" | "body" | "sast-time";
  hint?: string;
  /** Typed as code: a slug, a path. */
  mono?: boolean;
  /** Across both of the grid's columns. */
  wide?: boolean;
}

/** The editor's fields, in the order it shows them: their labels, hints and controls, with the schema above beside them. */
export const articleFields = named({
  title: { label: "Title" },
  slug: { label: "Slug", mono: true, hint: "The address: /blog/slug. Changing it keeps the old address working." },
  excerpt: { label: "Excerpt", control: "textarea", wide: true, hint: "One or two sentences under the title and on the listing." },
  category: { label: "Category", control: "select", options: categoryNames, placeholder: "Choose…" },
  // Its options are the team's members as the agency has them now, which the loader gives.
  author: { label: "Author", control: "select", placeholder: "Choose…" },
  keywords: { label: "Keywords", hint: "Separated by commas." },
  readTime: { label: "Read time in minutes (optional)", inputMode: "numeric", hint: "Left empty, it is computed from the body." },
  seoTitle: {
    label: "SEO title (optional)",
    control: "counted",
    maxLength: SEO_TITLE_MAX,
    hint: "For the title tag when the title is longer than search results show.",
  },
  seoDescription: {
    label: "SEO description (optional)",
    control: "counted",
    maxLength: SEO_DESCRIPTION_MAX,
    hint: "For search results; left empty, the excerpt.",
  },
  imageFile: {
    label: "Upload a featured image",
    control: "file",
    hint: "A JPEG, PNG, WebP or AVIF of at most 10 MB, best 1200 pixels wide or more. Its location and camera details are removed.",
  },
  imagePath: {
    label: "Featured image path (optional)",
    mono: true,
    hint: "Filled in by an upload; or a path on this site, e.g. /blog/images/chart.svg.",
  },
  imageAlt: { label: "Image alt text", hint: "Required with an image: what it shows, for readers who cannot see it." },
  featured: { label: "Featured on the blog's listing", control: "checkbox", wide: true },
  body: { label: "Body (Markdown)", control: "body" },
  publishAt: {
    label: "Publish at (SAST)",
    control: "sast-time",
    placeholder: "2026-12-01 09:00",
    hint: "Date and 24-hour time, e.g. 2026-12-01 09:00.",
  },
} satisfies Record<string, ArticleFieldSpec>);

export type ArticleFieldName = keyof typeof articleFields;
/** The form's text, as its inputs hold it (the file input holds none). */
export type ArticleValues = Record<Exclude<ArticleFieldName, "imageFile">, string>;

/** A datetime-local value read as SAST (seconds may follow the minutes), or null when it is none. */
export function parseSastLocal(text: string): Date | null {
  const match = LOCAL_TIME.exec(text);
  if (!match) return null;
  const [, date, hours, minutes, seconds = "0"] = match;
  const instant = new Date(sastInstant(date!, Number(hours) * 60 + Number(minutes)).getTime() + Number(seconds) * 1000);
  return Number.isNaN(instant.getTime()) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59 ? null : instant;
}

/** Each field's first message, for the editor to show beside it. */
export function fieldErrors(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
