// Makes docs/pricing-editor.png: the inbox's pricing editor (/admin/pricing, decision 0052) as an
// editor sees it after a refused save: Google Ads' Growth price typed the wrong way round, its message
// beside the field and what was typed kept.
//
// Not part of `npm test`: it writes a picture for people. Run it after `npm run build` with
//   npx node scripts/docs-pricing-editor.ts
import path from "node:path";
import { tierName } from "#app/content/pricing-form.ts";
import { createUser, signIn } from "#tests/support/admin-users.ts";
import { launchBrowser } from "#tests/support/browser.ts";
import { startServer } from "#tests/support/server.ts";

const EDITOR = "lindiwe@roimedia.co.za";
const PASSWORD = "a long enough passphrase for the docs";
const picture = path.resolve(import.meta.dirname, "../docs/pricing-editor.png");

const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
try {
  await createUser(server.dataDir, EDITOR, PASSWORD, undefined, { role: "editor" });
  const page = await browser.newPage({ viewport: { width: 1280, height: 1400 }, deviceScaleFactor: 1 });
  await signIn(page, server.url, EDITOR, PASSWORD, "/admin/pricing");
  await page.getByRole("heading", { name: "Pricing", level: 1 }).waitFor();
  await page.locator(`[name="${tierName(0, 1, "price")}"]`).fill("R6,000-3,250");
  await page.getByRole("button", { name: "Save pricing" }).click();
  await page.getByText("The price runs the wrong way round").waitFor();
  await page.screenshot({ path: picture });
  console.log(`Wrote ${picture}`);
} finally {
  await browser.close();
  await server.stop();
}
