import { Field } from "#app/components/admin/article-editor.tsx";
import { inputClass } from "#app/components/admin/ui.tsx";
import { type FormValues, type MappedFieldSpec, serviceChoices } from "#app/content/field-map.ts";

/**
 * One field of a site-content editor, drawn from its map (app/content/field-map.ts) with the article
 * editor's field component: plain HTML that posts without JavaScript.
 */

export type FieldErrors = Record<string, string | undefined>;

export function MappedField({
  spec,
  name,
  values,
  errors,
}: {
  spec: MappedFieldSpec;
  name: string;
  values: FormValues;
  errors: FieldErrors;
}) {
  const value = values[name] ?? "";
  if (spec.kind === "checkbox")
    return (
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name={name} defaultChecked={value === "on"} />
        {spec.label}
      </label>
    );
  return (
    <Field name={name} label={spec.label} error={errors[name]} hint={spec.hint}>
      {(describedBy) => {
        const common = {
          id: name,
          name,
          defaultValue: value,
          "aria-invalid": errors[name] ? true : undefined,
          "aria-describedby": describedBy,
          className: inputClass,
        };
        if (spec.kind === "lines" || spec.kind === "long") return <textarea rows={4} {...common} />;
        if (spec.kind === "position") return <input type="number" min={1} step={1} inputMode="numeric" {...common} />;
        if (spec.kind === "service")
          return (
            <select {...common}>
              {serviceChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          );
        return <input {...common} />;
      }}
    </Field>
  );
}

/** Rows of a list in the values: numbered from 0, the last one blank for a new row. */
export function rowsOf(values: FormValues, name: (row: number) => string): number[] {
  const rows: number[] = [];
  while (name(rows.length) in values) rows.push(rows.length);
  return rows;
}

export function RemoveBox({ name, values, label }: { name: string; values: FormValues; label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm text-rose-800">
      <input type="checkbox" name={name} defaultChecked={values[name] === "on"} />
      {label}
    </label>
  );
}
