import { CountedInput, Field } from "#app/components/admin/article-editor.tsx";
import { inputClass } from "#app/components/admin/ui.tsx";
import { FeaturedImage } from "#app/components/blog/featured-image.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { type ArticleFieldSpec, articleFields, type ArticleStatus, type ArticleValues, IMAGE_FILE_TYPES } from "#app/lib/article-form.ts";
import { mediaImageOf } from "#app/lib/media-images.ts";

/**
 * The article editor's fields, drawn from their map (app/lib/article-form.ts)
 * with the editor's field components (article-editor.tsx): each plain HTML that
 * posts without JavaScript.
 */

type Errors = Record<string, string | undefined>;

interface ControlProps {
  field: ArticleFieldSpec & { name: string };
  values: ArticleValues;
  errors: Errors;
  /** Changes with each answer to a post: the file input is emptied, so a refused file is not posted again. */
  fileKey?: string;
}

/** One field of the map, as its `control` says. */
export function ArticleField({ field, values, errors, fileKey }: ControlProps) {
  const { name, label, hint } = field;
  const value = values[name as keyof ArticleValues] ?? "";
  const error = errors[name];
  const invalid = error ? true : undefined;
  const className = field.mono ? `${inputClass} font-mono` : inputClass;
  switch (field.control) {
    case "counted":
      return <CountedInput name={name} label={label} value={value} max={field.maxLength!} error={error} hint={hint ?? ""} />;
    case "body":
      return null;
    case "checkbox":
      return (
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" name={name} defaultChecked={value === "on"} />
          {label}
        </label>
      );
    case "file":
      return (
        <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <Field name={name} label={label} error={error} hint={hint}>
            {(describedBy) => (
              <div className="flex flex-wrap items-center gap-2">
                <input
                  key={fileKey}
                  id={name}
                  name={name}
                  type="file"
                  accept={IMAGE_FILE_TYPES}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  className="text-sm"
                />
                <button type="submit" name="intent" value="upload" className={buttonClass({ variant: "secondary", size: "sm" })}>
                  Upload
                </button>
              </div>
            )}
          </Field>
          {mediaImageOf(values.imagePath) && (
            <FeaturedImage src={values.imagePath} alt="" sizes="20rem" className="max-w-80 rounded-md ring-1 ring-slate-200" />
          )}
        </div>
      );
  }
  const control = (describedBy: string | undefined) => {
    const common = { id: name, name, defaultValue: value, "aria-invalid": invalid, "aria-describedby": describedBy, className };
    if (field.control === "textarea") return <textarea rows={2} {...common} />;
    if (field.control === "select")
      return (
        <select {...common}>
          <option value="">{field.placeholder}</option>
          {(field.options ?? []).map((option) => {
            const { value: key, label: text } = typeof option === "string" ? { value: option, label: option } : option;
            return (
              <option key={key} value={key}>
                {text}
              </option>
            );
          })}
        </select>
      );
    // The image path's input is made again when an upload fills it in, where a kept input would hold the old text.
    const key = name === "imagePath" ? value : undefined;
    // A SAST time is typed, never picked in the browser's locale and zone (app/lib/article-form.ts).
    const typedTime = field.control === "sast-time" ? { autoComplete: "off", spellCheck: false } : {};
    return <input key={key} inputMode={field.inputMode} placeholder={field.placeholder} {...typedTime} {...common} />;
  };
  const field_ = (
    <Field name={name} label={label} error={error} hint={hint}>
      {control}
    </Field>
  );
  return field.wide ? <div className="sm:col-span-2">{field_}</div> : field_;
}

/**
 * The grid of the article's fields (all but the body and the publishing time, which have places of their own);
 * `authors`: the team's members as the agency has them now, the author's choices.
 */
export function ArticleFields({
  authors,
  ...props
}: Omit<ControlProps, "field"> & { authors: readonly { value: string; label: string }[] }) {
  return (
    <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
      {Object.values<ArticleFieldSpec & { name: string }>(articleFields)
        .filter((field) => field.control !== "body" && field.control !== "sast-time")
        .map((field) => (
          <ArticleField key={field.name} field={field.name === "author" ? { ...field, options: authors } : field} {...props} />
        ))}
    </div>
  );
}

/** What each button does, in a line beside it, by the article's state (a published article's plain Save is its first). */
function actionsFor(status: ArticleStatus | null, canPublish: boolean) {
  const live = status === "published" || status === "scheduled";
  const save = {
    intent: "save",
    label: status ? "Save" : "Save as draft",
    does: status === "scheduled" ? "Keeps the changes; it goes live at its time." : "Keeps the changes; the site does not change.",
  };
  if (!canPublish) return [save];
  if (status === "published")
    return [
      { intent: "publish", label: "Save and keep published", does: "The changes are live at once." },
      { intent: "schedule", label: "Schedule", does: "Off the site until the time given, then live again." },
      { intent: "unpublish", label: "Unpublish", does: "Off the site at once." },
    ];
  return [
    save,
    { intent: "publish", label: "Publish now", does: "Live at once." },
    { intent: "schedule", label: "Schedule", does: status === "scheduled" ? "Live at the new time given." : "Live at the time given." },
    ...(live ? [{ intent: "unpublish", label: "Unpublish", does: "Off the site at once; not published at its time." }] : []),
  ];
}

/** The editor's buttons, each with what it does, and the publishing time beside Schedule. */
export function ArticleActions({
  status,
  canPublish,
  ...props
}: Omit<ControlProps, "field"> & { status: ArticleStatus | null; canPublish: boolean }) {
  const button = (intent: string, primary: boolean) =>
    buttonClass({ variant: primary ? "primary" : intent === "unpublish" ? "ghost" : "secondary", size: "sm" });
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      {canPublish && <ArticleField field={articleFields.publishAt} {...props} />}
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {actionsFor(status, canPublish).map(({ intent, label, does }, index) => (
          <li key={intent} className="flex items-center gap-2">
            <button type="submit" name="intent" value={intent} aria-describedby={`does-${intent}`} className={button(intent, index === 0)}>
              {label}
            </button>
            <span id={`does-${intent}`} className="text-xs text-slate-600">
              {does}
            </span>
          </li>
        ))}
        <li className="flex items-center gap-2">
          <button type="submit" name="intent" value="preview" className={button("preview", false)}>
            Preview
          </button>
          <span className="text-xs text-slate-600">Shows the body below; saves nothing.</span>
        </li>
      </ul>
    </div>
  );
}
