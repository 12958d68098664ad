import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * Page scripts are named and kept by lint (eslint.config.js, app/before-react/README.md): only a
 * `*-page-script.ts` is bundled for the page, it lives in app/before-react/, and it brings no React.
 */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(code, { filePath: file });
  return result!.messages.filter((m) => m.ruleId !== null).map((m) => m.message);
}

const inline = (path: string) => `import code from "${path}?inline-script";\nexport const probe = code;\n`;

describe("page scripts", () => {
  it("refuses a script bundled for the page that is not named a page script", { timeout: 60_000 }, async () => {
    expect(await refusals("app/components/probe.tsx", inline("#app/lib/consent.ts"))).toEqual([
      expect.stringContaining("Only a page script"),
    ]);
    expect(
      await refusals("app/root-probe.tsx", 'import src from "#app/lib/analytics.ts?script-file";\nexport const probe = src;\n'),
    ).toEqual([expect.stringContaining("Only a page script")]);
    expect(await refusals("app/components/probe.tsx", inline("#app/before-react/body-page-script.ts"))).toEqual([]);
  });

  it("refuses a page script outside app/before-react/", { timeout: 60_000 }, async () => {
    expect(await refusals("app/components/forms/probe-page-script.ts", "export const probe = 1;\n")).toEqual([
      expect.stringContaining("Page scripts live in app/before-react/"),
    ]);
    expect(await refusals("app/before-react/probe-page-script.ts", "export const probe = 1;\n")).toEqual([]);
  });

  it.each([
    'import { useState } from "react";\nexport const probe = useState;\n',
    'import { createRoot } from "react-dom/client";\nexport const probe = createRoot;\n',
    'import { Link } from "react-router";\nexport const probe = Link;\n',
    'import { PageScripts } from "#app/before-react/page-scripts.tsx";\nexport const probe = PageScripts;\n',
    'import { consentDom } from "#app/components/consent/consent-dom.ts";\nexport const probe = consentDom;\n',
  ])("refuses a page script that imports what needs React: %s", { timeout: 60_000 }, async (code) => {
    expect(await refusals("app/before-react/probe-page-script.ts", code)).toContainEqual(expect.stringContaining("runs before React"));
  });

  it("lets a page script import shared code that needs no React", { timeout: 60_000 }, async () => {
    const code =
      'import { HYDRATED_EVENT } from "#app/before-react/hydration-on-intent.ts";\nimport { orderStepTitles } from "#app/forms/order-steps.ts";\nexport const probe = [HYDRATED_EVENT, orderStepTitles];\n';
    expect(await refusals("app/before-react/probe-page-script.ts", code)).toEqual([]);
  });
});
