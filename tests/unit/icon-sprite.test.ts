import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { iconSprite, SPRITE_FILE } from "#scripts/icon-sprite.ts";

describe("the icon sprite", () => {
  it("holds every icon the site names, as lucide draws it (else run node scripts/icon-sprite.ts)", async () => {
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(await iconSprite());
  });
});
