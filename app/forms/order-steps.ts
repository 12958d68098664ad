// Apart from order.ts: the page script before React must bring neither zod nor React.
export const orderStepTitles = ["Basic Info", "Service", "Business", "Timeline"] as const;

export const orderButtonLabels = { next: "Next", submit: "Submit Order" } as const;

export const orderStepHeading = (step: number) => `Step ${step} of ${orderStepTitles.length}: ${orderStepTitles[step - 1]}`;

/** In the order it checks them: a missing field before a malformed email. */
export const orderMessages = {
  step1Missing: "Missing Information: Please fill in all required fields in Step 1",
  invalidEmail: "Invalid Email: Please enter a valid email address",
  step2Missing: "Missing Information: Please select a service and tier",
  step3Missing: "Please fill in all required fields in Step 3",
  step4Missing: "Please select your preferred start date",
} as const;

export const orderMissingMessages = [
  orderMessages.step1Missing,
  orderMessages.step2Missing,
  orderMessages.step3Missing,
  orderMessages.step4Missing,
] as const;

/** docs/SPEC.md section 5, Order wizard. */
export const simpleEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
