import { Icon } from "#app/components/ui/icon.tsx";
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { buttonClass, type ButtonStyle } from "#app/components/ui/button.ts";
import type { FormField } from "#app/forms/definition.ts";
import { botCheckInProgress } from "#app/forms/messages.ts";
import type { Option } from "#app/forms/options.ts";
import type { LeadForm } from "#app/forms/use-lead-form.ts";
import { cn } from "#app/lib/cn.ts";

type FieldSource = Pick<LeadForm, "baseId" | "errors" | "values" | "autoFocusName">;

/** One class in app.css: the company profile dialog puts fields in every page. */
const inputClass = "field-input";

export function fieldId(lead: Pick<LeadForm, "baseId">, name: string): string {
  return `${lead.baseId}-${name}`;
}

export function errorId(lead: Pick<LeadForm, "baseId">, name: string): string {
  return `${fieldId(lead, name)}-error`;
}

function RequiredMark() {
  return (
    <span className="ml-0.5 text-red-700" aria-hidden="true">
      *
    </span>
  );
}

export function RequiredNote({ className }: { className?: string }) {
  return (
    <p className={cn("text-sm text-slate-600", className)}>
      Fields marked <RequiredMark /> are required.
    </p>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
      <Icon name="circle-exclamation-point" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}

interface FieldProps {
  lead: FieldSource;
  field: FormField;
  /** False while a step is hidden; the mark and `aria-required` stay, so the page script needs only `required` set. */
  enforced?: boolean;
  hint?: string;
  className?: string;
}

function useFieldProps({ lead, field: { name, required, markedRequired }, enforced = true, hint }: FieldProps) {
  const id = fieldId(lead, name);
  const error = lead.errors[name];
  const describedBy = [hint ? `${id}-hint` : null, error ? errorId(lead, name) : null].filter(Boolean).join(" ");
  const previous = lead.values?.[name];
  return {
    id,
    error,
    marked: Boolean(required || markedRequired),
    previous: typeof previous === "string" ? previous : undefined,
    control: {
      id,
      name,
      required: (required && enforced) || undefined,
      "aria-required": required || markedRequired || undefined,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy || undefined,
      autoFocus: lead.autoFocusName === name || undefined,
    },
  };
}

function FieldShell({ field, props, children }: { field: ReturnType<typeof useFieldProps>; props: FieldProps; children: ReactNode }) {
  return (
    <div className={props.className}>
      <label htmlFor={field.id} className="block text-sm font-medium text-ink">
        {props.field.label}
        {field.marked && <RequiredMark />}
      </label>
      {children}
      {props.hint && (
        <p id={`${field.id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {props.hint}
        </p>
      )}
      <FieldError id={errorId(props.lead, props.field.name)} message={field.error} />
    </div>
  );
}

type Own<T> = Omit<T, "name" | "id" | "required" | "className">;

export function TextField(props: FieldProps & Own<InputHTMLAttributes<HTMLInputElement>>) {
  const { lead, field: spec, enforced, hint, className, ...input } = props;
  const field = useFieldProps(props);
  const controlled = "value" in input;
  return (
    <FieldShell field={field} props={props}>
      <input
        type={spec.type ?? "text"}
        inputMode={spec.inputMode}
        autoComplete={spec.autoComplete}
        placeholder={spec.placeholder}
        maxLength={spec.maxLength}
        {...input}
        {...field.control}
        defaultValue={controlled ? undefined : (input.defaultValue ?? field.previous)}
        className={inputClass}
      />
    </FieldShell>
  );
}

export function TextAreaField(props: FieldProps & Own<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const { lead, field: spec, enforced, hint, className, ...textarea } = props;
  const field = useFieldProps(props);
  return (
    <FieldShell field={field} props={props}>
      <textarea
        rows={4}
        placeholder={spec.placeholder}
        maxLength={spec.maxLength}
        {...textarea}
        {...field.control}
        defaultValue={textarea.defaultValue ?? field.previous}
        className={inputClass}
      />
    </FieldShell>
  );
}

export function SelectField(
  props: FieldProps &
    Own<SelectHTMLAttributes<HTMLSelectElement>> & { options?: readonly (Option | string)[]; placeholder?: string; children?: ReactNode },
) {
  const { lead, field: spec, enforced, hint, className, options = spec.options ?? [], placeholder, children, ...select } = props;
  const field = useFieldProps(props);
  const controlled = "value" in select;
  return (
    <FieldShell field={field} props={props}>
      <select
        {...select}
        {...field.control}
        defaultValue={controlled ? undefined : (select.defaultValue ?? field.previous ?? "")}
        className={inputClass}
      >
        <option value="">{placeholder ?? spec.placeholder}</option>
        {children ??
          options.map((option) => {
            const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
      </select>
    </FieldShell>
  );
}

export function CheckboxGroup({ lead, field: { name, label, options = [] } }: { lead: FieldSource; field: FormField }) {
  const previous = lead.values?.[name];
  const ticked = new Set(Array.isArray(previous) ? previous : previous ? [previous] : []);
  const error = lead.errors[name];
  return (
    <fieldset aria-describedby={error ? errorId(lead, name) : undefined}>
      <legend className="text-sm font-medium text-ink">{label}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option, index) => {
          const value = typeof option === "string" ? option : option.value;
          return (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3.5 py-2.5 text-sm text-ink has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="checkbox"
                id={index === 0 ? fieldId(lead, name) : undefined}
                name={name}
                value={value}
                defaultChecked={ticked.has(value)}
                className="size-4 accent-brand-600"
              />
              {typeof option === "string" ? option : option.label}
            </label>
          );
        })}
      </div>
      <FieldError id={errorId(lead, name)} message={error} />
    </fieldset>
  );
}

export function WhoFields({ lead, fields }: { lead: FieldSource; fields: Record<"name" | "email" | "company", FormField> }) {
  return (
    <>
      <TextField lead={lead} field={fields.name} />
      <TextField lead={lead} field={fields.email} />
      <TextField lead={lead} field={fields.company} />
    </>
  );
}

/** While a post waits for the bot check, a bar runs along the foot and the label stays SPEC.md's. */
export function SubmitButton({
  busy,
  verifying = false,
  children,
  busyText = "Submitting...",
  style,
  ...button
}: { busy: boolean; verifying?: boolean; children: ReactNode; busyText?: string; style?: ButtonStyle } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "style" | "children"
>) {
  return (
    <>
      <button
        type="submit"
        {...button}
        disabled={busy || button.disabled}
        aria-busy={busy || undefined}
        className={buttonClass({ size: "lg", ...style, className: cn("relative overflow-hidden", style?.className) })}
      >
        {busy && <Icon name="loader-circle" className="size-5 animate-spin" />}
        {busy ? busyText : children}
        {verifying && (
          <span className="absolute inset-x-0 bottom-0 h-1 bg-white/30" aria-hidden="true">
            <span className="block h-full bg-white motion-safe:w-2/5 motion-safe:animate-bot-check motion-reduce:animate-pulse" />
          </span>
        )}
      </button>
      {/* A live region of its own: role="status" is the answer's, shown after a post without JavaScript. */}
      <span aria-live="polite" className="sr-only">
        {verifying ? botCheckInProgress : ""}
      </span>
    </>
  );
}
