import { Form } from "react-router";
import { CsrfField, inputClass, ListTable, RowAction, Section } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";

/** A preview link still working, as the editor lists it (server/articles/preview.ts previewLinksOf). */
interface PreviewLinkListed {
  id: number;
  createdBy: string;
  created: string;
  until: string;
}

/**
 * The editor's "Preview link" section (docs/decisions/0040, 0046): makes a
 * signed link to the article as it will look, for someone without an inbox
 * account, shows the one just made with until when it works, and lists the
 * links still working, each of which can be revoked.
 */
export function PreviewLinkSection({
  csrf,
  link,
  links,
}: {
  csrf: string;
  link: { url: string; until: string } | null;
  links: readonly PreviewLinkListed[];
}) {
  return (
    <Section title="Preview link" id="preview-link">
      <div className="space-y-3 text-sm">
        <p className="text-slate-600">
          A private link to this article as it will look, for a client to read before it is published: no inbox account needed, never
          indexed. It shows the article as last saved, so save your changes first. Unpublishing the article ends its links.
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
        {links.length > 0 && (
          <ListTable
            caption="Preview links that work now, newest first"
            columns={["Made (SAST)", "By", "Works until", "Revoke"]}
            empty={null}
          >
            {links.map((listed) => (
              <tr key={listed.id} className="align-top">
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{listed.created}</td>
                <td className="px-3 py-2">{listed.createdBy}</td>
                <td className="px-3 py-2">{listed.until}</td>
                <td className="px-3 py-2">
                  <RowAction
                    csrf={csrf}
                    intent="revoke-preview-link"
                    name="link"
                    value={listed.id}
                    label="Revoke"
                    which={`the link ${listed.createdBy} made at ${listed.created}`}
                  />
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </div>
    </Section>
  );
}
