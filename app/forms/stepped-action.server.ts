import { type ActionFunctionArgs, data } from "react-router";
import { readForm } from "../../server/leads/request";
import { leadAction } from "./lead-action.server";
import { listFields } from "./schemas";
import { moveStep, type SteppedForm, stepIntent } from "./steps";

/**
 * The action of a page whose form comes in steps. Next and Previous (posts
 * made without JavaScript) only move between steps and store nothing; the
 * last step's submit runs the lead pipeline.
 */
export function steppedLeadAction(stepped: SteppedForm) {
  const pipeline = leadAction(stepped.form);
  return async (args: ActionFunctionArgs) => {
    // Read with the pipeline's own size limit; an oversized or odd post goes to the pipeline to be refused.
    const read = await readForm(args.request.clone(), listFields);
    const intent = read.ok ? read.fields.intent : undefined;
    if (read.ok && (intent === stepIntent.next || intent === stepIntent.previous)) {
      const formData = new FormData();
      for (const [name, value] of Object.entries(read.fields)) {
        for (const item of Array.isArray(value) ? value : [value]) formData.append(name, item);
      }
      const answer = moveStep(stepped, formData, intent);
      return data(answer, { status: answer.fieldErrors ? 400 : 200, headers: { "Cache-Control": "no-store" } });
    }
    return pipeline(args);
  };
}
