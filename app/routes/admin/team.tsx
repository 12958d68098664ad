import { adminMeta } from "#app/components/admin/meta.ts";
import { SiteContentEditor } from "#app/components/admin/site-content-editor.tsx";
import { ListFields } from "#app/components/admin/list-fields.tsx";
import { teamFields, teamLists, teamName } from "#app/content/team-form.ts";
import { teamEditor } from "#server/site-content/editor.server.ts";
import type { Route } from "./+types/team";

export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const meta: Route.MetaFunction = () => adminMeta("Team");

export const loader = (args: Route.LoaderArgs) => teamEditor.loader(args);
export const action = (args: Route.ActionArgs) => teamEditor.action(args);

export default function TeamEditor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SiteContentEditor
      title="Team"
      shownOn="/about, the articles they wrote and the company profile"
      saveLabel="Save team"
      loaderData={loaderData}
      actionData={actionData}
    >
      {(values, errors) => (
        <ListFields lists={teamLists} fields={teamFields} name={teamName} noun="member" values={values} errors={errors} />
      )}
    </SiteContentEditor>
  );
}
