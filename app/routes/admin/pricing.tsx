import { Form } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { PricingFields } from "#app/components/admin/pricing-fields.tsx";
import { RevisionsSection } from "#app/components/admin/revisions.tsx";
import { CsrfField, Notice } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { pricingEditorAction, pricingEditorLoader } from "#server/site-content/editor.server.ts";
import type { Route } from "./+types/pricing";

export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const meta: Route.MetaFunction = () => adminMeta("Pricing");

export const loader = (args: Route.LoaderArgs) => pricingEditorLoader(args);
export const action = (args: Route.ActionArgs) => pricingEditorAction(args);

export default function PricingEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, groups, revisions } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const version = actionData?.version ?? loaderData.version;
  const errorCount = Object.keys(errors).length;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">Pricing</h1>
      <p className="text-sm text-slate-600">
        {loaderData.note} What is saved shows on /pricing, the service pages and the order wizard on every instance within seconds.
      </p>
      {loaderData.done && !actionData && <Notice>{loaderData.done}</Notice>}
      {actionData?.problem && <Notice tone="error">{actionData.problem}</Notice>}
      {errorCount > 0 && (
        <Notice tone="error">
          {errorCount === 1 ? "One field needs" : `${errorCount} fields need`} a change before this can be saved: see the messages below.
        </Notice>
      )}
      <Form key={version} method="post" className="space-y-4">
        <CsrfField token={csrf} />
        <input type="hidden" name="version" value={version} />
        <PricingFields groups={groups} values={values} errors={errors} />
        <button type="submit" name="intent" value="save" className={buttonClass({ size: "sm" })}>
          Save pricing
        </button>
      </Form>

      <RevisionsSection revisions={revisions} current={loaderData.version} csrf={csrf} canRestore />
    </div>
  );
}
