/** app/forms/registry.ts lists them, and nothing else does. */
export type FormKey = "contact" | "audit" | "aiAssessment" | "newsletter" | "companyProfile" | "order" | "booking";
