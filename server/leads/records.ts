import type { FormKey } from "../../app/forms/form-keys.ts";
import {
  auditBudgetOptions,
  contactBudgetOptions,
  contactInterestOptions,
  labelOf,
  platformOptions,
  serviceOptions,
} from "../../app/forms/options.ts";
import type { LeadOf } from "../../app/forms/schemas.ts";
import type { NewLead } from "../db/store.ts";

/** SPEC.md section 3: the newsletter row's name is a fixed placeholder. */
const NEWSLETTER_NAME = "Newsletter Subscriber";
/** SPEC.md section 5: empty optional values read like this in notifications. */
export const NOT_SPECIFIED = "Not specified";
const NONE = "None";

/** What a notification says about a lead, before it is rendered to mail. */
export interface LeadNotice {
  /** The notification type (the seed's send-notification `type`). */
  kind: string;
  heading: string;
  name: string | null;
  email: string;
  company: string | null;
  fields: Array<{ label: string; value: string; multiline?: boolean }>;
}

export interface LeadRecord {
  lead: NewLead;
  notice: LeadNotice;
}

const orNull = (value: string | undefined | null) => (value ? value : null);
const shown = (value: string | undefined | null) => (value ? value : NOT_SPECIFIED);

/** The AI assessment's message, merging its two questions as the seed did. */
function aiAssessmentMessage(lead: LeadOf<"aiAssessment">): string {
  return `Current AI Usage: ${shown(lead.currentAIUsage)}\n\nGoals: ${lead.goals}`;
}

/** The order's message text (SPEC.md section 7): everything beyond the contact details and service. */
function orderDetails(order: LeadOf<"order">): Array<{ label: string; value: string; multiline?: boolean }> {
  return [
    { label: "Tier", value: order.tier },
    { label: "Additional Services", value: order.additionalServices.length ? order.additionalServices.join(", ") : NONE },
    { label: "Industry", value: order.industry },
    { label: "Current Marketing", value: shown(order.currentMarketing), multiline: true },
    { label: "Monthly Budget", value: order.monthlyBudget },
    { label: "Goals", value: order.goals, multiline: true },
    { label: "Preferred Start Date", value: order.startDate },
    { label: "Team Size", value: shown(order.teamSize) },
    { label: "Challenges", value: shown(order.currentChallenges), multiline: true },
    { label: "Additional Info", value: shown(order.additionalInfo), multiline: true },
  ];
}

/** Maps a validated form to its row (SPEC.md sections 3 and 7) and what its notification says. */
export function recordFor<F extends FormKey>(form: F, data: LeadOf<F>): LeadRecord {
  switch (form) {
    case "newsletter": {
      const lead = data as LeadOf<"newsletter">;
      return {
        lead: { table: "form_submissions", row: { form_type: "newsletter", name: NEWSLETTER_NAME, email: lead.email } },
        notice: {
          kind: "Newsletter",
          heading: "New newsletter subscriber",
          name: null,
          email: lead.email,
          company: null,
          fields: [{ label: "Email", value: lead.email }],
        },
      };
    }
    case "contact": {
      const lead = data as LeadOf<"contact">;
      return {
        lead: {
          table: "form_submissions",
          row: {
            form_type: "contact",
            name: lead.name,
            email: lead.email,
            company: lead.company,
            website: orNull(lead.website),
            budget: orNull(lead.budget),
            service: orNull(lead.service),
            message: orNull(lead.message),
          },
        },
        notice: {
          kind: "Contact",
          heading: "New contact form message",
          name: lead.name,
          email: lead.email,
          company: lead.company,
          fields: [
            { label: "Name", value: lead.name },
            { label: "Email", value: lead.email },
            { label: "Company", value: lead.company },
            { label: "Website", value: shown(lead.website) },
            { label: "Monthly Ad Budget", value: lead.budget ? labelOf(contactBudgetOptions, lead.budget) : NOT_SPECIFIED },
            { label: "Primary Interest", value: lead.service ? labelOf(contactInterestOptions, lead.service) : NOT_SPECIFIED },
            { label: "Message", value: shown(lead.message), multiline: true },
          ],
        },
      };
    }
    case "audit": {
      const lead = data as LeadOf<"audit">;
      return {
        lead: {
          table: "form_submissions",
          row: {
            form_type: "audit",
            name: lead.name,
            email: lead.email,
            website: lead.website,
            budget: lead.budget,
            platform: orNull(lead.platform),
          },
        },
        notice: {
          kind: "Audit",
          heading: "New free audit request",
          name: lead.name,
          email: lead.email,
          company: null,
          fields: [
            { label: "Name", value: lead.name },
            { label: "Email", value: lead.email },
            { label: "Website", value: lead.website },
            { label: "Monthly Ad Budget", value: labelOf(auditBudgetOptions, lead.budget) },
            { label: "Platform", value: lead.platform ? labelOf(platformOptions, lead.platform) : NOT_SPECIFIED },
          ],
        },
      };
    }
    case "aiAssessment": {
      const lead = data as LeadOf<"aiAssessment">;
      const message = aiAssessmentMessage(lead);
      return {
        lead: {
          table: "form_submissions",
          row: {
            form_type: "AI Assessment Request",
            name: lead.name,
            email: lead.email,
            company: lead.company,
            website: orNull(lead.website),
            message,
          },
        },
        notice: {
          kind: "AI Assessment Request",
          heading: "New AI assessment request",
          name: lead.name,
          email: lead.email,
          company: lead.company,
          fields: [
            { label: "Name", value: lead.name },
            { label: "Email", value: lead.email },
            { label: "Company", value: lead.company },
            { label: "Website", value: shown(lead.website) },
            { label: "Message", value: message, multiline: true },
          ],
        },
      };
    }
    case "companyProfile": {
      const lead = data as LeadOf<"companyProfile">;
      return {
        lead: {
          table: "company_profile_leads",
          row: { name: lead.name, email: lead.email, company: orNull(lead.company), phone: orNull(lead.phone) },
        },
        notice: {
          kind: "CompanyProfile",
          heading: "Company profile downloaded",
          name: lead.name,
          email: lead.email,
          company: orNull(lead.company),
          fields: [
            { label: "Name", value: lead.name },
            { label: "Email", value: lead.email },
            { label: "Company", value: shown(lead.company) },
            { label: "Phone", value: shown(lead.phone) },
          ],
        },
      };
    }
    case "order": {
      const order = data as LeadOf<"order">;
      return {
        lead: {
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
        },
        notice: {
          kind: "Service Order",
          heading: "New service order",
          name: order.name,
          email: order.email,
          company: order.company,
          fields: [
            { label: "Name", value: order.name },
            { label: "Email", value: order.email },
            { label: "Phone", value: order.phone },
            { label: "Company", value: order.company },
            { label: "Website", value: shown(order.website) },
            { label: "Service", value: labelOf(serviceOptions, order.service) },
            ...orderDetails(order),
          ],
        },
      };
    }
  }
  throw new Error(`Unknown form ${String(form)}`);
}
