import { adminMeta } from "#app/components/admin/meta.ts";
import { MappedField } from "#app/components/admin/mapped-field.tsx";
import { SiteContentEditor } from "#app/components/admin/site-content-editor.tsx";
import { figureFields, figureGroups, figureName } from "#app/content/figures-form.ts";
import { figuresEditor } from "#server/site-content/editor.server.ts";
import type { Route } from "./+types/figures";

export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const meta: Route.MetaFunction = () => adminMeta("Figures");

export const loader = (args: Route.LoaderArgs) => figuresEditor.loader(args);
export const action = (args: Route.ActionArgs) => figuresEditor.action(args);

export default function FiguresEditor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SiteContentEditor
      title="Figures"
      shownOn="the home page, /about, /services, /free-audit, five service pages and the company profile, with the descriptions that repeat them"
      saveLabel="Save figures"
      loaderData={loaderData}
      actionData={actionData}
    >
      {(values, errors) =>
        figureGroups.map((group, index) => (
          <fieldset key={group.key} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
            <legend className="px-1 text-base font-semibold">{values[figureName(group.key, "label")] || `Figure ${index + 1}`}</legend>
            <p className="text-sm text-slate-600 sm:col-span-2">{group.shows}</p>
            {figureFields.map((spec) => (
              <MappedField key={spec.key} spec={spec} name={figureName(group.key, spec.key)} values={values} errors={errors} />
            ))}
          </fieldset>
        ))
      }
    </SiteContentEditor>
  );
}
