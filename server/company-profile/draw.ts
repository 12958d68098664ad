import { site } from "#app/config/site.ts";
import type { ContactContent } from "#app/content/contact-details.ts";
import type { PricingContent } from "#app/content/pricing.ts";
import type { ServiceWordsContent } from "#app/content/service-words.ts";
import type { FiguresContent } from "#app/content/stats.ts";
import type { TeamContent } from "#app/content/team.ts";
import { drawGuarantees, drawTeamAndContact } from "#server/company-profile/closing.ts";
import { drawCover, drawWhyWeExist } from "#server/company-profile/introduction.ts";
import { A4, color, MARGIN, ProfileDocument } from "#server/company-profile/layout.ts";
import { drawAddOns, drawPricing, drawServices } from "#server/company-profile/offer.ts";

/** The site content the profile shows (server/company-profile/prepared-file.ts follows each kind). */
export interface ProfileContent {
  pricing: PricingContent;
  figures: FiguresContent;
  team: TeamContent;
  contact: ContactContent;
  serviceWords: ServiceWordsContent;
}

/**
 * The company profile PDF from the site's own content, so it never disagrees with the pages: at build
 * from SPEC.md's, and in the heavy-work process from the records whenever a kind it shows changes.
 */
export async function drawCompanyProfile(
  { pricing, figures, team, contact, serviceWords }: ProfileContent,
  year = new Date().getFullYear(),
): Promise<Uint8Array> {
  const pdf = await ProfileDocument.create();
  drawCover(pdf, figures, contact);
  drawWhyWeExist(pdf);
  let flow = drawServices(pdf, serviceWords);
  flow = drawAddOns(pdf, flow, pricing);
  flow = drawPricing(pdf, flow, pricing);
  flow = drawGuarantees(pdf, flow, figures, serviceWords);
  drawTeamAndContact(pdf, flow, team, contact);

  const { pages, doc } = pdf;
  pages.forEach((page, index) => {
    if (index === 0) return;
    const left = pdf.plain(`${site.legalName}  ·  ${contact.email}  ·  ${contact.phone}`);
    const right = `${index + 1} / ${pages.length}`;
    page.drawLine({ start: { x: MARGIN, y: 44 }, end: { x: A4.width - MARGIN, y: 44 }, thickness: 0.6, color: color.line });
    page.drawText(left, { x: MARGIN, y: 30, size: 8, font: pdf.regular, color: color.muted });
    page.drawText(right, {
      x: A4.width - MARGIN - pdf.regular.widthOfTextAtSize(right, 8),
      y: 30,
      size: 8,
      font: pdf.regular,
      color: color.muted,
    });
  });

  doc.setTitle(`${site.name} Company Profile ${year}`, { showInWindowTitleBar: true });
  doc.setAuthor(site.legalName);
  doc.setSubject(site.description);
  doc.setKeywords(["performance marketing", "Google Ads", "Meta Ads", "LinkedIn Ads", "CRO", "analytics", "Johannesburg"]);
  doc.setCreator(site.name);
  doc.setLanguage(site.locale);
  return doc.save();
}
