import { type PDFFont, PDFDocument, type PDFPage, PDFString, rgb, StandardFonts } from "pdf-lib";
import { site } from "#app/config/site.ts";

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 50;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const TOP = A4.height - 86;
export const BOTTOM = 70;

export const hex = (value: string) => {
  const n = Number.parseInt(value.replace("#", ""), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};
export const color = {
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

// The standard fonts speak WinAnsi only: map the few other characters the copy may hold.
const substitutes: Record<string, string> = { "≥": ">=", "≤": "<=", "→": "->", "✓": "-", "\u00a0": " ", "\u2011": "-" };

interface TextStyle {
  font?: PDFFont;
  size?: number;
  color?: ReturnType<typeof rgb>;
  leading?: number;
}

export interface Flow {
  page: PDFPage;
  y: number;
}

export class ProfileDocument {
  readonly doc: PDFDocument;
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  readonly pages: PDFPage[] = [];
  readonly #charset: Set<number>;

  private constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont) {
    this.doc = doc;
    this.regular = regular;
    this.bold = bold;
    this.#charset = new Set(regular.getCharacterSet());
  }

  static async create(): Promise<ProfileDocument> {
    const doc = await PDFDocument.create();
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    return new ProfileDocument(doc, regular, bold);
  }

  plain(text: string): string {
    return [...text].map((ch) => (this.#charset.has(ch.codePointAt(0)!) ? ch : (substitutes[ch] ?? ""))).join("");
  }

  #lines(text: string, font: PDFFont, size: number, width: number): string[] {
    const out: string[] = [];
    for (const paragraph of this.plain(text).split("\n")) {
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

  text(page: PDFPage, value: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    const font = style.font ?? this.regular;
    const size = style.size ?? 10;
    const leading = style.leading ?? size * 1.45;
    let cursor = y;
    for (const line of this.#lines(value, font, size, width)) {
      page.drawText(line, { x, y: cursor - size, size, font, color: style.color ?? color.body });
      cursor -= leading;
    }
    return cursor;
  }

  textHeight(value: string, width: number, style: TextStyle = {}): number {
    const font = style.font ?? this.regular;
    const size = style.size ?? 10;
    return this.#lines(value, font, size, width).length * (style.leading ?? size * 1.45);
  }

  link(page: PDFPage, uri: string, x: number, y: number, width: number, height: number) {
    const annotation = this.doc.context.register(
      this.doc.context.obj({
        Type: "Annot",
        Subtype: "Link",
        Rect: [x, y, x + width, y + height],
        Border: [0, 0, 0],
        A: { Type: "Action", S: "URI", URI: PDFString.of(uri) },
      }),
    );
    page.node.addAnnot(annotation);
  }

  logoMark(page: PDFPage, x: number, y: number, size: number) {
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

  addPage(): PDFPage {
    const page = this.doc.addPage([A4.width, A4.height]);
    this.pages.push(page);
    return page;
  }

  /** On the current page when `room` points are left below its heading, else on a new page. */
  section(current: Flow, title: string, room: number): Flow {
    if (current.y - 64 - room > BOTTOM) return { page: current.page, y: this.#heading(current.page, title, current.y - 24) };
    return this.innerPage(title);
  }

  innerPage(title: string): Flow {
    const page = this.addPage();
    page.drawRectangle({ x: 0, y: A4.height - 6, width: A4.width, height: 6, color: color.brand });
    this.logoMark(page, MARGIN, A4.height - 44, 18);
    page.drawText(this.plain(site.name), { x: MARGIN + 25, y: A4.height - 39, size: 11, font: this.bold, color: color.ink });
    const label = "Company Profile";
    page.drawText(label, {
      x: A4.width - MARGIN - this.regular.widthOfTextAtSize(label, 9),
      y: A4.height - 38,
      size: 9,
      font: this.regular,
      color: color.muted,
    });
    page.drawLine({
      start: { x: MARGIN, y: A4.height - 54 },
      end: { x: A4.width - MARGIN, y: A4.height - 54 },
      thickness: 0.6,
      color: color.line,
    });
    const y = this.#heading(page, title, TOP);
    return { page, y };
  }

  #heading(page: PDFPage, title: string, y: number): number {
    page.drawRectangle({ x: MARGIN, y: y - 24, width: 4, height: 22, color: color.accent });
    page.drawText(this.plain(title), { x: MARGIN + 14, y: y - 19, size: 20, font: this.bold, color: color.ink });
    return y - 40;
  }

  subheading(page: PDFPage, title: string, y: number): number {
    page.drawText(this.plain(title).toUpperCase(), { x: MARGIN, y: y - 10, size: 9, font: this.bold, color: color.brandDark });
    return y - 22;
  }

  bullet(page: PDFPage, value: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    const size = style.size ?? 9.5;
    page.drawCircle({ x: x + 2.5, y: y - size * 0.62, size: 1.8, color: style.color === color.white ? color.accent : color.brand });
    return this.text(page, value, x + 10, y, width - 10, { size, ...style });
  }
}
