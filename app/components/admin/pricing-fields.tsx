import { type FieldErrors, MappedField, RemoveBox, rowsOf } from "#app/components/admin/mapped-field.tsx";
import { REMOVE } from "#app/content/field-map.ts";
import { addOnFields, addOnName, groupFields, type PricingValues, summaryName, tierFields, tierName } from "#app/content/pricing-form.ts";

/** The pricing editor's fields, drawn from their maps (app/content/pricing-form.ts). */
export function PricingFields({
  groups,
  values,
  errors,
}: {
  groups: ReadonlyArray<{ key: string; title: string }>;
  values: PricingValues;
  errors: FieldErrors;
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
                {!isNew && values[addOnName(a, "showsFrom")] && ` (shows from ${values[addOnName(a, "showsFrom")]})`}
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
