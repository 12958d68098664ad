import { site } from "#app/config/site.ts";
import { type ContactContent, phoneHref } from "#app/content/contact-details.ts";
import { auditGuarantee, auditPromises } from "#app/content/audit.ts";
import { guarantee } from "#app/content/pricing.ts";
import type { ServiceWordsContent } from "#app/content/service-words.ts";
import { serviceSummaries } from "#app/content/services.ts";
import type { FiguresContent } from "#app/content/stats.ts";
import type { TeamContent } from "#app/content/team.ts";
import { A4, BOTTOM, color, CONTENT_WIDTH, type Flow, hex, MARGIN, type ProfileDocument } from "#server/company-profile/layout.ts";

export function drawGuarantees(pdf: ProfileDocument, flow: Flow, figures: FiguresContent, words: ServiceWordsContent): Flow {
  const audit = auditGuarantee(figures);
  let { page, y } = pdf.section(flow, guarantee.title, 260);
  y = pdf.text(page, guarantee.lead, MARGIN, y, CONTENT_WIDTH, { size: 10.5, color: color.muted }) - 8;
  const boxWidth = (CONTENT_WIDTH - 2 * 12) / 3;
  const boxHeight = Math.max(...guarantee.points.map((p) => pdf.textHeight(p.description, boxWidth - 24, { size: 9 }))) + 66;
  guarantee.points.forEach((point, index) => {
    const x = MARGIN + index * (boxWidth + 12);
    page.drawRectangle({ x, y: y - boxHeight, width: boxWidth, height: boxHeight, color: color.ink });
    page.drawText(pdf.plain(point.value), { x: x + 12, y: y - 32, size: 20, font: pdf.bold, color: color.white });
    page.drawText(pdf.plain(point.label), { x: x + 12, y: y - 46, size: 9, font: pdf.bold, color: color.accent });
    pdf.text(page, point.description, x + 12, y - 54, boxWidth - 24, { size: 9, color: color.onDark });
  });
  y -= boxHeight + 16;

  const auditHeight = pdf.textHeight(audit.text, CONTENT_WIDTH - 32, { size: 10 }) + 40;
  page.drawRectangle({
    x: MARGIN,
    y: y - auditHeight,
    width: CONTENT_WIDTH,
    height: auditHeight,
    color: color.brandTint,
    borderColor: color.brand,
    borderWidth: 1,
  });
  page.drawText(pdf.plain(audit.title), { x: MARGIN + 16, y: y - 22, size: 12, font: pdf.bold, color: color.brandDark });
  pdf.text(page, audit.text, MARGIN + 16, y - 28, CONTENT_WIDTH - 32, { size: 10 });
  y -= auditHeight + 24;

  y = pdf.subheading(page, "What each service guarantees", y);
  for (const summary of serviceSummaries) {
    const promise = words.pages[summary.slug].guarantee;
    const height = pdf.textHeight(promise, CONTENT_WIDTH - 170, { size: 9.5 }) + 8;
    if (y - height < BOTTOM) ({ page, y } = pdf.innerPage("Guarantees (continued)"));
    page.drawText(pdf.plain(summary.name), { x: MARGIN, y: y - 9.5, size: 9.5, font: pdf.bold, color: color.ink });
    pdf.text(page, promise, MARGIN + 170, y, CONTENT_WIDTH - 170, { size: 9.5 });
    y -= height;
    page.drawLine({ start: { x: MARGIN, y: y + 3 }, end: { x: A4.width - MARGIN, y: y + 3 }, thickness: 0.4, color: color.line });
  }
  return { page, y };
}

export function drawTeamAndContact(pdf: ProfileDocument, flow: Flow, team: TeamContent, contact: ContactContent): void {
  let { page, y } = pdf.section(flow, "The Team Behind Your Results", 240);
  for (const member of team.members) {
    const bioHeight = pdf.textHeight(member.bio, CONTENT_WIDTH - 90, { size: 9.5 });
    const height = bioHeight + 64;
    if (y - height < BOTTOM) ({ page, y } = pdf.innerPage("The Team (continued)"));
    page.drawCircle({ x: MARGIN + 28, y: y - 30, size: 28, color: hex(member.avatar.background) });
    const initials = pdf.plain(member.initials);
    page.drawText(initials, {
      x: MARGIN + 28 - pdf.bold.widthOfTextAtSize(initials, 16) / 2,
      y: y - 36,
      size: 16,
      font: pdf.bold,
      color: color.white,
    });
    page.drawText(pdf.plain(member.name), { x: MARGIN + 74, y: y - 16, size: 13, font: pdf.bold, color: color.ink });
    page.drawText(pdf.plain(member.role), { x: MARGIN + 74, y: y - 30, size: 9.5, font: pdf.bold, color: color.brandDark });
    let cursor = pdf.text(page, member.bio, MARGIN + 74, y - 38, CONTENT_WIDTH - 74, { size: 9.5 });
    cursor = pdf.text(page, `Expertise: ${member.expertise.join(", ")}`, MARGIN + 74, cursor - 2, CONTENT_WIDTH - 74, {
      size: 8.5,
      color: color.muted,
    });
    y = Math.min(cursor, y - 64) - 14;
  }

  const boxHeight = 150;
  if (y - boxHeight < BOTTOM) ({ page, y } = pdf.innerPage("Get in Touch"));
  y -= 6;
  page.drawRectangle({ x: MARGIN, y: y - boxHeight, width: CONTENT_WIDTH, height: boxHeight, color: color.ink });
  page.drawText("Start with a free ad audit", { x: MARGIN + 20, y: y - 32, size: 17, font: pdf.bold, color: color.white });
  pdf.text(page, auditPromises.join("  ·  "), MARGIN + 20, y - 42, CONTENT_WIDTH - 40, { size: 10, color: color.accent, font: pdf.bold });
  const rows = [
    { label: "Email", value: contact.email, uri: `mailto:${contact.email}` },
    { label: "Phone", value: `${contact.phone} (${contact.phoneHours})`, uri: phoneHref(contact.phone) },
    { label: "Office", value: `${contact.locality}, ${contact.region}, ${site.address.country}` },
  ];
  rows.forEach((row, index) => {
    const rowY = y - 78 - index * 20;
    page.drawText(row.label.toUpperCase(), { x: MARGIN + 20, y: rowY, size: 8, font: pdf.bold, color: color.onDark });
    page.drawText(pdf.plain(row.value), { x: MARGIN + 80, y: rowY, size: 10.5, font: pdf.bold, color: color.white });
    if (row.uri) pdf.link(page, row.uri, MARGIN + 80, rowY - 3, pdf.bold.widthOfTextAtSize(pdf.plain(row.value), 10.5), 14);
  });
}
