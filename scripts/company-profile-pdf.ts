// The company profile PDF, written at build from the site's own content so it never disagrees with the pages.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { site } from "#app/config/site.ts";
import { companyProfilePdf } from "#app/forms/company-profile-pdf.ts";
import { drawGuarantees, drawTeamAndContact } from "#scripts/company-profile-pdf/closing.ts";
import { drawCover, drawWhyWeExist } from "#scripts/company-profile-pdf/introduction.ts";
import { A4, color, MARGIN, ProfileDocument } from "#scripts/company-profile-pdf/layout.ts";
import { drawAddOns, drawPricing, drawServices } from "#scripts/company-profile-pdf/offer.ts";

const root = path.resolve(import.meta.dirname, "..");
const output = path.resolve(root, process.argv[2] ?? path.join("build/client", companyProfilePdf.path));

const pdf = await ProfileDocument.create();
drawCover(pdf);
drawWhyWeExist(pdf);
let flow = drawServices(pdf);
flow = drawAddOns(pdf, flow);
flow = drawPricing(pdf, flow);
flow = drawGuarantees(pdf, flow);
drawTeamAndContact(pdf, flow);

const { pages, doc } = pdf;
pages.forEach((page, index) => {
  if (index === 0) return;
  const left = pdf.plain(`${site.legalName}  ·  ${site.email}  ·  ${site.phone.display}`);
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

const year = new Date().getFullYear();
doc.setTitle(`${site.name} Company Profile ${year}`, { showInWindowTitleBar: true });
doc.setAuthor(site.legalName);
doc.setSubject(site.description);
doc.setKeywords(["performance marketing", "Google Ads", "Meta Ads", "LinkedIn Ads", "CRO", "analytics", "Johannesburg"]);
doc.setCreator(site.name);
doc.setLanguage(site.locale);

const bytes = await doc.save();
mkdirSync(path.dirname(output), { recursive: true });
writeFileSync(output, bytes);
console.log(`company-profile-pdf: wrote ${path.relative(root, output)} (${pages.length} pages, ${Math.round(bytes.length / 1024)} KB)`);
