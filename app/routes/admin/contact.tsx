import { adminMeta } from "#app/components/admin/meta.ts";
import { MappedField } from "#app/components/admin/mapped-field.tsx";
import { SiteContentEditor } from "#app/components/admin/site-content-editor.tsx";
import { contactFields } from "#app/content/contact-form.ts";
import { contactEditor } from "#server/site-content/editor.server.ts";
import type { Route } from "./+types/contact";

export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const meta: Route.MetaFunction = () => adminMeta("Contact details");

export const loader = (args: Route.LoaderArgs) => contactEditor.loader(args);
export const action = (args: Route.ActionArgs) => contactEditor.action(args);

export default function ContactEditor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SiteContentEditor
      title="Contact details"
      shownOn="every page's footer, /contact, the privacy policy and terms, the company profile and the mails"
      saveLabel="Save contact details"
      loaderData={loaderData}
      actionData={actionData}
    >
      {(values, errors) => (
        <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <legend className="px-1 text-base font-semibold">How to reach the agency</legend>
          {contactFields.map((spec) => (
            <MappedField key={spec.key} spec={spec} name={spec.key} values={values} errors={errors} />
          ))}
        </fieldset>
      )}
    </SiteContentEditor>
  );
}
