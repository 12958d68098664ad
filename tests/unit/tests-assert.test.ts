import { ESLint } from "eslint";
import { expect, it } from "vitest";

/** `npm run lint` refuses a test that asserts nothing (eslint.config.js, docs/decisions/0055), and accepts one asserting through a helper. */
async function findings(code: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(code, { filePath: "tests/unit/probe.test.ts" });
  return result!.messages.filter((m) => m.ruleId === "vitest/expect-expect").map((m) => m.message);
}

it("refuses a test without an assertion, accepts one through an expect… helper", { timeout: 60_000 }, async () => {
  const head = 'import { it } from "vitest";\n';
  expect(await findings(`${head}it("does", async () => {\n  await Promise.resolve();\n});\n`)).toEqual(["Test has no assertions"]);
  const helper = "declare function expectShown(): Promise<void>;\n";
  expect(await findings(`${head}${helper}it("shows", async () => {\n  await expectShown();\n});\n`)).toEqual([]);
});
