/**
 * Every form the site receives. Each has one module in this folder that
 * defines it whole (a FormDefinition, app/forms/definition.ts);
 * app/forms/registry.ts lists them, and nothing else does.
 */
export type FormKey = "contact" | "audit" | "aiAssessment" | "newsletter" | "companyProfile" | "order" | "booking";
