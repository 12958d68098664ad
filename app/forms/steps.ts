import { z } from "#app/lib/zod.ts";
import type { FormKey } from "#app/forms/form-keys.ts";
import { type FormValues, formValues } from "#app/forms/form-values.ts";

// Without JavaScript each Next or Previous is a post carrying the answers so far; nothing is stored until the last.

export const stepIntent = { next: "next", previous: "previous", submit: "submit" } as const;

export const stepField = "step";

export interface StepAnswer {
  kind: "step";
  form: FormKey;
  step: number;
  values: FormValues;
  title?: string;
  message?: string;
  fieldErrors?: Record<string, string[]>;
}

export function isStepAnswer(value: unknown): value is StepAnswer {
  return typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "step";
}

export interface SteppedForm {
  form: FormKey;
  steps: readonly z.ZodMiniObject[];
  failure(step: number, fieldErrors: Record<string, string[]>): { title: string; message: string };
}

export function fieldErrorsOf(schema: z.ZodMiniType, values: FormValues): Record<string, string[]> | null {
  const parsed = schema.safeParse(values);
  return parsed.success ? null : (z.flattenError(parsed.error).fieldErrors as Record<string, string[]>);
}

export function stepOfErrors(stepped: SteppedForm, fieldErrors: Record<string, unknown> | undefined): number | undefined {
  const names = Object.keys(fieldErrors ?? {});
  if (!names.length) return undefined;
  const index = stepped.steps.findIndex((schema) => names.some((name) => name in schema.shape));
  return index >= 0 ? index + 1 : undefined;
}

/** The earliest failing step's message, as its Next would say it. */
export function failedStep(
  stepped: SteppedForm,
  fieldErrors: Record<string, string[]>,
): { step: number; title: string; message: string } | undefined {
  for (const [index, schema] of stepped.steps.entries()) {
    const own = Object.fromEntries(Object.entries(fieldErrors).filter(([name]) => name in schema.shape));
    if (Object.keys(own).length > 0) return { step: index + 1, ...stepped.failure(index + 1, own) };
  }
  return undefined;
}

function postedStep(stepped: SteppedForm, raw: FormDataEntryValue | null): number {
  const step = Number.parseInt(String(raw ?? "1"), 10);
  return Number.isFinite(step) ? Math.min(Math.max(step, 1), stepped.steps.length) : 1;
}

export function moveStep(
  stepped: SteppedForm,
  formData: FormData,
  intent: "next" | "previous",
  listFields: readonly string[] = [],
): StepAnswer {
  const step = postedStep(stepped, formData.get(stepField));
  const values = formValues(formData, listFields);
  if (intent === "previous") return { kind: "step", form: stepped.form, step: Math.max(1, step - 1), values };
  const fieldErrors = fieldErrorsOf(stepped.steps[step - 1]!, values);
  if (fieldErrors) return { kind: "step", form: stepped.form, step, values, fieldErrors, ...stepped.failure(step, fieldErrors) };
  return { kind: "step", form: stepped.form, step: Math.min(step + 1, stepped.steps.length), values };
}
