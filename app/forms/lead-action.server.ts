import type { ActionFunctionArgs } from "react-router";
import { clientAddressContext, servicesOf } from "../../server/services";
import { handleLead } from "../../server/leads/pipeline";
import type { FormKey } from "./form-keys";

export type { FormKey } from "./form-keys";

/** The action of a page that holds a form: runs the lead pipeline (server/leads/pipeline.ts) for that form. */
export function leadAction(form: FormKey) {
  return ({ request, context }: ActionFunctionArgs) => handleLead(servicesOf(context), form, request, context.get(clientAddressContext));
}
