import { adminMeta } from "#app/components/admin/meta.ts";
import { SiteContentEditor } from "#app/components/admin/site-content-editor.tsx";
import { ListFields } from "#app/components/admin/list-fields.tsx";
import { caseStudyFields, caseStudyLists, caseStudyName } from "#app/content/case-studies-form.ts";
import { caseStudiesEditor } from "#server/site-content/editor.server.ts";
import type { Route } from "./+types/case-studies";

export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const meta: Route.MetaFunction = () => adminMeta("Case studies");

export const loader = (args: Route.LoaderArgs) => caseStudiesEditor.loader(args);
export const action = (args: Route.ActionArgs) => caseStudiesEditor.action(args);

export default function CaseStudiesEditor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SiteContentEditor
      title="Case studies"
      shownOn="/case-studies and the service pages"
      saveLabel="Save case studies"
      withImages
      loaderData={loaderData}
      actionData={actionData}
    >
      {(values, errors) => (
        <ListFields
          lists={caseStudyLists}
          fields={caseStudyFields}
          name={caseStudyName}
          noun="case study"
          titleKey="client"
          values={values}
          errors={errors}
        />
      )}
    </SiteContentEditor>
  );
}
