// Writes the company profile PDF (the file the company profile form unlocks)
// from the site's own content, so the PDF never disagrees with the pages.
// Run at build: node scripts/company-profile-pdf.ts [output path]. The content
// is plain TypeScript data, so Node imports it as the app does, without Vite.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type PDFFont, PDFDocument, type PDFPage, PDFString, rgb, StandardFonts } from "pdf-lib";
import { site } from "#app/config/site.ts";
import { aboutHero, aboutStats, coreValues, problemSolution } from "#app/content/about.ts";
import { auditGuarantee, auditPromises } from "#app/content/audit.ts";
import { addOns, guarantee, pricingGroups } from "#app/content/pricing.ts";
import { servicePages } from "#app/content/service-pages.ts";
import { engagementProcess, servicesHero } from "#app/content/services-page.ts";
import { serviceCards, serviceSummaries } from "#app/content/services.ts";
import { team } from "#app/content/team.ts";
import { companyProfilePdf } from "#app/forms/company-profile-pdf.ts";

const root = path.resolve(import.meta.dirname, "..");

const output = path.resolve(root, process.argv[2] ?? path.join("build/client", companyProfilePdf.path));

// ---- Page geometry and the site's colours (app/app.css) ----------------------

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const TOP = A4.height - 86;
const BOTTOM = 70;

const hex = (value: string) => {
  const n = Number.parseInt(value.replace("#", ""), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};
const color = {
  ink: hex("#0f172a"),
  body: hex("#334155"),
  muted: hex("#475569"),
  line: hex("#e2e8f0"),
  panel: hex("#f8fafc"),
  brand: hex("#2563eb"),
  brandDark: hex("#1d4ed8"),
  brandDeep: hex("#1e40af"),
  brandTint: hex("#eff6ff"),
  accent: hex("#10b981"),
  accentDark: hex("#047857"),
  white: rgb(1, 1, 1),
  onDark: hex("#cbd5e1"),
};

const doc = await PDFDocument.create();
const regular = await doc.embedFont(StandardFonts.Helvetica);
const bold = await doc.embedFont(StandardFonts.HelveticaBold);

// The standard fonts speak WinAnsi only: map the few other characters the copy may hold.
const substitutes: Record<string, string> = { "≥": ">=", "≤": "<=", "→": "->", "✓": "-", "\u00a0": " ", "\u2011": "-" };
const charset = new Set(regular.getCharacterSet());
function plain(text: string): string {
  return [...text].map((ch) => (charset.has(ch.codePointAt(0)!) ? ch : (substitutes[ch] ?? ""))).join("");
}

function lines(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of plain(text).split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
      else {
        out.push(line);
        line = word;
      }
    }
    out.push(line);
  }
  return out;
}

interface TextStyle {
  font?: PDFFont;
  size?: number;
  color?: ReturnType<typeof rgb>;
  leading?: number;
}

/** Draws wrapped text from (x, y) down; returns the y below it. */
function text(page: PDFPage, value: string, x: number, y: number, width: number, style: TextStyle = {}): number {
  const font = style.font ?? regular;
  const size = style.size ?? 10;
  const leading = style.leading ?? size * 1.45;
  let cursor = y;
  for (const line of lines(value, font, size, width)) {
    page.drawText(line, { x, y: cursor - size, size, font, color: style.color ?? color.body });
    cursor -= leading;
  }
  return cursor;
}

function textHeight(value: string, width: number, style: TextStyle = {}): number {
  const font = style.font ?? regular;
  const size = style.size ?? 10;
  return lines(value, font, size, width).length * (style.leading ?? size * 1.45);
}

/** A clickable area opening a mailto:, tel: or web address. */
function link(page: PDFPage, uri: string, x: number, y: number, width: number, height: number) {
  const annotation = doc.context.register(
    doc.context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [x, y, x + width, y + height],
      Border: [0, 0, 0],
      A: { Type: "Action", S: "URI", URI: PDFString.of(uri) },
    }),
  );
  page.node.addAnnot(annotation);
}

/** The site's logo mark (app/components/layout/logo.tsx), drawn at `size` points. */
function logoMark(page: PDFPage, x: number, y: number, size: number) {
  const scale = size / 32;
  page.drawSvgPath("M8 0H24A8 8 0 0 1 32 8V24A8 8 0 0 1 24 32H8A8 8 0 0 1 0 24V8A8 8 0 0 1 8 0Z", {
    x,
    y: y + size,
    scale,
    color: color.brand,
  });
  page.drawSvgPath("M8 22L14 16L18 20L25 11", {
    x,
    y: y + size,
    scale,
    borderColor: color.white,
    borderWidth: 2.5 * scale,
    borderLineCap: 1,
  });
  page.drawCircle({ x: x + 25 * scale, y: y + size - 11 * scale, size: 2 * scale, color: color.accent });
}

// ---- Pages -----------------------------------------------------------------

const pages: PDFPage[] = [];

/** A new section: on the current page when `room` points are left below its heading, else on a new page. */
function section(current: { page: PDFPage; y: number } | null, title: string, room: number): { page: PDFPage; y: number } {
  if (current && current.y - 64 - room > BOTTOM) return { page: current.page, y: heading(current.page, title, current.y - 24) };
  return innerPage(title);
}

function innerPage(title: string): { page: PDFPage; y: number } {
  const page = doc.addPage([A4.width, A4.height]);
  pages.push(page);
  page.drawRectangle({ x: 0, y: A4.height - 6, width: A4.width, height: 6, color: color.brand });
  logoMark(page, MARGIN, A4.height - 44, 18);
  page.drawText(plain(site.name), { x: MARGIN + 25, y: A4.height - 39, size: 11, font: bold, color: color.ink });
  const label = "Company Profile";
  page.drawText(label, {
    x: A4.width - MARGIN - regular.widthOfTextAtSize(label, 9),
    y: A4.height - 38,
    size: 9,
    font: regular,
    color: color.muted,
  });
  page.drawLine({
    start: { x: MARGIN, y: A4.height - 54 },
    end: { x: A4.width - MARGIN, y: A4.height - 54 },
    thickness: 0.6,
    color: color.line,
  });
  const y = heading(page, title, TOP);
  return { page, y };
}

function heading(page: PDFPage, title: string, y: number): number {
  page.drawRectangle({ x: MARGIN, y: y - 24, width: 4, height: 22, color: color.accent });
  page.drawText(plain(title), { x: MARGIN + 14, y: y - 19, size: 20, font: bold, color: color.ink });
  return y - 40;
}

function subheading(page: PDFPage, title: string, y: number): number {
  page.drawText(plain(title).toUpperCase(), { x: MARGIN, y: y - 10, size: 9, font: bold, color: color.brandDark });
  return y - 22;
}

function bullet(page: PDFPage, value: string, x: number, y: number, width: number, style: TextStyle = {}): number {
  const size = style.size ?? 9.5;
  page.drawCircle({ x: x + 2.5, y: y - size * 0.62, size: 1.8, color: style.color === color.white ? color.accent : color.brand });
  return text(page, value, x + 10, y, width - 10, { size, ...style });
}

// -- Cover --

{
  const page = doc.addPage([A4.width, A4.height]);
  pages.push(page);
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
  logoMark(page, MARGIN, A4.height - 110, 44);
  page.drawText(plain(site.name), { x: MARGIN + 56, y: A4.height - 96, size: 24, font: bold, color: color.white });
  page.drawText("COMPANY PROFILE", { x: MARGIN, y: A4.height - 190, size: 12, font: bold, color: color.accent });
  let y = text(page, aboutHero.title, MARGIN, A4.height - 204, CONTENT_WIDTH - 40, {
    font: bold,
    size: 30,
    leading: 36,
    color: color.white,
  });
  y = text(page, site.tagline, MARGIN, y - 8, CONTENT_WIDTH - 60, { size: 13, color: color.onDark, leading: 18 });
  text(page, `${site.address.locality}, ${site.address.country}  ·  Working remotely across South Africa`, MARGIN, y - 8, CONTENT_WIDTH, {
    size: 10,
    color: color.onDark,
  });

  // The eight services as chips in the band.
  let chipX = MARGIN;
  let chipY = A4.height - 360;
  for (const service of serviceSummaries) {
    const label = plain(service.name);
    const width = bold.widthOfTextAtSize(label, 9.5) + 22;
    if (chipX + width > A4.width - MARGIN) {
      chipX = MARGIN;
      chipY -= 30;
    }
    page.drawRectangle({ x: chipX, y: chipY, width, height: 22, borderColor: hex("#3b82f6"), borderWidth: 1, color: color.ink });
    page.drawText(label, { x: chipX + 11, y: chipY + 7.5, size: 9.5, font: bold, color: color.white });
    chipX += width + 8;
  }

  // Four figures on tiles straddling the band's edge.
  const tileWidth = (CONTENT_WIDTH - 3 * 10) / 4;
  const tileY = A4.height - bandHeight - 40;
  aboutStats.forEach((stat, index) => {
    const x = MARGIN + index * (tileWidth + 10);
    page.drawRectangle({ x, y: tileY, width: tileWidth, height: 76, color: color.white, borderColor: color.line, borderWidth: 1 });
    page.drawRectangle({ x, y: tileY + 73, width: tileWidth, height: 3, color: color.brand });
    page.drawText(plain(stat.value), { x: x + 12, y: tileY + 40, size: 22, font: bold, color: color.brandDark });
    text(page, stat.label, x + 12, tileY + 32, tileWidth - 20, { size: 8.5, color: color.muted, leading: 11 });
  });

  let cursor = subheading(page, "Who we are", tileY - 24);
  cursor = text(page, aboutHero.lead, MARGIN, cursor, CONTENT_WIDTH, { size: 11, leading: 16 });
  text(page, servicesHero.lead, MARGIN, cursor - 6, CONTENT_WIDTH, { size: 11, leading: 16 });

  const footY = 54;
  page.drawLine({ start: { x: MARGIN, y: footY + 34 }, end: { x: A4.width - MARGIN, y: footY + 34 }, thickness: 0.6, color: color.line });
  const contacts = [
    { label: "Email", value: site.email, uri: `mailto:${site.email}` },
    { label: "Phone", value: site.phone.display, uri: site.phone.href },
    { label: "Office", value: `${site.address.locality}, ${site.address.region}` },
  ];
  contacts.forEach((item, index) => {
    const x = MARGIN + index * (CONTENT_WIDTH / 3);
    page.drawText(item.label.toUpperCase(), { x, y: footY + 16, size: 7.5, font: bold, color: color.muted });
    page.drawText(plain(item.value), { x, y: footY, size: 10, font: bold, color: color.ink });
    if (item.uri) link(page, item.uri, x, footY - 3, bold.widthOfTextAtSize(plain(item.value), 10), 14);
  });
}

// -- About: problem, solution, values --

{
  const start = innerPage("Why We Exist");
  const { page } = start;
  let { y } = start;
  const columnWidth = (CONTENT_WIDTH - 16) / 2;
  const columns = [problemSolution.problem, problemSolution.solution];
  const boxHeight =
    Math.max(
      ...columns.map(
        (part) =>
          textHeight(part.text, columnWidth - 28, { size: 9.5 }) +
          part.points.reduce((h, p) => h + textHeight(p, columnWidth - 38, { size: 9.5 }) + 3, 0),
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
    page.drawText(plain(part.title), { x: x + 14, y: y - 26, size: 13, font: bold, color: solution ? color.brandDark : color.ink });
    let cursor = text(page, part.text, x + 14, y - 36, columnWidth - 28, { size: 9.5 });
    for (const point of part.points) cursor = bullet(page, point, x + 14, cursor - 3, columnWidth - 28);
  });
  y -= boxHeight + 28;

  y = subheading(page, "Our values", y);
  const valueWidth = (CONTENT_WIDTH - 2 * 12) / 3;
  const valueHeight = Math.max(...coreValues.map((v) => textHeight(v.text, valueWidth - 24, { size: 9.5 }))) + 48;
  coreValues.forEach((value, index) => {
    const x = MARGIN + index * (valueWidth + 12);
    page.drawRectangle({ x, y: y - valueHeight, width: valueWidth, height: valueHeight, borderColor: color.line, borderWidth: 1 });
    page.drawText(String(index + 1).padStart(2, "0"), { x: x + 12, y: y - 22, size: 10, font: bold, color: color.accentDark });
    text(page, value.title, x + 12, y - 28, valueWidth - 24, { font: bold, size: 11.5, color: color.ink });
    text(page, value.text, x + 12, y - 46, valueWidth - 24, { size: 9.5 });
  });
  y -= valueHeight + 28;

  y = subheading(page, "How every engagement runs", y);
  const stepWidth = (CONTENT_WIDTH - 3 * 10) / 4;
  engagementProcess.forEach((step, index) => {
    const x = MARGIN + index * (stepWidth + 10);
    page.drawCircle({ x: x + 15, y: y - 15, size: 15, color: color.brand });
    const number = plain(step.number);
    page.drawText(number, { x: x + 15 - bold.widthOfTextAtSize(number, 10) / 2, y: y - 19, size: 10, font: bold, color: color.white });
    if (index < engagementProcess.length - 1) {
      page.drawLine({
        start: { x: x + 34, y: y - 15 },
        end: { x: x + stepWidth + 4, y: y - 15 },
        thickness: 1,
        color: color.line,
        dashArray: [3, 3],
      });
    }
    const below = text(page, step.title, x, y - 40, stepWidth - 6, { font: bold, size: 11, color: color.ink });
    text(page, step.description, x, below - 2, stepWidth - 6, { size: 9 });
  });
}

// -- Services --

let flow: { page: PDFPage; y: number };
{
  let { page, y } = innerPage("Our Services");
  y = text(page, servicesHero.lead, MARGIN, y, CONTENT_WIDTH, { size: 10.5, leading: 15, color: color.muted }) - 10;
  for (let index = 0; index < serviceCards.length; index += 2) {
    const row = serviceCards.slice(index, index + 2);
    // A last card alone on its row takes the whole width.
    const cardWidth = row.length === 2 ? (CONTENT_WIDTH - 14) / 2 : CONTENT_WIDTH;
    const cardHeight = (card: (typeof serviceCards)[number]) =>
      58 + textHeight(card.description, cardWidth - 28, { size: 9 }) + card.features.length * 13.5 + 30;
    const height = Math.max(...row.map(cardHeight));
    if (y - height < BOTTOM) ({ page, y } = innerPage("Our Services (continued)"));
    row.forEach((card, column) => {
      const x = MARGIN + column * (cardWidth + 14);
      page.drawRectangle({ x, y: y - height, width: cardWidth, height, color: color.white, borderColor: color.line, borderWidth: 1 });
      page.drawRectangle({ x, y: y - 4, width: cardWidth, height: 4, color: color.brand });
      text(page, card.title, x + 14, y - 14, cardWidth - 28, { font: bold, size: 12.5, color: color.ink });
      let cursor = text(page, card.description, x + 14, y - 34, cardWidth - 28, { size: 9 });
      for (const feature of card.features) cursor = bullet(page, feature, x + 14, cursor - 1.5, cardWidth - 28, { size: 9 });
      const base = y - height + 12;
      page.drawText(plain(card.results), { x: x + 14, y: base + 14, size: 9, font: bold, color: color.accentDark });
      page.drawText(plain(card.pricingFrom), { x: x + 14, y: base, size: 9, font: bold, color: color.brandDark });
    });
    y -= height + 14;
  }
  const seo = serviceSummaries.find((service) => service.slug === "seo-content");
  if (seo) {
    const note = `Also available: ${seo.name}. ${servicePages["seo-content"].lead}`;
    if (y - textHeight(note, CONTENT_WIDTH, { size: 9.5 }) < BOTTOM) ({ page, y } = innerPage("Our Services (continued)"));
    y = text(page, note, MARGIN, y, CONTENT_WIDTH, { size: 9.5, color: color.muted });
  }
  flow = { page, y };
}

// -- Add-ons --

{
  const added = section(flow, "Add-on Services", addOns.length * 32);
  const { page } = added;
  let { y } = added;
  y =
    text(page, "Add any of these to a plan, or book them on their own.", MARGIN, y, CONTENT_WIDTH, { size: 10.5, color: color.muted }) - 8;
  for (const addOn of addOns) {
    const price = plain(addOn.price);
    page.drawText(plain(addOn.service), { x: MARGIN, y: y - 10, size: 10, font: bold, color: color.ink });
    page.drawText(price, {
      x: A4.width - MARGIN - bold.widthOfTextAtSize(price, 10),
      y: y - 10,
      size: 10,
      font: bold,
      color: color.brandDark,
    });
    y = text(page, addOn.description, MARGIN, y - 14, CONTENT_WIDTH - 90, { size: 9, color: color.muted }) - 6;
  }
  flow = { page, y };
}

// -- Pricing --

{
  let { page, y } = section(flow, "Pricing at a Glance", 7 * 50 + 40);
  y =
    text(
      page,
      "Monthly management fees in South African rand, excluding ad spend. Every plan is month-to-month.",
      MARGIN,
      y,
      CONTENT_WIDTH,
      {
        size: 10.5,
        color: color.muted,
      },
    ) - 8;
  const nameWidth = 170;
  const tierWidth = (CONTENT_WIDTH - nameWidth) / 3;
  for (const group of pricingGroups) {
    const rowHeight = 50;
    if (y - rowHeight < BOTTOM) ({ page, y } = innerPage("Pricing (continued)"));
    page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.6, color: color.line });
    text(page, group.title, MARGIN, y - 10, nameWidth - 12, { font: bold, size: 10, color: color.ink, leading: 13 });
    group.tiers.forEach((tier, index) => {
      const x = MARGIN + nameWidth + index * tierWidth;
      if (tier.popular) {
        page.drawRectangle({ x: x - 6, y: y - rowHeight + 3, width: tierWidth - 4, height: rowHeight - 6, color: color.brandTint });
        page.drawText("MOST POPULAR", { x, y: y - 44, size: 6, font: bold, color: color.brand });
      }
      page.drawText(plain(tier.name), {
        x,
        y: y - 16,
        size: 8.5,
        font: tier.popular ? bold : regular,
        color: tier.popular ? color.brandDark : color.muted,
      });
      page.drawText(plain(tier.price), { x, y: y - 31, size: 10.5, font: bold, color: color.ink });
    });
    y -= rowHeight;
  }
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.6, color: color.line });
  flow = { page, y: y - 10 };
}

// -- Guarantees --

{
  let { page, y } = section(flow, guarantee.title, 260);
  y = text(page, guarantee.lead, MARGIN, y, CONTENT_WIDTH, { size: 10.5, color: color.muted }) - 8;
  const boxWidth = (CONTENT_WIDTH - 2 * 12) / 3;
  const boxHeight = Math.max(...guarantee.points.map((p) => textHeight(p.description, boxWidth - 24, { size: 9 }))) + 66;
  guarantee.points.forEach((point, index) => {
    const x = MARGIN + index * (boxWidth + 12);
    page.drawRectangle({ x, y: y - boxHeight, width: boxWidth, height: boxHeight, color: color.ink });
    page.drawText(plain(point.value), { x: x + 12, y: y - 32, size: 20, font: bold, color: color.white });
    page.drawText(plain(point.label), { x: x + 12, y: y - 46, size: 9, font: bold, color: color.accent });
    text(page, point.description, x + 12, y - 54, boxWidth - 24, { size: 9, color: color.onDark });
  });
  y -= boxHeight + 16;

  const auditHeight = textHeight(auditGuarantee.text, CONTENT_WIDTH - 32, { size: 10 }) + 40;
  page.drawRectangle({
    x: MARGIN,
    y: y - auditHeight,
    width: CONTENT_WIDTH,
    height: auditHeight,
    color: color.brandTint,
    borderColor: color.brand,
    borderWidth: 1,
  });
  page.drawText(plain(auditGuarantee.title), { x: MARGIN + 16, y: y - 22, size: 12, font: bold, color: color.brandDark });
  text(page, auditGuarantee.text, MARGIN + 16, y - 28, CONTENT_WIDTH - 32, { size: 10 });
  y -= auditHeight + 24;

  y = subheading(page, "What each service guarantees", y);
  for (const summary of serviceSummaries) {
    const promise = servicePages[summary.slug].guarantee;
    const height = textHeight(promise, CONTENT_WIDTH - 170, { size: 9.5 }) + 8;
    if (y - height < BOTTOM) ({ page, y } = innerPage("Guarantees (continued)"));
    page.drawText(plain(summary.name), { x: MARGIN, y: y - 9.5, size: 9.5, font: bold, color: color.ink });
    text(page, promise, MARGIN + 170, y, CONTENT_WIDTH - 170, { size: 9.5 });
    y -= height;
    page.drawLine({ start: { x: MARGIN, y: y + 3 }, end: { x: A4.width - MARGIN, y: y + 3 }, thickness: 0.4, color: color.line });
  }
  flow = { page, y };
}

// -- Team and contact --

{
  let { page, y } = section(flow, "The Team Behind Your Results", 240);
  for (const member of team) {
    const bioHeight = textHeight(member.bio, CONTENT_WIDTH - 90, { size: 9.5 });
    const height = bioHeight + 64;
    if (y - height < BOTTOM) ({ page, y } = innerPage("The Team (continued)"));
    page.drawCircle({ x: MARGIN + 28, y: y - 30, size: 28, color: hex(member.avatar.background) });
    const initials = plain(member.initials);
    page.drawText(initials, {
      x: MARGIN + 28 - bold.widthOfTextAtSize(initials, 16) / 2,
      y: y - 36,
      size: 16,
      font: bold,
      color: color.white,
    });
    page.drawText(plain(member.name), { x: MARGIN + 74, y: y - 16, size: 13, font: bold, color: color.ink });
    page.drawText(plain(member.role), { x: MARGIN + 74, y: y - 30, size: 9.5, font: bold, color: color.brandDark });
    let cursor = text(page, member.bio, MARGIN + 74, y - 38, CONTENT_WIDTH - 74, { size: 9.5 });
    cursor = text(page, `Expertise: ${member.expertise.join(", ")}`, MARGIN + 74, cursor - 2, CONTENT_WIDTH - 74, {
      size: 8.5,
      color: color.muted,
    });
    y = Math.min(cursor, y - 64) - 14;
  }

  const boxHeight = 150;
  if (y - boxHeight < BOTTOM) ({ page, y } = innerPage("Get in Touch"));
  y -= 6;
  page.drawRectangle({ x: MARGIN, y: y - boxHeight, width: CONTENT_WIDTH, height: boxHeight, color: color.ink });
  page.drawText("Start with a free ad audit", { x: MARGIN + 20, y: y - 32, size: 17, font: bold, color: color.white });
  text(page, auditPromises.join("  ·  "), MARGIN + 20, y - 42, CONTENT_WIDTH - 40, { size: 10, color: color.accent, font: bold });
  const rows = [
    { label: "Email", value: site.email, uri: `mailto:${site.email}` },
    { label: "Phone", value: `${site.phone.display} (${site.phoneHours})`, uri: site.phone.href },
    { label: "Office", value: `${site.address.locality}, ${site.address.region}, ${site.address.country}` },
  ];
  rows.forEach((row, index) => {
    const rowY = y - 78 - index * 20;
    page.drawText(row.label.toUpperCase(), { x: MARGIN + 20, y: rowY, size: 8, font: bold, color: color.onDark });
    page.drawText(plain(row.value), { x: MARGIN + 80, y: rowY, size: 10.5, font: bold, color: color.white });
    if (row.uri) link(page, row.uri, MARGIN + 80, rowY - 3, bold.widthOfTextAtSize(plain(row.value), 10.5), 14);
  });
}

// ---- Footers, metadata, output -----------------------------------------------

const year = new Date().getFullYear();
pages.forEach((page, index) => {
  if (index === 0) return;
  const left = plain(`${site.legalName}  ·  ${site.email}  ·  ${site.phone.display}`);
  const right = `${index + 1} / ${pages.length}`;
  page.drawLine({ start: { x: MARGIN, y: 44 }, end: { x: A4.width - MARGIN, y: 44 }, thickness: 0.6, color: color.line });
  page.drawText(left, { x: MARGIN, y: 30, size: 8, font: regular, color: color.muted });
  page.drawText(right, { x: A4.width - MARGIN - regular.widthOfTextAtSize(right, 8), y: 30, size: 8, font: regular, color: color.muted });
});

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
