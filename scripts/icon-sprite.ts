// Writes app/components/ui/icons.svg from lucide's drawings; run after adding a name (a unit test checks it is current).
import { writeFileSync } from "node:fs";
import type { LucideIconNode } from "lucide-react";
import { iconNames } from "#app/lib/icon-names.ts";

export const SPRITE_FILE = "app/components/ui/icons.svg";

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

export async function iconSprite(): Promise<string> {
  const symbols = await Promise.all(
    iconNames.map(async (name) => {
      const { __iconData } = (await import(`lucide-react/dist/esm/icons/${name}.mjs`)) as { __iconData: { node: LucideIconNode[] } };
      const shapes = __iconData.node.map(([tag, { key: _key, ...attributes }]) => {
        const attrs = Object.entries(attributes).map(([attr, value]) => ` ${attr}="${escapeAttribute(String(value))}"`);
        return `<${tag}${attrs.join("")}/>`;
      });
      return `<symbol id="${name}" viewBox="0 0 24 24">${shapes.join("")}</symbol>`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (import.meta.main) {
  writeFileSync(SPRITE_FILE, await iconSprite());
  console.log(`icon-sprite: wrote ${iconNames.length} icons to ${SPRITE_FILE}`);
}
