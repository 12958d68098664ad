import { ATTRIBUTION_FIELD } from "#app/lib/attribution.ts";
import { botFields, widgetTokenFields } from "#app/forms/bot-fields.ts";

export type FormValues = Record<string, string | string[]>;

/** Field names that carry the bot check or the form's own machinery, never a visitor's answer. */
const machineryFields: ReadonlySet<string> = new Set([
  ...Object.values(botFields),
  ...widgetTokenFields,
  ATTRIBUTION_FIELD,
  "intent",
  "step",
]);

/**
 * What a visitor typed, as the schemas read it: list fields (checkboxes) as
 * arrays, everything else as text; bot fields and step machinery left out.
 */
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

/** The first message of each field that failed, from zod's flattened errors or an action's answer. */
export type FieldErrors = Record<string, string>;

export function firstErrors(fieldErrors: Record<string, string[] | undefined> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(fieldErrors ?? {})) {
    if (messages?.[0]) errors[name] = messages[0];
  }
  return errors;
}
