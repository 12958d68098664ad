import { type ReactNode, type RefObject, useDeferredValue, useEffect, useRef, useState } from "react";
import { inputClass, labelClass } from "#app/components/admin/ui.tsx";
import { ArticleBody } from "#app/components/blog/article-body.tsx";
import { renderMarkdown } from "#app/lib/markdown.ts";
import { readTimeLabel, readTimeMinutes } from "#app/lib/read-time.ts";

/**
 * The article editor's fields (app/routes/admin/article.tsx). Each works as
 * plain HTML; with JavaScript the SEO lengths count as they are typed and the
 * preview follows the body, rendered by the same code as on the server.
 */

/**
 * Calls `take` with the control's value once React is there: the page hydrates
 * on intent (decision 0021), so what was typed first went by before React listened.
 */
function useValueTypedBeforeHydration(ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>, take: (value: string) => void) {
  useEffect(() => {
    if (ref.current) take(ref.current.value);
    // Once, at hydration; later input arrives through onInput.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** A field's label, hint and error, tied to its control by ids. */
export function Field({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const ids = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={name} className={labelClass}>
        {label}
      </label>
      <div className="mt-1">{children(ids || undefined)}</div>
      {hint && (
        <p id={`${name}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-rose-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** A one-line field with its length against what search engines show, counted as it is typed. */
export function CountedInput({
  name,
  label,
  value,
  max,
  error,
  hint,
}: {
  name: string;
  label: string;
  value: string;
  max: number;
  error?: string | undefined;
  hint: string;
}) {
  const [length, setLength] = useState(value.length);
  const ref = useRef<HTMLInputElement>(null);
  useValueTypedBeforeHydration(ref, (current) => setLength(current.trim().length));
  return (
    <Field
      name={name}
      label={label}
      error={error}
      hint={
        <>
          {hint}{" "}
          <span aria-live="polite" className={length > max ? "font-semibold text-rose-800" : undefined}>
            {length} of {max} characters.
          </span>
        </>
      }
    >
      {(describedBy) => (
        <input
          ref={ref}
          id={name}
          name={name}
          defaultValue={value}
          onInput={(event) => setLength(event.currentTarget.value.trim().length)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/** The body's Markdown beside its preview in the article's own styles, and the read time it gives. */
export function BodyWithPreview({ value, previewHtml, error }: { value: string; previewHtml: string; error?: string | undefined }) {
  const [typed, setTyped] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  useValueTypedBeforeHydration(ref, (current) => setTyped(current === value ? null : current));
  const body = useDeferredValue(typed);
  // Until something is typed, the server's preview (of the saved body, or of the one posted with Preview).
  const html = body === null ? previewHtml : renderMarkdown(body);
  const minutes = readTimeMinutes(body ?? value);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Field
        name="body"
        label="Body (Markdown)"
        error={error}
        hint={
          <>
            Headings start at ##. HTML is shown as text; links go to https, mailto or a page of this site.{" "}
            <span aria-live="polite">{readTimeLabel(minutes)} read, computed from the body.</span>
          </>
        }
      >
        {(describedBy) => (
          <textarea
            ref={ref}
            id="body"
            name="body"
            rows={30}
            defaultValue={value}
            onInput={(event) => setTyped(event.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={`${inputClass} font-mono`}
          />
        )}
      </Field>
      <section aria-labelledby="preview-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="preview-heading" className="text-sm font-semibold">
          Preview
        </h2>
        <div className="mt-3">
          <ArticleBody html={html} />
        </div>
      </section>
    </div>
  );
}
