import { z } from "#app/lib/zod.ts";
import { commonFields } from "#app/forms/common-fields.ts";
import { hasDisallowedCharacters, notAllowed } from "#app/forms/rules.ts";
import { type FormFields, readForm } from "#server/http/request.ts";
import { passwordProblem } from "#server/admin/password.ts";
import { looksLikeEmail, normalizeEmail } from "#server/admin/users.ts";

/**
 * The inbox's own forms (the sign-in's two steps, a lead's status and notes,
 * forget, users, sessions, account) read their posts through a zod schema
 * each, as the lead forms do. A refusal names the first field that fails, in
 * the order the schema lists them, with that field's message.
 */

export type Posted<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      error: string;
      status: number;
      /** A text field as it was posted, for a form that shows it again. */
      typed: (name: string) => string;
    };

/**
 * Values checked by `schema`, or the first failing field's message, answered
 * 400 unless `statuses` gives that field another status. The check is
 * synchronous: an asynchronous one would report the fields out of order.
 */
export function checkPost<S extends z.ZodMiniType>(
  schema: S,
  fields: Readonly<FormFields>,
  statuses: Readonly<Record<string, number>> = {},
): Posted<z.output<S>> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0]!;
  const typed = (name: string) => {
    const value = fields[name];
    return typeof value === "string" ? value : "";
  };
  return { ok: false, error: issue.message, status: statuses[String(issue.path[0])] ?? 400, typed };
}

/** A post checked by `schema` (checkPost); a body that is no form is refused outright. */
export async function readPost<S extends z.ZodMiniType>(
  request: Request,
  schema: S,
  statuses: Readonly<Record<string, number>> = {},
): Promise<Posted<z.output<S>>> {
  const form = await readForm(request, new Set());
  if (!form.ok) throw refuse(form.status, "That form could not be read.");
  return checkPost(schema, form.fields, statuses);
}

/** A refusal as plain text: what no page of the inbox shows (a post from another site, a role's limit, a body that is no form). */
export function refuse(status: number, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** A text field as posted, "" when absent. */
export const posted = z._default(z.string(), "");

/** The keys of one of the inbox's lists (statuses, roles), for z.enum. */
export const keysOf = <K extends string>(list: readonly { key: K }[]) => list.map((item) => item.key) as [K, ...K[]];

/** One-line text with no character PostgreSQL cannot compare or a line cannot hold, else "`label` contains characters…". */
export const oneLine = (label: string) => posted.check(z.refine((value) => !hasDisallowedCharacters(value, "one"), notAllowed(label)));

/**
 * An email address typed into an inbox form: refused when it holds a
 * character no address can, else normalised (server/admin/users.ts), and
 * `message` when it still looks like no address.
 */
export const postedEmail = (message: string) =>
  z.pipe(oneLine(commonFields.email.shortLabel), z.transform(normalizeEmail)).check(z.refine(looksLikeEmail, message));

/** Refuses `password` as password.ts does for the account of `email` (too short, too common, the address inside it). */
export function refusePassword(ctx: z.core.ParsePayload<unknown>, password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) ctx.issues.push({ code: "custom", message: problem, input: password, path: ["password"] });
}
