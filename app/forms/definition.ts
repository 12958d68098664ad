import type { z } from "#app/lib/zod.ts";
// Types only: a form names the row it is stored as; no database code reaches the browser.
import type { NewLead } from "#server/forms/lead.ts";
import type { LeadTable } from "#server/db/columns.ts";
import type { FormKey } from "#app/forms/form-keys.ts";
import type { Toast } from "#app/forms/messages.ts";
import type { SteppedForm } from "#app/forms/steps.ts";

export type { FormKey } from "#app/forms/form-keys.ts";

/** How often one address may post a form, under a key forms may share (the AI assessment shares the audit's). */
export interface RateLimit {
  key: string;
  max: number;
  windowMinutes: number;
  /**
   * Whether a post the bot check refuses gives its attempt back: it stores and
   * mails nothing, so a person whose check failed is not locked out (the
   * booking form); the lead forms count every attempt (docs/SPEC.md section 9).
   */
  refundsRefusedBotChecks?: boolean;
}

/** What a visitor reads after posting (SPEC.md section 8). */
export interface FormMessages {
  failure: Toast;
  /** The text of a refused bot check: the form's own failure text, or the spec's 'reCAPTCHA verification failed'. */
  botCheckFailed: string;
  /** The rate limit's answer, when the form has words of its own for it (else 'Too many attempts'). */
  rateLimited?: Toast;
}

/**
 * One field of a form: its input's attributes on the page come from here, its
 * rule (app/forms/rules.ts) takes its maximum and its name in messages from
 * here, and the notification, the inbox and the CSV export label it from here.
 */
export interface FormField {
  /** What it posts as: the input's name, the end of its id, its key in the report. */
  name: string;
  /** Its label on the page. */
  label: string;
  /** How its messages and the agency's report name it, where not by the label ("Name" for "Full Name"). */
  shortLabel?: string;
  /** How the agency's report names it, where not by the short label. */
  reportLabel?: string;
  /** The browser requires it, as the schema does. */
  required?: boolean;
  /** Marked and announced as required without being enforced (SPEC.md section 5: the contact form's budget). */
  markedRequired?: boolean;
  /** The most characters it takes: the input's maxlength and the rule's maximum. */
  maxLength?: number;
  /** Typed in a text area: its text may run over several lines, and keeps them in the notification. */
  multiline?: boolean;
  type?: "text" | "email" | "tel" | "url";
  inputMode?: "url" | "tel" | "email" | "numeric";
  autoComplete?: string;
  placeholder?: string;
  /** A choice's options (app/forms/options.ts), as a select or checkboxes list them. */
  options?: readonly ({ value: string; label: string } | string)[];
}

/** A field as a form lists it, before it is given its name. */
export type FieldSpec = Omit<FormField, "name">;

/** A form's fields, each named by the key it is listed under. */
export function formFields<const T extends Record<string, FieldSpec>>(fields: T): { readonly [K in keyof T & string]: T[K] & { name: K } } {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, { ...field, name }])) as {
    [K in keyof T & string]: T[K] & { name: K };
  };
}

/** How a field's messages name it ("Name must be at most 100 characters"). */
export const shortLabelOf = (field: Pick<FormField, "label" | "shortLabel">): string => field.shortLabel ?? field.label;

/** One thing a visitor told us, as the notification, the inbox and the CSV export label it. */
export interface ReportField {
  /** The field it came from (a FormField's name, or what the row holds beyond the form's fields). */
  key: string;
  label: string;
  value: string;
  /** Long text keeps its line breaks. */
  multiline?: boolean;
  /** How an empty value reads in the notification (SPEC.md section 5: "Not specified" unless said). */
  empty?: string;
}

/** A stored row as the database gives it back. */
export type StoredRow = Record<string, unknown>;

/** Everything the site knows about one form, for the browser, the pipeline, the mail and the inbox alike. */
export interface FormDefinition<K extends FormKey = FormKey, S extends z.ZodMiniType = z.ZodMiniType> {
  key: K;
  /** The rules of the whole form: the browser checks them before posting, the server again. */
  schema: S;
  /** Fields that carry a list (checkboxes posting one name several times). */
  listFields?: readonly string[];
  /** For a form that comes in steps: each step's rules and messages. */
  steps?: SteppedForm;
  messages: FormMessages;
  rateLimit: RateLimit;
  /** Where its leads are kept: the table, and the form_type column's value where several forms share one. */
  stored: { table: LeadTable; formType?: string };
  /** How the inbox names it: the key of its filter (kept in the leads table) and its label. */
  inbox: { type: string; label: string };
  /** The fields a visitor fills in, by name. */
  fields: Readonly<Record<string, FormField>>;
  /** The stored row's fields, labelled as the agency reads them in the notification, the inbox and the export. */
  report(row: StoredRow): ReportField[];
}

/** A form whose accepted post is a lead: stored as one row, with a notification to the agency. */
export interface LeadFormDefinition<K extends FormKey = FormKey, S extends z.ZodMiniType = z.ZodMiniType> extends FormDefinition<K, S> {
  messages: FormMessages & { success: Toast };
  /** The row a validated post is stored as (SPEC.md sections 3 and 7). */
  row(lead: z.output<S>): NewLead;
  /** The notification's type (send-notification's `type`, docs/SPEC.md section 7) and heading; an anonymous one names no person. */
  notification: { kind: string; heading: string; anonymous?: boolean };
}

/** SPEC.md section 5: an empty optional value reads like this in notifications. */
export const NOT_SPECIFIED = "Not specified";

/** A row's text value ("" for none). */
export const textOf = (value: unknown): string => (value === null || value === undefined ? "" : String(value));

/** Empty text as null, for an optional column. */
export const orNull = (value: string | undefined | null): string | null => (value ? value : null);

/**
 * A report field from a row's value, labelled as its form field (or, for what
 * the row holds beyond the form's fields, as `{ name, label }` says).
 */
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
