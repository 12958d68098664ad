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

/** The badges as the agency edits them (/admin/badges, decision 0052): the home page shows them in order. */
export interface PartnersContent {
  badges: readonly PartnerBadge[];
}

export const specPartners: PartnersContent = { badges: partnerBadges };

/** WCAG contrast ratio of white text on a #rrggbb colour. */
export function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
}
