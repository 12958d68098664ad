import { z } from "#app/lib/zod.ts";
import { commonFields } from "#app/forms/common-fields.ts";
import { formFields, type LeadFormDefinition, orNull, reported, textOf } from "#app/forms/definition.ts";
import { botCheckFailed, checkTheFields, errorTitle } from "#app/forms/messages.ts";
import {
  additionalServiceOptions,
  chosenLabel,
  orderBudgetOptions,
  serviceOptions,
  startDateOptions,
  offeredTiers,
  type ServiceKey,
  values,
} from "#app/forms/options.ts";
import { fieldLimits } from "#app/forms/field-limits.ts";
import { optionalText, requiredText } from "#app/forms/rules.ts";
import { orderMessages, simpleEmailPattern } from "#app/forms/order-steps.ts";
import type { SteppedForm } from "#app/forms/steps.ts";

export { orderMessages };

const fields = formFields({
  name: { ...commonFields.name, required: true },
  email: { ...commonFields.email, required: true },
  phone: { ...commonFields.phone, required: true },
  company: { ...commonFields.company, required: true },
  website: commonFields.website,
  service: { label: "Primary Service", shortLabel: "Service", required: true, options: serviceOptions, placeholder: "Select a service" },
  tier: { label: "Service Tier", shortLabel: "Tier", required: true, maxLength: fieldLimits.shortText, placeholder: "Select a tier" },
  additionalServices: { label: "Additional Services", options: additionalServiceOptions },
  industry: {
    label: "Industry",
    required: true,
    maxLength: fieldLimits.shortText,
    placeholder: "e.g. E-commerce, SaaS, Professional services",
  },
  monthlyBudget: {
    label: "Monthly Marketing Budget",
    shortLabel: "Monthly Budget",
    required: true,
    options: orderBudgetOptions,
    placeholder: "Select your budget",
  },
  currentMarketing: {
    label: "Current Marketing Activities",
    shortLabel: "Current marketing",
    reportLabel: "Current Marketing",
    multiline: true,
    maxLength: fieldLimits.longText,
  },
  goals: { label: "Business Goals", shortLabel: "Goals", required: true, multiline: true, maxLength: fieldLimits.longText },
  startDate: { label: "Preferred Start Date", required: true, options: startDateOptions, placeholder: "Select a start date" },
  teamSize: {
    label: "Team Size",
    shortLabel: "Team size",
    reportLabel: "Team Size",
    maxLength: fieldLimits.shortText,
    placeholder: "e.g. 10 people",
  },
  currentChallenges: {
    label: "Current Challenges",
    shortLabel: "Current challenges",
    reportLabel: "Challenges",
    multiline: true,
    maxLength: fieldLimits.longText,
  },
  additionalInfo: {
    label: "Additional Information",
    shortLabel: "Additional information",
    reportLabel: "Additional Info",
    multiline: true,
    maxLength: fieldLimits.longText,
  },
});

const step1 = {
  name: requiredText(orderMessages.step1Missing, fields.name),
  email: requiredText(orderMessages.step1Missing, fields.email).check(z.regex(simpleEmailPattern, orderMessages.invalidEmail)),
  phone: requiredText(orderMessages.step1Missing, fields.phone),
  company: requiredText(orderMessages.step1Missing, fields.company),
  website: optionalText(fields.website),
};

const step2 = {
  service: z.enum(values(serviceOptions), { error: orderMessages.step2Missing }),
  tier: requiredText(orderMessages.step2Missing, fields.tier),
  additionalServices: z._default(
    z
      .array(z.enum(additionalServiceOptions, { error: "Please choose additional services from the list" }))
      .check(z.maxLength(additionalServiceOptions.length)),
    [],
  ),
};

const step3 = {
  industry: requiredText(orderMessages.step3Missing, fields.industry),
  currentMarketing: optionalText(fields.currentMarketing),
  monthlyBudget: z.enum(orderBudgetOptions, { error: orderMessages.step3Missing }),
  goals: requiredText(orderMessages.step3Missing, fields.goals),
};

const step4 = {
  startDate: z.enum(startDateOptions, { error: orderMessages.step4Missing }),
  teamSize: optionalText(fields.teamSize),
  currentChallenges: optionalText(fields.currentChallenges),
  additionalInfo: optionalText(fields.additionalInfo),
};

/** Changing the service clears it. */
function tierBelongsToService(order: { service: ServiceKey; tier: string }): boolean {
  return offeredTiers()[order.service]?.includes(order.tier) ?? false;
}
const tierRule = { error: orderMessages.step2Missing, path: ["tier"] };

/** So the wizard's Next checks only the current step. */
export const orderStepSchemas = [
  z.object(step1),
  z.object(step2).check(z.refine(tierBelongsToService, tierRule)),
  z.object(step3),
  z.object(step4),
] as const;

const schema = z.object({ ...step1, ...step2, ...step3, ...step4 }).check(z.refine(tierBelongsToService, tierRule));

/** The step 3 and 4 messages carry no title of their own and share step 1's. */
export function splitOrderMessage(text: string): { title: string; message: string } {
  const missingTitle = orderMessages.step1Missing.split(": ")[0]!;
  const colon = text.indexOf(": ");
  return colon > 0 ? { title: text.slice(0, colon), message: text.slice(colon + 2) } : { title: missingTitle, message: text };
}

const wizardMessages: ReadonlySet<string> = new Set(Object.values(orderMessages));

const steps: SteppedForm = {
  form: "order",
  steps: orderStepSchemas,
  failure(_step, fieldErrors) {
    const stepMessages = Object.values(fieldErrors)
      .flat()
      .filter((text) => wizardMessages.has(text));
    // Missing fields before a malformed email (docs/SPEC.md section 5).
    const missing = stepMessages.find((text) => text !== orderMessages.invalidEmail) ?? stepMessages[0];
    return missing ? splitOrderMessage(missing) : { title: errorTitle, message: checkTheFields };
  },
};

function additionalServices(json: unknown): string {
  try {
    const list = JSON.parse(textOf(json) || "[]") as unknown;
    return Array.isArray(list) ? list.map(String).join(", ") : textOf(json);
  } catch {
    return textOf(json);
  }
}

export const orderForm = {
  key: "order",
  schema,
  fields,
  listFields: ["additionalServices"],
  steps,
  messages: {
    success: { title: "Order Submitted Successfully!", message: "We'll contact you within 24 hours to discuss your project." },
    failure: { title: "Submission Failed", message: "Please try again or contact us directly." },
    botCheckFailed,
  },
  rateLimit: { key: "order", max: 3, windowMinutes: 30 },
  stored: { table: "service_orders" },
  inbox: { type: "order", label: "Service order" },
  row: (order) => ({
    table: "service_orders",
    row: {
      name: order.name,
      email: order.email,
      phone: order.phone,
      company: order.company,
      website: orNull(order.website),
      service: order.service,
      tier: order.tier,
      additional_services: JSON.stringify(order.additionalServices),
      industry: order.industry,
      current_marketing: orNull(order.currentMarketing),
      monthly_budget: order.monthlyBudget,
      goals: order.goals,
      start_date: order.startDate,
      team_size: orNull(order.teamSize),
      current_challenges: orNull(order.currentChallenges),
      additional_info: orNull(order.additionalInfo),
    },
  }),
  notification: { kind: "Service Order", heading: "New service order" },
  report: (row) => [
    reported(fields.name, row.name),
    reported(fields.email, row.email),
    reported(fields.phone, row.phone),
    reported(fields.company, row.company),
    reported(fields.website, row.website),
    reported(fields.service, chosenLabel(serviceOptions, row.service)),
    reported(fields.tier, row.tier),
    reported(fields.additionalServices, additionalServices(row.additional_services), { empty: "None" }),
    reported(fields.industry, row.industry),
    reported(fields.currentMarketing, row.current_marketing),
    reported(fields.monthlyBudget, row.monthly_budget),
    reported(fields.goals, row.goals),
    reported(fields.startDate, row.start_date),
    reported(fields.teamSize, row.team_size),
    reported(fields.currentChallenges, row.current_challenges),
    reported(fields.additionalInfo, row.additional_info),
  ],
} satisfies LeadFormDefinition<"order", typeof schema>;
