import { z } from "#app/lib/zod.ts";
import { commonFields } from "#app/forms/common-fields.ts";
import { hasDisallowedCharacters, notAllowed } from "#app/forms/rules.ts";
import { type FormFields, readForm } from "#server/http/request.ts";
import { passwordProblem } from "#server/admin/password.ts";
import { looksLikeEmail, normalizeEmail } from "#server/admin/users.ts";

export type Posted<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      error: string;
      status: number;
      typed: (name: string) => string;
    };

/** Synchronous: an asynchronous check would report the fields out of order. */
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

export async function readPost<S extends z.ZodMiniType>(
  request: Request,
  schema: S,
  statuses: Readonly<Record<string, number>> = {},
): Promise<Posted<z.output<S>>> {
  const form = await readForm(request, new Set());
  if (!form.ok) throw refuse(form.status, "That form could not be read.");
  return checkPost(schema, form.fields, statuses);
}

export function refuse(status: number, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export const posted = z._default(z.string(), "");

export const keysOf = <K extends string>(list: readonly { key: K }[]) => list.map((item) => item.key) as [K, ...K[]];

export const oneLine = (label: string) => posted.check(z.refine((value) => !hasDisallowedCharacters(value, "one"), notAllowed(label)));

export const postedEmail = (message: string) =>
  z.pipe(oneLine(commonFields.email.shortLabel), z.transform(normalizeEmail)).check(z.refine(looksLikeEmail, message));

export function refusePassword(ctx: z.core.ParsePayload<unknown>, password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) ctx.issues.push({ code: "custom", message: problem, input: password, path: ["password"] });
}
