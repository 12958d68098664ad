import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The server's layers import no feature (eslint.config.js, docs/decisions/0051):
 * a feature's import written into each layer folder is refused by `npm run lint`,
 * a layer's import of another layer is not.
 */
const layers = ["db", "http", "forms", "outbox", "mail", "captcha", "audit"];

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(code, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("the server's layers", () => {
  it.each(layers)("server/%s refuses a feature's import, a type's too", { timeout: 60_000 }, async (layer) => {
    const file = `server/${layer}/probe.ts`;
    expect(
      await restricted(file, 'import { listArticles } from "#server/articles/store.ts";\nexport const probe = listArticles;\n'),
    ).toEqual([expect.stringContaining(`server/${layer} is`)]);
    expect(await restricted(file, 'import type { Actor } from "#server/admin/guard.ts";\nexport type Probe = Actor;\n')).toHaveLength(1);
  });

  it("lets a layer use another layer and a feature use any layer", { timeout: 60_000 }, async () => {
    const code = 'import { recordAudit } from "#server/audit/audit.ts";\nexport const probe = recordAudit;\n';
    expect(await restricted("server/outbox/probe.ts", code)).toEqual([]);
    expect(await restricted("server/articles/probe.ts", code)).toEqual([]);
  });
});
