/**
 * The order wizard's steps and words (docs/SPEC.md: Get-started wizard, and
 * section 5), in a module of their own: the wizard, its rules (order.ts) and
 * its page script before React (order-wizard-page-script.ts, which must bring
 * neither zod nor React) say them alike.
 */
export const orderStepTitles = ["Basic Info", "Service", "Business", "Timeline"] as const;

/** The wizard's main button: Next, and Submit Order on the last step. */
export const orderButtonLabels = { next: "Next", submit: "Submit Order" } as const;

/** The heading of each step. */
export const orderStepHeading = (step: number) => `Step ${step} of ${orderStepTitles.length}: ${orderStepTitles[step - 1]}`;

/** Four steps, in the order it checks them, a missing field before a malformed email. */
export const orderMessages = {
  step1Missing: "Missing Information: Please fill in all required fields in Step 1",
  invalidEmail: "Invalid Email: Please enter a valid email address",
  step2Missing: "Missing Information: Please select a service and tier",
  step3Missing: "Please fill in all required fields in Step 3",
  step4Missing: "Please select your preferred start date",
} as const;

/** The message of a step whose required field is missing. */
export const orderMissingMessages = [
  orderMessages.step1Missing,
  orderMessages.step2Missing,
  orderMessages.step3Missing,
  orderMessages.step4Missing,
] as const;

/** The wizard's simple text@text.text check (docs/SPEC.md section 5, Order wizard). */
export const simpleEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
