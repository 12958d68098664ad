import { site } from "#app/config/site.ts";
import { type ContactContent, phoneHref } from "#app/content/contact-details.ts";
import { aboutHero, aboutStats, coreValues, problemSolution } from "#app/content/about.ts";
import { engagementProcess, servicesHero } from "#app/content/services-page.ts";
import { serviceSummaries } from "#app/content/services.ts";
import type { FiguresContent } from "#app/content/stats.ts";
import { A4, CONTENT_WIDTH, color, hex, MARGIN, type ProfileDocument } from "#server/company-profile/layout.ts";

export function drawCover(pdf: ProfileDocument, figures: FiguresContent, contact: ContactContent): void {
  const page = pdf.addPage();
  const bandHeight = 520;
  page.drawRectangle({ x: 0, y: A4.height - bandHeight, width: A4.width, height: bandHeight, color: color.ink });
  page.drawRectangle({ x: 0, y: A4.height - bandHeight, width: A4.width, height: 5, color: color.brand });
  // A rising line, the logo's own motif, across the band.
  page.drawSvgPath("M0 300 L150 230 L250 270 L420 120 L595 60", {
    x: 0,
    y: A4.height,
    borderColor: color.brandDeep,
    borderWidth: 18,
    borderOpacity: 0.55,
    borderLineCap: 1,
  });
  pdf.logoMark(page, MARGIN, A4.height - 110, 44);
  page.drawText(pdf.plain(site.name), { x: MARGIN + 56, y: A4.height - 96, size: 24, font: pdf.bold, color: color.white });
  page.drawText("COMPANY PROFILE", { x: MARGIN, y: A4.height - 190, size: 12, font: pdf.bold, color: color.accent });
  let y = pdf.text(page, aboutHero.title, MARGIN, A4.height - 204, CONTENT_WIDTH - 40, {
    font: pdf.bold,
    size: 30,
    leading: 36,
    color: color.white,
  });
  y = pdf.text(page, site.tagline, MARGIN, y - 8, CONTENT_WIDTH - 60, { size: 13, color: color.onDark, leading: 18 });
  pdf.text(page, `${contact.locality}, ${site.address.country}  ·  Working remotely across South Africa`, MARGIN, y - 8, CONTENT_WIDTH, {
    size: 10,
    color: color.onDark,
  });

  let chipX = MARGIN;
  let chipY = A4.height - 360;
  for (const service of serviceSummaries) {
    const label = pdf.plain(service.name);
    const width = pdf.bold.widthOfTextAtSize(label, 9.5) + 22;
    if (chipX + width > A4.width - MARGIN) {
      chipX = MARGIN;
      chipY -= 30;
    }
    page.drawRectangle({ x: chipX, y: chipY, width, height: 22, borderColor: hex("#3b82f6"), borderWidth: 1, color: color.ink });
    page.drawText(label, { x: chipX + 11, y: chipY + 7.5, size: 9.5, font: pdf.bold, color: color.white });
    chipX += width + 8;
  }

  const tileWidth = (CONTENT_WIDTH - 3 * 10) / 4;
  const tileY = A4.height - bandHeight - 40;
  aboutStats(figures).forEach((stat, index) => {
    const x = MARGIN + index * (tileWidth + 10);
    page.drawRectangle({ x, y: tileY, width: tileWidth, height: 76, color: color.white, borderColor: color.line, borderWidth: 1 });
    page.drawRectangle({ x, y: tileY + 73, width: tileWidth, height: 3, color: color.brand });
    page.drawText(pdf.plain(stat.value), { x: x + 12, y: tileY + 40, size: 22, font: pdf.bold, color: color.brandDark });
    pdf.text(page, stat.label, x + 12, tileY + 32, tileWidth - 20, { size: 8.5, color: color.muted, leading: 11 });
  });

  let cursor = pdf.subheading(page, "Who we are", tileY - 24);
  cursor = pdf.text(page, aboutHero.lead, MARGIN, cursor, CONTENT_WIDTH, { size: 11, leading: 16 });
  pdf.text(page, servicesHero.lead, MARGIN, cursor - 6, CONTENT_WIDTH, { size: 11, leading: 16 });

  const footY = 54;
  page.drawLine({ start: { x: MARGIN, y: footY + 34 }, end: { x: A4.width - MARGIN, y: footY + 34 }, thickness: 0.6, color: color.line });
  const contacts = [
    { label: "Email", value: contact.email, uri: `mailto:${contact.email}` },
    { label: "Phone", value: contact.phone, uri: phoneHref(contact.phone) },
    { label: "Office", value: `${contact.locality}, ${contact.region}` },
  ];
  contacts.forEach((item, index) => {
    const x = MARGIN + index * (CONTENT_WIDTH / 3);
    page.drawText(item.label.toUpperCase(), { x, y: footY + 16, size: 7.5, font: pdf.bold, color: color.muted });
    page.drawText(pdf.plain(item.value), { x, y: footY, size: 10, font: pdf.bold, color: color.ink });
    if (item.uri) pdf.link(page, item.uri, x, footY - 3, pdf.bold.widthOfTextAtSize(pdf.plain(item.value), 10), 14);
  });
}

export function drawWhyWeExist(pdf: ProfileDocument): void {
  const start = pdf.innerPage("Why We Exist");
  const { page } = start;
  let { y } = start;
  const columnWidth = (CONTENT_WIDTH - 16) / 2;
  const columns = [problemSolution.problem, problemSolution.solution];
  const boxHeight =
    Math.max(
      ...columns.map(
        (part) =>
          pdf.textHeight(part.text, columnWidth - 28, { size: 9.5 }) +
          part.points.reduce((h, p) => h + pdf.textHeight(p, columnWidth - 38, { size: 9.5 }) + 3, 0),
      ),
    ) + 58;
  columns.forEach((part, index) => {
    const x = MARGIN + index * (columnWidth + 16);
    const solution = index === 1;
    page.drawRectangle({
      x,
      y: y - boxHeight,
      width: columnWidth,
      height: boxHeight,
      color: solution ? color.brandTint : color.panel,
      borderColor: color.line,
      borderWidth: 1,
    });
    page.drawText(pdf.plain(part.title), { x: x + 14, y: y - 26, size: 13, font: pdf.bold, color: solution ? color.brandDark : color.ink });
    let cursor = pdf.text(page, part.text, x + 14, y - 36, columnWidth - 28, { size: 9.5 });
    for (const point of part.points) cursor = pdf.bullet(page, point, x + 14, cursor - 3, columnWidth - 28);
  });
  y -= boxHeight + 28;

  y = pdf.subheading(page, "Our values", y);
  const valueWidth = (CONTENT_WIDTH - 2 * 12) / 3;
  const valueHeight = Math.max(...coreValues.map((v) => pdf.textHeight(v.text, valueWidth - 24, { size: 9.5 }))) + 48;
  coreValues.forEach((value, index) => {
    const x = MARGIN + index * (valueWidth + 12);
    page.drawRectangle({ x, y: y - valueHeight, width: valueWidth, height: valueHeight, borderColor: color.line, borderWidth: 1 });
    page.drawText(String(index + 1).padStart(2, "0"), { x: x + 12, y: y - 22, size: 10, font: pdf.bold, color: color.accentDark });
    pdf.text(page, value.title, x + 12, y - 28, valueWidth - 24, { font: pdf.bold, size: 11.5, color: color.ink });
    pdf.text(page, value.text, x + 12, y - 46, valueWidth - 24, { size: 9.5 });
  });
  y -= valueHeight + 28;

  y = pdf.subheading(page, "How every engagement runs", y);
  const stepWidth = (CONTENT_WIDTH - 3 * 10) / 4;
  engagementProcess.forEach((step, index) => {
    const x = MARGIN + index * (stepWidth + 10);
    page.drawCircle({ x: x + 15, y: y - 15, size: 15, color: color.brand });
    const number = pdf.plain(step.number);
    page.drawText(number, {
      x: x + 15 - pdf.bold.widthOfTextAtSize(number, 10) / 2,
      y: y - 19,
      size: 10,
      font: pdf.bold,
      color: color.white,
    });
    if (index < engagementProcess.length - 1) {
      page.drawLine({
        start: { x: x + 34, y: y - 15 },
        end: { x: x + stepWidth + 4, y: y - 15 },
        thickness: 1,
        color: color.line,
        dashArray: [3, 3],
      });
    }
    const below = pdf.text(page, step.title, x, y - 40, stepWidth - 6, { font: pdf.bold, size: 11, color: color.ink });
    pdf.text(page, step.description, x, below - 2, stepWidth - 6, { size: 9 });
  });
}
