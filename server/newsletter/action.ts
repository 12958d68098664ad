import type { ActionFunctionArgs } from "react-router";
import { newsletterForm } from "#app/forms/newsletter.ts";
import { leadEventQueue } from "#server/leads/lead-step.ts";
import { leadSuccess, runForm } from "#server/forms/pipeline.ts";
import { log } from "#server/log.ts";
import { countLeadStored } from "#server/ops/metrics.ts";
import { typedEmail } from "#server/mail/address.ts";
import { clientAddressContext, servicesOf } from "#server/services.ts";

/**
 * The newsletter form's action: the one pipeline (validation, honeypot, rate
 * limit, bot check as for every form), then a double opt-in signup. Whatever
 * the address's state, the visitor reads SPEC.md section 8's success: the
 * answer never tells whether an address is subscribed.
 */
export async function subscribeAction({ request, context }: ActionFunctionArgs) {
  const services = servicesOf(context);
  // The page the form is on: the action's own path (the enhanced form posts to its .data twin).
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
