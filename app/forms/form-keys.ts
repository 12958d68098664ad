/** Every form the site receives; each page's action names its own. */
export type FormKey = "contact" | "audit" | "aiAssessment" | "newsletter" | "companyProfile" | "order";
