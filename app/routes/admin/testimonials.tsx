import { adminMeta } from "#app/components/admin/meta.ts";
import { SiteContentEditor } from "#app/components/admin/site-content-editor.tsx";
import { ListFields } from "#app/components/admin/list-fields.tsx";
import { testimonialFields, testimonialLists, testimonialName } from "#app/content/testimonials-form.ts";
import { testimonialsEditor } from "#server/site-content/editor.server.ts";
import type { Route } from "./+types/testimonials";

export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const meta: Route.MetaFunction = () => adminMeta("Testimonials");

export const loader = (args: Route.LoaderArgs) => testimonialsEditor.loader(args);
export const action = (args: Route.ActionArgs) => testimonialsEditor.action(args);

export default function TestimonialsEditor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SiteContentEditor
      title="Testimonials"
      shownOn="the home page and the free audit page"
      saveLabel="Save testimonials"
      loaderData={loaderData}
      actionData={actionData}
    >
      {(values, errors) => (
        <ListFields
          lists={testimonialLists}
          fields={testimonialFields}
          name={testimonialName}
          noun="testimonial"
          values={values}
          errors={errors}
        />
      )}
    </SiteContentEditor>
  );
}
