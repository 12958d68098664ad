import type { z } from "#app/lib/zod.ts";
// Types only: a form names the row it is stored as; no database code reaches the browser.
import type { NewLead } from "#server/forms/lead.ts";
import type { LeadTable } from "#server/db/columns.ts";
import type { FormKey } from "#app/forms/form-keys.ts";
import type { Toast } from "#app/forms/messages.ts";
import type { SteppedForm } from "#app/forms/steps.ts";

export type { FormKey } from "#app/forms/form-keys.ts";

export interface RateLimit {
  key: string;
  max: number;
  windowMinutes: number;
  /** The booking form gives a refused bot check's attempt back, so a person is not locked out; lead forms count every one. */
  refundsRefusedBotChecks?: boolean;
}

export interface FormMessages {
  failure: Toast;
  botCheckFailed: string;
  rateLimited?: Toast;
}

/** The input, the rule, the notification, the inbox and the export all read a field from here. */
export interface FormField {
  name: string;
  label: string;
  shortLabel?: string;
  reportLabel?: string;
  required?: boolean;
  /** SPEC.md section 5: the contact form's budget. */
  markedRequired?: boolean;
  maxLength?: number;
  multiline?: boolean;
  type?: "text" | "email" | "tel" | "url";
  inputMode?: "url" | "tel" | "email" | "numeric";
  autoComplete?: string;
  placeholder?: string;
  options?: readonly ({ value: string; label: string } | string)[];
}

export type FieldSpec = Omit<FormField, "name">;

export function formFields<const T extends Record<string, FieldSpec>>(fields: T): { readonly [K in keyof T & string]: T[K] & { name: K } } {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, { ...field, name }])) as {
    [K in keyof T & string]: T[K] & { name: K };
  };
}

export const shortLabelOf = (field: Pick<FormField, "label" | "shortLabel">): string => field.shortLabel ?? field.label;

export interface ReportField {
  key: string;
  label: string;
  value: string;
  multiline?: boolean;
  /** SPEC.md section 5: "Not specified" unless said. */
  empty?: string;
}

export type StoredRow = Record<string, unknown>;

export interface FormDefinition<K extends FormKey = FormKey, S extends z.ZodMiniType = z.ZodMiniType> {
  key: K;
  /** The browser checks them before posting, the server again. */
  schema: S;
  listFields?: readonly string[];
  steps?: SteppedForm;
  messages: FormMessages;
  rateLimit: RateLimit;
  stored: { table: LeadTable; formType?: string };
  inbox: { type: string; label: string };
  fields: Readonly<Record<string, FormField>>;
  report(row: StoredRow): ReportField[];
}

/** A form whose accepted post is a lead: stored as one row, with a notification to the agency. */
export interface LeadFormDefinition<K extends FormKey = FormKey, S extends z.ZodMiniType = z.ZodMiniType> extends FormDefinition<K, S> {
  messages: FormMessages & { success: Toast };
  row(lead: z.output<S>): NewLead;
  /** The notification's type (send-notification's `type`, docs/SPEC.md section 7) and heading; an anonymous one names no person. */
  notification: { kind: string; heading: string; anonymous?: boolean };
}

export const NOT_SPECIFIED = "Not specified";

export const textOf = (value: unknown): string => (value === null || value === undefined ? "" : String(value));

export const orNull = (value: string | undefined | null): string | null => (value ? value : null);

export function reported(
  field: Pick<FormField, "name" | "label" | "shortLabel" | "reportLabel" | "multiline">,
  value: unknown,
  options: Pick<ReportField, "empty"> = {},
): ReportField {
  return {
    key: field.name,
    label: field.reportLabel ?? shortLabelOf(field),
    value: textOf(value),
    ...(field.multiline ? { multiline: true } : {}),
    ...options,
  };
}
