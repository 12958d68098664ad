/** A platform certification we hold (SPEC.md section 3): name, short text and badge colour. */
export interface PartnerBadge {
  name: string;
  text: string;
  /** Badge colour; dark enough for white text at 4.5:1. */
  colour: string;
}

export const partnerBadges: readonly PartnerBadge[] = [
  { name: "Google Partner", text: "Certified in Search, Display and Shopping", colour: "#1a56db" },
  { name: "Meta Certified", text: "Media Buying Professional", colour: "#1e40af" },
  { name: "LinkedIn Partner", text: "Marketing Solutions", colour: "#0a5c8c" },
  { name: "HubSpot Partner", text: "CRM and marketing automation", colour: "#b4361b" },
  { name: "Shopify Expert", text: "E-commerce growth", colour: "#2f6b1f" },
  { name: "Microsoft Partner", text: "Microsoft Advertising", colour: "#374151" },
];
