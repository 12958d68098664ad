import { adminMeta } from "#app/components/admin/meta.ts";
import { SiteContentEditor } from "#app/components/admin/site-content-editor.tsx";
import { ListFields } from "#app/components/admin/list-fields.tsx";
import { badgeFields, badgeLists, badgeName } from "#app/content/badges-form.ts";
import { badgesEditor } from "#server/site-content/editor.server.ts";
import type { Route } from "./+types/badges";

export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const meta: Route.MetaFunction = () => adminMeta("Partner badges");

export const loader = (args: Route.LoaderArgs) => badgesEditor.loader(args);
export const action = (args: Route.ActionArgs) => badgesEditor.action(args);

export default function BadgesEditor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SiteContentEditor
      title="Partner badges"
      shownOn="the home page"
      saveLabel="Save badges"
      loaderData={loaderData}
      actionData={actionData}
    >
      {(values, errors) => (
        <ListFields lists={badgeLists} fields={badgeFields} name={badgeName} noun="badge" values={values} errors={errors} />
      )}
    </SiteContentEditor>
  );
}
