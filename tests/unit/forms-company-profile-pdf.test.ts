import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDict, PDFDocument, PDFName, PDFString } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "#app/config/site.ts";
import { phoneHref, specContact } from "#app/content/contact-details.ts";
import { addOns, guarantee, pricingGroups } from "#app/content/pricing.ts";
import { servicePages } from "#app/content/service-pages.ts";
import { serviceCards, serviceSummaries } from "#app/content/services.ts";
import { team } from "#app/content/team.ts";
import { pdfText } from "#tests/support/pdf-text.ts";

const dir = mkdtempSync(path.join(tmpdir(), "company-profile-"));
const file = path.join(dir, "profile.pdf");
let bytes: Buffer;
let text: string;

beforeAll(() => {
  const run = spawnSync(process.execPath, ["scripts/company-profile-pdf.ts", file], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(run.stderr || run.stdout);
  bytes = readFileSync(file);
  text = pdfText(bytes);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("company profile PDF", () => {
  it("is a titled, multi-page A4 document", async () => {
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(5);
    expect(doc.getTitle()).toContain(`${site.name} Company Profile`);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
  });

  it("carries the site's services with their 'from' prices, pricing, guarantees, team and contact details", () => {
    const normalise = (s: string) => s.replace(/\s+/g, " ");
    const flat = normalise(text.replaceAll("\n", " "));
    for (const card of serviceCards) {
      expect(text).toContain(card.title);
      expect(text).toContain(card.pricingFrom);
    }
    for (const group of pricingGroups) for (const tier of group.tiers) expect(text).toContain(tier.price);
    for (const addOn of addOns) expect(text).toContain(addOn.price);
    for (const point of guarantee.points) expect(text).toContain(point.value);
    for (const summary of serviceSummaries) expect(flat).toContain(normalise(servicePages[summary.slug].guarantee));
    for (const member of team) {
      expect(text).toContain(member.name);
      expect(text).toContain(member.role);
    }
    expect(text).toContain(specContact.email);
    expect(text).toContain(specContact.phone);
  });

  it("links the email address and phone number", async () => {
    const doc = await PDFDocument.load(bytes);
    const uris = doc.getPages().flatMap((page) =>
      (page.node.Annots()?.asArray() ?? []).map((ref) => {
        const action = doc.context.lookup(ref, PDFDict).lookup(PDFName.of("A"), PDFDict);
        return action.lookup(PDFName.of("URI"), PDFString).decodeText();
      }),
    );
    expect(uris).toContain(`mailto:${specContact.email}`);
    expect(uris).toContain(phoneHref(specContact.phone));
  });
});
