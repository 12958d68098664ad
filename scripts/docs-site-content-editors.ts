// Makes docs/pricing-editor.png, testimonials-editor.png, badges-editor.png, case-studies-editor.png,
// figures-editor.png, team-editor.png, contact-editor.png and service-pages-editor.png: the inbox's site-content editors (decision 0052) as an editor sees them after a refused
// save, each message beside its field and what was typed kept: Google Ads' Growth price typed the wrong way
// round; the home page's testimonials given new positions with one name left out; a badge's colour too light
// for its white text; a case study's result figure left out; a figure's label too long for /about's description;
// a co-founder who wrote articles removed; a phone number from abroad and an email without its domain's ending;
// the Meta Ads page's included items cut to seven and its card's starting-at price emptied.
//
// Not part of `npm test`: it writes pictures for people. Run it after `npm run build` with
//   npx node scripts/docs-site-content-editors.ts
import path from "node:path";
import { badgeName } from "#app/content/badges-form.ts";
import { caseStudyName } from "#app/content/case-studies-form.ts";
import { figureName } from "#app/content/figures-form.ts";
import { cardName, wordsName } from "#app/content/service-words-form.ts";
import { specServiceWords } from "#app/content/service-words.ts";
import { teamName } from "#app/content/team-form.ts";
import { tierName } from "#app/content/pricing-form.ts";
import { testimonialName } from "#app/content/testimonials-form.ts";
import { createUser, signIn } from "#tests/support/admin-users.ts";
import { launchBrowser } from "#tests/support/browser.ts";
import { startServer } from "#tests/support/server.ts";

const EDITOR = "lindiwe@roimedia.co.za";
const PASSWORD = "a long enough passphrase for the docs";
const picture = (name: string) => path.resolve(import.meta.dirname, `../docs/${name}`);

const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
try {
  await createUser(server.dataDir, EDITOR, PASSWORD, undefined, { role: "editor" });
  const page = await browser.newPage({ viewport: { width: 1280, height: 1400 }, deviceScaleFactor: 1 });
  await signIn(page, server.url, EDITOR, PASSWORD, "/admin/pricing");
  await page.getByRole("heading", { name: "Pricing", level: 1 }).waitFor();
  await page.locator(`[name="${tierName(0, 1, "price")}"]`).fill("R6,000-3,250");
  await page.getByRole("button", { name: "Save pricing" }).click();
  await page.getByText("The price runs the wrong way round").waitFor();
  await page.getByText("The price runs the wrong way round").scrollIntoViewIfNeeded();
  await page.screenshot({ path: picture("pricing-editor.png") });

  await page.goto(`${server.url}/admin/testimonials`);
  const field = (row: number, key: string) => page.locator(`[name="${testimonialName("home", row, key)}"]`);
  await field(2, "position").fill("1");
  await field(0, "position").fill("3");
  await field(1, "name").fill("");
  await page.getByRole("button", { name: "Save testimonials" }).click();
  await page.getByText("Give the name.").waitFor();
  await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({ path: picture("testimonials-editor.png") });

  await page.goto(`${server.url}/admin/badges`);
  await page.locator(`[name="${badgeName("badges", 3, "colour")}"]`).fill("#f59e0b");
  await page.getByRole("button", { name: "Save badges" }).click();
  await page.getByText("choose a darker colour").waitFor();
  await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({ path: picture("badges-editor.png") });

  await page.goto(`${server.url}/admin/case-studies`);
  await page.locator(`[name="${caseStudyName("studies", 0, "resultValue")}"]`).fill("");
  await page.getByRole("button", { name: "Save case studies" }).click();
  await page.getByText("A case study needs its figures").waitFor();
  await page.getByText("A case study needs its figures").scrollIntoViewIfNeeded();
  await page.screenshot({ path: picture("case-studies-editor.png") });

  await page.goto(`${server.url}/admin/figures`);
  await page.locator(`[name="${figureName("retention", "label")}"]`).fill("Client retention over three years");
  await page.getByRole("button", { name: "Save figures" }).click();
  await page.getByText("description repeats this figure").waitFor();
  await page.getByText("description repeats this figure").scrollIntoViewIfNeeded();
  await page.screenshot({ path: picture("figures-editor.png") });

  await page.goto(`${server.url}/admin/team`);
  await page.locator(`[name="${teamName("members", 0, "remove")}"]`).check();
  await page.getByRole("button", { name: "Save team" }).click();
  await page.getByText("an article keeps its author").waitFor();
  await page.getByText("an article keeps its author").scrollIntoViewIfNeeded();
  await page.screenshot({ path: picture("team-editor.png") });

  await page.goto(`${server.url}/admin/contact`);
  await page.locator('[name="email"]').fill("info@roimedia");
  await page.locator('[name="phone"]').fill("+44 20 7946 0958");
  await page.getByRole("button", { name: "Save contact details" }).click();
  await page.getByText("Give a South African number").waitFor();
  await page.screenshot({ path: picture("contact-editor.png") });

  await page.goto(`${server.url}/admin/service-pages`);
  await page.locator("summary", { hasText: "Meta Ads" }).click();
  const metaIncluded = specServiceWords.pages["meta-ads"].included.slice(0, 7).join("\n");
  await page.locator(`[name="${wordsName("meta-ads", "included")}"]`).fill(metaIncluded);
  await page.locator(`[name="${cardName("meta-ads", "pricingFrom")}"]`).fill("");
  await page.getByRole("button", { name: "Save service pages" }).click();
  await page.getByText("Give 8 items").waitFor();
  await page.getByText("Give 8 items").scrollIntoViewIfNeeded();
  await page.screenshot({ path: picture("service-pages-editor.png") });
  console.log(
    "Wrote docs/pricing-editor.png, testimonials-editor.png, badges-editor.png, case-studies-editor.png, figures-editor.png, team-editor.png, contact-editor.png and service-pages-editor.png",
  );
} finally {
  await browser.close();
  await server.stop();
}
