import { type FieldErrors, MappedField, RemoveBox, rowsOf } from "#app/components/admin/mapped-field.tsx";
import { type FormValues, type MappedFieldSpec, REMOVE } from "#app/content/field-map.ts";

/**
 * A site-content editor's ordered lists (testimonials, badges), drawn from their field map: each row a
 * fieldset named after its "name" field with a position that orders it, a blank row to add, a box to remove.
 */
export function ListFields<List extends string>({
  lists,
  fields,
  name,
  noun,
  titleKey = "name",
  values,
  errors,
}: {
  lists: ReadonlyArray<{ key: List; title: string; shows: string }>;
  fields: readonly MappedFieldSpec[];
  name: (list: List, row: number, key: string) => string;
  /** One row, as the agency calls it: "testimonial". */
  noun: string;
  /** The field that names a row in its legend, and is in every row. */
  titleKey?: string;
  values: FormValues;
  errors: FieldErrors;
}) {
  return lists.map((list) => {
    const rows = rowsOf(values, (row) => name(list.key, row, titleKey));
    return (
      <fieldset key={list.key} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold">{list.title}</legend>
        <p className="text-sm text-slate-600">{list.shows} Change the positions to reorder them.</p>
        {rows.map((row) => {
          const field = (key: string) => name(list.key, row, key);
          // A select always holds a service: a row is new whatever it shows.
          const isNew =
            row === rows.length - 1 &&
            fields.every((spec) => spec.kind === "position" || spec.kind === "service" || !values[field(spec.key)]);
          return (
            <fieldset key={row} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
              <legend className="px-1 text-sm font-semibold">
                {isNew ? `New ${noun} (fill in to add)` : values[field(titleKey)] || `${noun[0]!.toUpperCase()}${noun.slice(1)} ${row + 1}`}
              </legend>
              {fields.map((spec) => (
                <MappedField key={spec.key} spec={spec} name={field(spec.key)} values={values} errors={errors} />
              ))}
              {!isNew && <RemoveBox name={field(REMOVE)} values={values} label={`Remove this ${noun}`} />}
            </fieldset>
          );
        })}
      </fieldset>
    );
  });
}
