import { ATTRIBUTION_FIELD } from "#app/lib/attribution.ts";
import { botFields, widgetTokenFields } from "#app/forms/bot-fields.ts";

export type FormValues = Record<string, string | string[]>;

const machineryFields: ReadonlySet<string> = new Set([
  ...Object.values(botFields),
  ...widgetTokenFields,
  ATTRIBUTION_FIELD,
  "intent",
  "step",
]);

export function formValues(formData: FormData, listFields: readonly string[] = []): FormValues {
  const values: FormValues = {};
  for (const [name, value] of formData) {
    if (machineryFields.has(name) || typeof value !== "string") continue;
    if (listFields.includes(name)) {
      values[name] = [...((values[name] as string[] | undefined) ?? []), value];
    } else {
      values[name] = value;
    }
  }
  return values;
}

export type FieldErrors = Record<string, string>;

export function firstErrors(fieldErrors: Record<string, string[] | undefined> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(fieldErrors ?? {})) {
    if (messages?.[0]) errors[name] = messages[0];
  }
  return errors;
}
