import { servicesHero } from "#app/content/services-page.ts";
import { serviceSummaries } from "#app/content/services.ts";
import { serviceCardsOf, type ServiceWordsContent } from "#app/content/service-words.ts";
import type { PricingContent } from "#app/content/pricing.ts";
import { A4, BOTTOM, color, CONTENT_WIDTH, type Flow, MARGIN, type ProfileDocument } from "#server/company-profile/layout.ts";

export function drawServices(pdf: ProfileDocument, words: ServiceWordsContent): Flow {
  const serviceCards = serviceCardsOf(words);
  let { page, y } = pdf.innerPage("Our Services");
  y = pdf.text(page, servicesHero.lead, MARGIN, y, CONTENT_WIDTH, { size: 10.5, leading: 15, color: color.muted }) - 10;
  for (let index = 0; index < serviceCards.length; index += 2) {
    const row = serviceCards.slice(index, index + 2);
    // A last card alone on its row takes the whole width.
    const cardWidth = row.length === 2 ? (CONTENT_WIDTH - 14) / 2 : CONTENT_WIDTH;
    const cardHeight = (card: (typeof serviceCards)[number]) =>
      58 + pdf.textHeight(card.description, cardWidth - 28, { size: 9 }) + card.features.length * 13.5 + 30;
    const height = Math.max(...row.map(cardHeight));
    if (y - height < BOTTOM) ({ page, y } = pdf.innerPage("Our Services (continued)"));
    row.forEach((card, column) => {
      const x = MARGIN + column * (cardWidth + 14);
      page.drawRectangle({ x, y: y - height, width: cardWidth, height, color: color.white, borderColor: color.line, borderWidth: 1 });
      page.drawRectangle({ x, y: y - 4, width: cardWidth, height: 4, color: color.brand });
      pdf.text(page, card.title, x + 14, y - 14, cardWidth - 28, { font: pdf.bold, size: 12.5, color: color.ink });
      let cursor = pdf.text(page, card.description, x + 14, y - 34, cardWidth - 28, { size: 9 });
      for (const feature of card.features) cursor = pdf.bullet(page, feature, x + 14, cursor - 1.5, cardWidth - 28, { size: 9 });
      const base = y - height + 12;
      page.drawText(pdf.plain(card.results), { x: x + 14, y: base + 14, size: 9, font: pdf.bold, color: color.accentDark });
      page.drawText(pdf.plain(card.pricingFrom), { x: x + 14, y: base, size: 9, font: pdf.bold, color: color.brandDark });
    });
    y -= height + 14;
  }
  const seo = serviceSummaries.find((service) => service.slug === "seo-content");
  if (seo) {
    const note = `Also available: ${seo.name}. ${words.pages["seo-content"].lead}`;
    if (y - pdf.textHeight(note, CONTENT_WIDTH, { size: 9.5 }) < BOTTOM) ({ page, y } = pdf.innerPage("Our Services (continued)"));
    y = pdf.text(page, note, MARGIN, y, CONTENT_WIDTH, { size: 9.5, color: color.muted });
  }
  return { page, y };
}

export function drawAddOns(pdf: ProfileDocument, flow: Flow, { addOns }: PricingContent): Flow {
  const added = pdf.section(flow, "Add-on Services", addOns.length * 32);
  const { page } = added;
  let { y } = added;
  y =
    pdf.text(page, "Add any of these to a plan, or book them on their own.", MARGIN, y, CONTENT_WIDTH, { size: 10.5, color: color.muted }) -
    8;
  for (const addOn of addOns) {
    const price = pdf.plain(addOn.price);
    page.drawText(pdf.plain(addOn.service), { x: MARGIN, y: y - 10, size: 10, font: pdf.bold, color: color.ink });
    page.drawText(price, {
      x: A4.width - MARGIN - pdf.bold.widthOfTextAtSize(price, 10),
      y: y - 10,
      size: 10,
      font: pdf.bold,
      color: color.brandDark,
    });
    y = pdf.text(page, addOn.description, MARGIN, y - 14, CONTENT_WIDTH - 90, { size: 9, color: color.muted }) - 6;
  }
  return { page, y };
}

export function drawPricing(pdf: ProfileDocument, flow: Flow, { groups }: PricingContent): Flow {
  let { page, y } = pdf.section(flow, "Pricing at a Glance", groups.length * 50 + 40);
  y =
    pdf.text(
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
  for (const group of groups) {
    // Three tiers to a row as SPEC.md has them; a group the agency gave more shares its row among them.
    const tierWidth = (CONTENT_WIDTH - nameWidth) / Math.max(3, group.tiers.length);
    const rowHeight = 50;
    if (y - rowHeight < BOTTOM) ({ page, y } = pdf.innerPage("Pricing (continued)"));
    page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.6, color: color.line });
    pdf.text(page, group.title, MARGIN, y - 10, nameWidth - 12, { font: pdf.bold, size: 10, color: color.ink, leading: 13 });
    group.tiers.forEach((tier, index) => {
      const x = MARGIN + nameWidth + index * tierWidth;
      if (tier.popular) {
        page.drawRectangle({ x: x - 6, y: y - rowHeight + 3, width: tierWidth - 4, height: rowHeight - 6, color: color.brandTint });
        page.drawText("MOST POPULAR", { x, y: y - 44, size: 6, font: pdf.bold, color: color.brand });
      }
      page.drawText(pdf.plain(tier.name), {
        x,
        y: y - 16,
        size: 8.5,
        font: tier.popular ? pdf.bold : pdf.regular,
        color: tier.popular ? color.brandDark : color.muted,
      });
      page.drawText(pdf.plain(tier.price), { x, y: y - 31, size: 10.5, font: pdf.bold, color: color.ink });
    });
    y -= rowHeight;
  }
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.6, color: color.line });
  return { page, y: y - 10 };
}
