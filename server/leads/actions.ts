import { type ActionFunctionArgs, data } from "react-router";
import type { LeadFormDefinition } from "#app/forms/definition.ts";
import { moveStep, stepIntent } from "#app/forms/steps.ts";
import { clientAddressContext, servicesOf } from "#server/services.ts";
import { handleLead } from "#server/leads/lead-step.ts";
import { readForm } from "#server/http/request.ts";
import { noStoreHeaders } from "#app/lib/cache-control.ts";

export function leadAction(form: LeadFormDefinition) {
  return ({ request, context }: ActionFunctionArgs) => handleLead(servicesOf(context), form, request, context.get(clientAddressContext));
}

/** Next and Previous without JavaScript only move between steps and store nothing. */
export function steppedLeadAction(form: LeadFormDefinition & { steps: NonNullable<LeadFormDefinition["steps"]> }) {
  const pipeline = leadAction(form);
  const listFields = new Set(form.listFields);
  return async (args: ActionFunctionArgs) => {
    const read = await readForm(args.request.clone(), listFields);
    const intent = read.ok ? read.fields.intent : undefined;
    if (read.ok && (intent === stepIntent.next || intent === stepIntent.previous)) {
      const formData = new FormData();
      for (const [name, value] of Object.entries(read.fields)) {
        for (const item of Array.isArray(value) ? value : [value]) formData.append(name, item);
      }
      const answer = moveStep(form.steps, formData, intent, form.listFields);
      return data(answer, { status: answer.fieldErrors ? 400 : 200, headers: noStoreHeaders });
    }
    return pipeline(args);
  };
}
