import { readFileSync } from "node:fs";
import path from "node:path";
import satori from "satori";
import sharp from "sharp";
import { site } from "#app/config/site.ts";
import { OG_HEIGHT, OG_WIDTH, ogSection } from "#app/lib/og.ts";

/** One function for the build and the heavy-work process (docs/decisions/0044), so the two cannot differ. */

export const CARD_FONT_FILES = [500, 800].map((weight) => ({ weight, file: `inter-latin-${weight}-normal.woff` }));

export type CardDrawer = (pagePath: string, title: string) => Promise<Buffer>;

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };
const h = (type: string, style: Record<string, unknown>, children?: unknown, extra: Record<string, unknown> = {}): Node => ({
  type,
  props: { style, children, ...extra },
});

function card(title: string, section: string, logo: string): Node {
  const size = title.length > 48 ? 56 : 68;
  return h(
    "div",
    {
      width: "100%",
      height: "100%",
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "64px 72px",
      boxSizing: "border-box",
      background: "linear-gradient(135deg, #0f172a 0%, #1e3a8a 100%)",
      fontFamily: "Inter",
      color: "#ffffff",
    },
    [
      h("div", { display: "flex", alignItems: "center", gap: 18 }, [
        h("img", { width: 56, height: 56 }, undefined, { src: logo, width: 56, height: 56 }),
        h("div", { fontSize: 34, fontWeight: 800 }, site.name),
      ]),
      h("div", { display: "flex", flexDirection: "column", gap: 20 }, [
        h("div", { fontSize: 30, fontWeight: 500, color: "#6ee7b7", textTransform: "uppercase", letterSpacing: 3 }, section),
        h("div", { fontSize: size, fontWeight: 800, lineHeight: 1.1, maxWidth: 1000 }, title),
      ]),
      h("div", { display: "flex", width: "100%", justifyContent: "space-between", fontSize: 26, fontWeight: 500, color: "#cbd5e1" }, [
        h("div", { display: "flex" }, "Johannesburg, South Africa"),
        h("div", { display: "flex", color: "#6ee7b7" }, "Free ad audit in 48 hours"),
      ]),
    ],
  );
}

export function cardDrawer({ fontDir, logoFile }: { fontDir: string; logoFile: string }): CardDrawer {
  const fonts = CARD_FONT_FILES.map(({ weight, file }) => ({
    name: "Inter",
    data: readFileSync(path.join(fontDir, file)),
    weight: weight as 500 | 800,
    style: "normal" as const,
  }));
  const logo = `data:image/svg+xml;base64,${readFileSync(logoFile).toString("base64")}`;
  return async (pagePath, title) => {
    const svg = await satori(card(title, ogSection(pagePath), logo) as never, { width: OG_WIDTH, height: OG_HEIGHT, fonts });
    return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  };
}
