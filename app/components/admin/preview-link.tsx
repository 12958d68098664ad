import { Form } from "react-router";
import { CsrfField, inputClass, Section } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";

/**
 * The editor's "Preview link" section (docs/decisions/0040): makes a signed
 * link to the article as it will look, for someone without an inbox account,
 * and shows the one just made with until when it works.
 */
export function PreviewLinkSection({ csrf, link }: { csrf: string; link: { url: string; until: string } | null }) {
  return (
    <Section title="Preview link" id="preview-link">
      <div className="space-y-3 text-sm">
        <p className="text-slate-600">
          A private link to this article as it will look, for a client to read before it is published: no inbox account needed, never
          indexed. It shows the article as last saved, so save your changes first.
        </p>
        {link && (
          <div className="space-y-1">
            <label htmlFor="preview-link-url" className="block font-medium">
              Preview link
            </label>
            <input
              id="preview-link-url"
              readOnly
              value={link.url}
              className={`${inputClass} font-mono`}
              aria-describedby="preview-link-until"
            />
            <p id="preview-link-until" role="status" className="text-slate-600">
              Anyone with this link can read this article, as last saved, until {link.until}.
            </p>
          </div>
        )}
        <Form method="post">
          <CsrfField token={csrf} />
          <button type="submit" name="intent" value="preview-link" className={buttonClass({ variant: "secondary", size: "sm" })}>
            {link ? "Make another preview link" : "Make a preview link"}
          </button>
        </Form>
      </div>
    </Section>
  );
}
