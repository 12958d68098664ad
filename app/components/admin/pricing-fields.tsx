import { Field } from "#app/components/admin/article-editor.tsx";
import { inputClass } from "#app/components/admin/ui.tsx";
import {
  addOnFields,
  addOnName,
  groupFields,
  type PricingValues,
  REMOVE,
  serviceChoices,
  summaryName,
  tierFields,
  tierName,
} from "#app/content/pricing-form.ts";

/**
 * The pricing editor's fields, drawn from their maps (app/content/pricing-form.ts)
 * with the article editor's field component: plain HTML that posts without JavaScript.
 */

type Errors = Record<string, string | undefined>;
type Spec = (typeof tierFields)[number] | (typeof addOnFields)[number] | (typeof groupFields)[number];

function MappedField({ spec, name, values, errors }: { spec: Spec; name: string; values: PricingValues; errors: Errors }) {
  const value = values[name] ?? "";
  if (spec.kind === "checkbox")
    return (
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name={name} defaultChecked={value === "on"} />
        {spec.label}
      </label>
    );
  const hint = "hint" in spec ? spec.hint : undefined;
  return (
    <Field name={name} label={spec.label} error={errors[name]} hint={hint}>
      {(describedBy) => {
        const common = {
          id: name,
          name,
          defaultValue: value,
          "aria-invalid": errors[name] ? true : undefined,
          "aria-describedby": describedBy,
          className: inputClass,
        };
        if (spec.kind === "lines") return <textarea rows={4} {...common} />;
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
const rowsOf = (values: PricingValues, name: (row: number) => string) => {
  const rows: number[] = [];
  while (name(rows.length) in values) rows.push(rows.length);
  return rows;
};

function RemoveBox({ name, values, label }: { name: string; values: PricingValues; label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm text-rose-800">
      <input type="checkbox" name={name} defaultChecked={values[name] === "on"} />
      {label}
    </label>
  );
}

export function PricingFields({
  groups,
  values,
  errors,
}: {
  groups: ReadonlyArray<{ key: string; title: string }>;
  values: PricingValues;
  errors: Errors;
}) {
  const addOnRows = rowsOf(values, (a) => addOnName(a, "service"));
  return (
    <>
      {groups.map((group, g) => {
        const rows = rowsOf(values, (t) => tierName(g, t, "name"));
        return (
          <fieldset key={group.key} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-base font-semibold">{group.title}</legend>
            <MappedField spec={groupFields[0]} name={summaryName(g)} values={values} errors={errors} />
            {rows.map((t) => {
              const isNew = t === rows.length - 1 && tierFields.every((field) => !values[tierName(g, t, field.key)]);
              return (
                <fieldset key={t} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
                  <legend className="px-1 text-sm font-semibold">
                    {isNew ? "New tier (fill in to add)" : values[tierName(g, t, "name")] || `Tier ${t + 1}`}
                  </legend>
                  {tierFields.map((spec) => (
                    <MappedField key={spec.key} spec={spec} name={tierName(g, t, spec.key)} values={values} errors={errors} />
                  ))}
                  {!isNew && <RemoveBox name={tierName(g, t, REMOVE)} values={values} label="Remove this tier" />}
                </fieldset>
              );
            })}
          </fieldset>
        );
      })}
      <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold">Add-ons</legend>
        {addOnRows.map((a) => {
          const isNew =
            a === addOnRows.length - 1 && addOnFields.every((field) => field.kind === "service" || !values[addOnName(a, field.key)]);
          return (
            <fieldset key={a} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
              <legend className="px-1 text-sm font-semibold">
                {isNew ? "New add-on (fill in to add)" : values[addOnName(a, "service")]}
              </legend>
              {addOnFields.map((spec) => (
                <MappedField key={spec.key} spec={spec} name={addOnName(a, spec.key)} values={values} errors={errors} />
              ))}
              {!isNew && <RemoveBox name={addOnName(a, REMOVE)} values={values} label="Remove this add-on" />}
            </fieldset>
          );
        })}
      </fieldset>
    </>
  );
}
