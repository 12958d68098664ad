import { Field } from "#app/components/admin/article-editor.tsx";
import { inputClass } from "#app/components/admin/ui.tsx";
import { FeaturedImage } from "#app/components/blog/featured-image.tsx";
import { type FormValues, imageFileName, type MappedFieldSpec, serviceChoices } from "#app/content/field-map.ts";
import { IMAGE_FILE_TYPES } from "#app/lib/article-form.ts";
import { mediaImageOf } from "#app/lib/media-images.ts";

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
  if (spec.kind === "image") return <ImageField spec={spec} name={name} values={values} errors={errors} />;
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
        // Not typed: greyed, as a browser does not show a read-only field.
        if (spec.kind === "id")
          return <input readOnly {...common} className={`${inputClass} read-only:bg-slate-100 read-only:text-slate-600`} />;
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

/**
 * An uploaded image: a file input, uploaded with the save (the form posts multipart; the article editor's
 * upload, server/articles/upload.ts), and the path it fills in, which the agency may empty to show none.
 */
// Each input is made again when an upload fills in the path: a kept one would hold the old text, or post the file twice.
function ImageField({ spec, name, values, errors }: { spec: MappedFieldSpec; name: string; values: FormValues; errors: FieldErrors }) {
  const file = imageFileName(name);
  const path = values[name] ?? "";
  return (
    <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
      <Field name={file} label={spec.label} error={errors[file]} hint={spec.hint}>
        {(describedBy) => (
          <input
            key={path}
            id={file}
            name={file}
            type="file"
            accept={IMAGE_FILE_TYPES}
            aria-invalid={errors[file] ? true : undefined}
            aria-describedby={describedBy}
            className="text-sm"
          />
        )}
      </Field>
      <Field name={name} label="Uploaded image's path" error={errors[name]} hint="Filled in by an upload; empty it to show no image.">
        {(describedBy) => (
          <input
            key={path}
            id={name}
            name={name}
            defaultValue={path}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={describedBy}
            className={`${inputClass} font-mono`}
          />
        )}
      </Field>
      {mediaImageOf(path) && <FeaturedImage src={path} alt="" sizes="20rem" className="max-w-80 rounded-md ring-1 ring-slate-200" />}
    </div>
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
