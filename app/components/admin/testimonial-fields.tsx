import { type FieldErrors, MappedField, RemoveBox, rowsOf } from "#app/components/admin/mapped-field.tsx";
import { type FormValues, REMOVE } from "#app/content/field-map.ts";
import { testimonialFields, testimonialLists, testimonialName } from "#app/content/testimonials-form.ts";

/** The testimonials editor's two lists, drawn from the field map (app/content/testimonials-form.ts). */
export function TestimonialFields({ values, errors }: { values: FormValues; errors: FieldErrors }) {
  return testimonialLists.map((list) => {
    const rows = rowsOf(values, (row) => testimonialName(list.key, row, "name"));
    return (
      <fieldset key={list.key} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold">{list.title}</legend>
        <p className="text-sm text-slate-600">{list.shows} Change the positions to reorder them.</p>
        {rows.map((row) => {
          const name = (key: string) => testimonialName(list.key, row, key);
          const isNew = row === rows.length - 1 && testimonialFields.every((field) => field.key === "position" || !values[name(field.key)]);
          return (
            <fieldset key={row} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
              <legend className="px-1 text-sm font-semibold">
                {isNew ? "New testimonial (fill in to add)" : values[name("name")] || `Testimonial ${row + 1}`}
              </legend>
              {testimonialFields.map((spec) => (
                <MappedField key={spec.key} spec={spec} name={name(spec.key)} values={values} errors={errors} />
              ))}
              {!isNew && <RemoveBox name={name(REMOVE)} values={values} label="Remove this testimonial" />}
            </fieldset>
          );
        })}
      </fieldset>
    );
  });
}
