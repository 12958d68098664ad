import type { ActionFunctionArgs } from "react-router";
import { newsletterForm } from "#app/forms/newsletter.ts";
import { leadEventQueue } from "#server/leads/lead-step.ts";
import { leadSuccess, runForm } from "#server/forms/pipeline.ts";
import { log } from "#server/log.ts";
import { countLeadStored } from "#server/ops/metrics.ts";
import { typedEmail } from "#server/mail/address.ts";
import { clientAddressContext, servicesOf } from "#server/services.ts";

/** The answer never tells whether an address is subscribed (SPEC.md section 8). */
export async function subscribeAction({ request, context }: ActionFunctionArgs) {
  const services = servicesOf(context);
  // The enhanced form posts to its .data twin.
  const page = new URL(request.url).pathname.replace(/\.data$/, "") || "/";
  return runForm(services, newsletterForm, request, context.get(clientAddressContext), async ({ input, origin, fail }) => {
    try {
      const email = typedEmail(input.email);
      const alsoQueue = leadEventQueue(services, newsletterForm, request, origin, newsletterForm.row({ email }));
      const outcome = await services.newsletter.subscribe({ email, page, origin, alsoQueue });
      if (outcome === "new") countLeadStored(newsletterForm.key);
      if (outcome !== "unchanged") services.worker.nudge();
    } catch (error) {
      log.error("Could not store a newsletter lead:", error);
      return fail({ status: 500, reason: "storage" });
    }
    return leadSuccess(newsletterForm);
  });
}
