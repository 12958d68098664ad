import { adminMeta } from "#app/components/admin/meta.ts";
import { PricingFields } from "#app/components/admin/pricing-fields.tsx";
import { SiteContentEditor } from "#app/components/admin/site-content-editor.tsx";
import { pricingEditor } from "#server/site-content/editor.server.ts";
import type { Route } from "./+types/pricing";

export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const meta: Route.MetaFunction = () => adminMeta("Pricing");

export const loader = (args: Route.LoaderArgs) => pricingEditor.loader(args);
export const action = (args: Route.ActionArgs) => pricingEditor.action(args);

export default function PricingEditor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SiteContentEditor
      title="Pricing"
      shownOn="/pricing, the service pages and the order wizard"
      saveLabel="Save pricing"
      loaderData={loaderData}
      actionData={actionData}
    >
      {(values, errors) => <PricingFields groups={loaderData.groups} values={values} errors={errors} />}
    </SiteContentEditor>
  );
}
