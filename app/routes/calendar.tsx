import { Icon } from "#app/components/ui/icon.tsx";
import { data } from "react-router";
import { BookingForm } from "#app/components/booking/booking-form.tsx";
import { bookingContent } from "#app/components/booking/content.ts";
import { bookingForm } from "#app/forms/booking.ts";
import { FormRegion } from "#app/components/sections/form-region.tsx";
import { leadClientAction } from "#app/forms/transport.ts";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { pageMeta } from "#app/content/page-meta.ts";
import { seo } from "#app/lib/seo.ts";
import { bookCall, bookingFormPage, freeSlotDays } from "#server/booking/calendar.server.ts";
import { clientAddressContext, servicesOf } from "#server/services.ts";
import type { Route } from "./+types/calendar";
import { noStoreHeaders } from "#app/lib/cache-control.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = servicesOf(context);
  // Free times change with every booking: never cached.
  return data({ days: await freeSlotDays(services), page: bookingFormPage(services, request) }, { headers: noStoreHeaders });
}

export async function action({ request, context }: Route.ActionArgs) {
  return bookCall(servicesOf(context), request, context.get(clientAddressContext));
}

export const clientAction = leadClientAction(bookingForm);
export { shouldRevalidate } from "#app/forms/transport.ts";

export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const meta: Route.MetaFunction = (args) => seo(args, pageMeta.calendar);

export default function CalendarPage({ loaderData }: Route.ComponentProps) {
  const { hero, formTitle, expectTitle, expect } = bookingContent;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_2fr]">
        <FormRegion id="book" title={formTitle}>
          <BookingForm days={loaderData.days} page={loaderData.page} />
        </FormRegion>
        {/* The form comes first on small screens; on wide ones this note sits beside it, on the left. */}
        <section aria-labelledby="expect-title" className="lg:order-first lg:pt-8">
          <h2 id="expect-title" className="text-xl font-bold">
            {expectTitle}
          </h2>
          <ul className="mt-4 space-y-3">
            {expect.map((item) => (
              <li key={item} className="flex gap-3 text-slate-700">
                <Icon name="calendar-check" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                {item}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-slate-600">{loaderData.page.hours}</p>
        </section>
      </div>
    </>
  );
}
