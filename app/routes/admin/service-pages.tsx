import type { ReactNode } from "react";
import { adminMeta } from "#app/components/admin/meta.ts";
import { type FieldErrors, MappedField } from "#app/components/admin/mapped-field.tsx";
import { SiteContentEditor } from "#app/components/admin/site-content-editor.tsx";
import type { FormValues } from "#app/content/field-map.ts";
import {
  cardFields,
  cardName,
  figureMetricField,
  metricFields,
  metricName,
  pageFields,
  resultFields,
  resultName,
  serviceHasErrors,
  stepFields,
  stepName,
  wordsName,
} from "#app/content/service-words-form.ts";
import { type ServiceSlug, serviceSlugs, serviceSummary } from "#app/content/services.ts";
import { serviceWordsEditor } from "#server/site-content/editor.server.ts";
import type { Route } from "./+types/service-pages";

export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const meta: Route.MetaFunction = () => adminMeta("Service pages");

export const loader = (args: Route.LoaderArgs) => serviceWordsEditor.loader(args);
export const action = (args: Route.ActionArgs) => serviceWordsEditor.action(args);

const FOUR = [0, 1, 2, 3];

function Part({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
      <legend className="px-1 text-base font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** One service's words: its page's parts, then its card; open when a field of it was refused. */
function ServiceWords({
  slug,
  figureMetrics,
  values,
  errors,
}: {
  slug: ServiceSlug;
  figureMetrics: ReadonlyArray<string | null>;
  values: FormValues;
  errors: FieldErrors;
}) {
  const field = (spec: Parameters<typeof MappedField>[0]["spec"], name: string) => (
    <MappedField key={name} spec={spec} name={name} values={values} errors={errors} />
  );
  const name = serviceSummary(slug).name;
  return (
    <details open={serviceHasErrors(slug, errors) || undefined} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <summary className="cursor-pointer text-lg font-semibold">
        {name} <span className="text-sm font-normal text-slate-600">/services/{slug}</span>
      </summary>
      <div className="mt-3 space-y-3">
        <Part legend={`${name}: hero, included items and guarantee`}>
          {pageFields.map((spec) => field(spec, wordsName(slug, spec.key)))}
        </Part>
        <Part legend={`${name}: hero metrics`}>
          {FOUR.map((index) =>
            figureMetrics[index] ? (
              <MappedField
                key={index}
                spec={{ ...figureMetricField, label: `Metric ${index + 1}: label of the figure` }}
                name={metricName(slug, index, "label")}
                values={values}
                errors={errors}
              />
            ) : (
              metricFields.map((spec) =>
                field({ ...spec, label: `Metric ${index + 1}: ${spec.label.toLowerCase()}` }, metricName(slug, index, spec.key)),
              )
            ),
          )}
        </Part>
        <Part legend={`${name}: result cards`}>
          {FOUR.map((index) =>
            resultFields.map((spec) =>
              field({ ...spec, label: `Result ${index + 1}: ${spec.label.toLowerCase()}` }, resultName(slug, index, spec.key)),
            ),
          )}
        </Part>
        <Part legend={`${name}: process, steps 01 to 04`}>
          {FOUR.map((index) =>
            stepFields.map((spec) =>
              field({ ...spec, label: `Step ${index + 1}: ${spec.label.toLowerCase()}` }, stepName(slug, index, spec.key)),
            ),
          )}
        </Part>
        {cardName(slug, "title") in values && (
          <Part legend={`${name}: card on /services and the home page`}>
            {cardFields.map((spec) => field(spec, cardName(slug, spec.key)))}
          </Part>
        )}
      </div>
    </details>
  );
}

export default function ServicePagesEditor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SiteContentEditor
      title="Service pages"
      shownOn="the eight service pages, the cards of /services and the home page, and the company profile"
      saveLabel="Save service pages"
      loaderData={loaderData}
      actionData={actionData}
    >
      {(values, errors) =>
        serviceSlugs.map((slug) => (
          <ServiceWords key={slug} slug={slug} figureMetrics={loaderData.figureMetrics[slug] ?? []} values={values} errors={errors} />
        ))
      }
    </SiteContentEditor>
  );
}
