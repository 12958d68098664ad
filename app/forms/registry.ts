import { aiAssessmentForm } from "#app/forms/ai-assessment.ts";
import { auditForm } from "#app/forms/audit.ts";
import { bookingForm } from "#app/forms/booking.ts";
import { companyProfileForm } from "#app/forms/company-profile.ts";
import { contactForm } from "#app/forms/contact.ts";
import type { FormDefinition, FormKey, StoredRow } from "#app/forms/definition.ts";
import { newsletterForm } from "#app/forms/newsletter.ts";
import { orderForm } from "#app/forms/order.ts";

/** The browser imports only its page's own form module; the inbox's form filter lists them in this order. */
export const forms = {
  contact: contactForm,
  audit: auditForm,
  aiAssessment: aiAssessmentForm,
  newsletter: newsletterForm,
  companyProfile: companyProfileForm,
  order: orderForm,
  booking: bookingForm,
} satisfies { [K in FormKey]: FormDefinition<K> };

export const formList: readonly FormDefinition[] = Object.values(forms);

export function formOfRow(table: string, row: StoredRow): FormDefinition | undefined {
  return formList.find((form) => form.stored.table === table && (!form.stored.formType || form.stored.formType === row.form_type));
}

export const leadFormTypes = formList.map((form) => ({ key: form.inbox.type, label: form.inbox.label }));

export function formTypeLabel(key: string): string {
  return leadFormTypes.find((t) => t.key === key)?.label ?? key;
}

export function isFormType(value: string): boolean {
  return leadFormTypes.some((t) => t.key === value);
}
