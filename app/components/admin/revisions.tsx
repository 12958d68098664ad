import { Form } from "react-router";
import { CsrfField, ListTable, Section } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";

interface RevisionRow {
  id: number;
  version: number;
  action: string;
  savedAt: string;
  savedBy: string;
}

/** An editor's revisions, newest first, each but the current one with its Restore (an article's, the pricing's). */
export function RevisionsSection({
  revisions,
  current,
  csrf,
  canRestore,
}: {
  revisions: readonly RevisionRow[];
  current: number;
  csrf: string;
  canRestore: boolean;
}) {
  return (
    <Section title="Revisions" id="revisions">
      <ListTable caption="Revisions, newest first" columns={["Saved (SAST)", "Version", "What", "Who", "Restore"]} empty={null}>
        {revisions.map((revision) => (
          <tr key={revision.id} className="align-top">
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">{revision.savedAt}</td>
            <td className="px-3 py-2 tabular-nums">{revision.version}</td>
            <td className="px-3 py-2">{revision.action}</td>
            <td className="px-3 py-2">{revision.savedBy}</td>
            <td className="px-3 py-2">
              {revision.version !== current && canRestore && (
                <Form method="post">
                  <CsrfField token={csrf} />
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="revision" value={revision.id} />
                  <input type="hidden" name="version" value={current} />
                  <button type="submit" className={buttonClass({ variant: "ghost", size: "sm" })}>
                    Restore<span className="sr-only"> version {revision.version}</span>
                  </button>
                </Form>
              )}
            </td>
          </tr>
        ))}
      </ListTable>
    </Section>
  );
}
