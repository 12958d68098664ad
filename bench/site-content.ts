// From a pricing save to the new price on every instance sharing PostgreSQL: each is asked until /pricing
// (from its prepared file: the only answer with an ETag) and the company profile PDF show it; and from a
// testimonials save (a new order) until the home page, a prepared file too, shows it; and from a contact
// details save (a new phone, in every page's footer) until the home page, an article page and the PDF show it.
// Writes bench/results/site-content.json and .md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { articlePath, articleSlugs } from "#app/content/articles.ts";
import { specContact } from "#app/content/contact-details.ts";
import { type PricingContent, specPricing } from "#app/content/pricing.ts";
import { specTestimonials } from "#app/content/testimonials.ts";
import { companyProfilePdf } from "#app/forms/company-profile-pdf.ts";
import type { Actor } from "#server/audit/audit.ts";
import { openSiteDatabase } from "#server/migrations.ts";
import { findContent, saveContent } from "#server/site-content/store.ts";
import { latencyRow, latencySummary } from "#bench/latency.ts";
import { startCluster } from "#tests/support/cluster.ts";
import { pdfText } from "#tests/support/pdf-text.ts";

const RUNS = 20;
const EDITOR: Actor = { userId: null, name: "bench" };

process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
const loadAtStart = loadavg()[0]!;
const cluster = await startCluster({ count: 2, env: () => ({}) });
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-site-content-"));
const handle = await openSiteDatabase({ DATABASE_URL: cluster.url, DATA_DIR: dataDir });

/** Asks instance i every 10 ms until `shows` holds for what `file` answers; the time since `since`. */
async function shownAfter(i: number, file: string, shows: (answer: Response, body: Buffer) => boolean, since: number): Promise<number> {
  for (;;) {
    const answer = await fetch(cluster.instances[i]!.url + file, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    const body = Buffer.from(await answer.arrayBuffer());
    if (answer.status === 200 && shows(answer, body)) return performance.now() - since;
    if (performance.now() - since > 30_000) throw new Error(`${file} not changed on instance ${i} after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const pages: number[] = [];
const pdfs: number[] = [];
const homePages: number[] = [];
const contactPages: number[] = [];
const contactPdfs: number[] = [];
const article = articlePath(articleSlugs[0]!);
try {
  for (let run = 0; run < RUNS; run++) {
    const price = `R${4000 + run * 10}-7,000`;
    const [google, ...others] = specPricing.groups;
    const pricing: PricingContent = {
      ...specPricing,
      groups: [{ ...google!, tiers: google!.tiers.map((tier, index) => (index === 1 ? { ...tier, price } : tier)) }, ...others],
    };
    const { version } = (await findContent(handle.db, "pricing"))!;
    const since = performance.now();
    const saved = await saveContent(handle.db, "pricing", version, JSON.stringify(pricing), EDITOR);
    if (!saved.ok) throw new Error(`save ${run} refused: ${saved.problem}`);
    const onPage = (answer: Response, body: Buffer) => answer.headers.has("etag") && body.toString().includes(price);
    const inPdf = (_: Response, body: Buffer) => pdfText(body).includes(price);
    const [page0, page1, pdf0, pdf1] = await Promise.all([
      shownAfter(0, "/pricing", onPage, since),
      shownAfter(1, "/pricing", onPage, since),
      shownAfter(0, companyProfilePdf.path, inPdf, since),
      shownAfter(1, companyProfilePdf.path, inPdf, since),
    ]);
    pages.push(Math.max(page0, page1));
    pdfs.push(Math.max(pdf0, pdf1));

    // The home page's testimonials turned one place round: each run's order is new.
    const turn = (run % (specTestimonials.home.length - 1)) + 1;
    const home = [...specTestimonials.home.slice(turn), ...specTestimonials.home.slice(0, turn)];
    const first = home[0]!.quote;
    const current = (await findContent(handle.db, "testimonials"))!;
    const homeSince = performance.now();
    const homeSaved = await saveContent(handle.db, "testimonials", current.version, JSON.stringify({ ...specTestimonials, home }), EDITOR);
    if (!homeSaved.ok) throw new Error(`testimonials save ${run} refused: ${homeSaved.problem}`);
    const leads = (answer: Response, body: Buffer) => {
      const html = body.toString();
      return answer.headers.has("etag") && home.every((t) => html.indexOf(t.quote) >= html.indexOf(first));
    };
    homePages.push(Math.max(...(await Promise.all([shownAfter(0, "/", leads, homeSince), shownAfter(1, "/", leads, homeSince)]))));

    // A new phone: every prerendered page's footer, the article pages' and the PDF's.
    const phone = `+27 21 555 ${1000 + run}`;
    const contact = (await findContent(handle.db, "contact"))!;
    const contactSince = performance.now();
    const contactSaved = await saveContent(handle.db, "contact", contact.version, JSON.stringify({ ...specContact, phone }), EDITOR);
    if (!contactSaved.ok) throw new Error(`contact save ${run} refused: ${contactSaved.problem}`);
    const inFooter = (answer: Response, body: Buffer) => answer.headers.has("etag") && body.toString().includes(phone);
    const phoneInPdf = (_: Response, body: Buffer) => pdfText(body).includes(phone);
    const [home0, home1, article0, article1, contactPdf0, contactPdf1] = await Promise.all([
      shownAfter(0, "/", inFooter, contactSince),
      shownAfter(1, "/", inFooter, contactSince),
      shownAfter(0, article, inFooter, contactSince),
      shownAfter(1, article, inFooter, contactSince),
      shownAfter(0, companyProfilePdf.path, phoneInPdf, contactSince),
      shownAfter(1, companyProfilePdf.path, phoneInPdf, contactSince),
    ]);
    contactPages.push(Math.max(home0, home1, article0, article1));
    contactPdfs.push(Math.max(contactPdf0, contactPdf1));
  }
} finally {
  await handle.close();
  await cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const results = {
  runs: RUNS,
  pricingPage: latencySummary(pages),
  companyProfile: latencySummary(pdfs),
  homePage: latencySummary(homePages),
  contactPages: latencySummary(contactPages),
  contactProfile: latencySummary(contactPdfs),
};
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/site-content.json",
  JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, results }, null, 2),
);
writeFileSync(
  "bench/results/site-content.md",
  [
    "## From a site-content save to every instance\n",
    `Two instances of the built server on one PostgreSQL, the poll at its default (ARTICLES_POLL_MS, 1,000 ms); ${RUNS} saves of a ` +
      "new Growth price in the database one after another, each instance asked every 10 ms until /pricing serves it from its " +
      "prepared file (with its ETag) and until the company profile PDF shows it (drawn again in the heavy-work process; " +
      "docs/decisions/0052); then a save of the testimonials in a new order, until / serves it from its prepared file; " +
      "then a save of the contact details with a new phone, which prepares every prerendered page and article page again, " +
      "until / and an article page serve it from their prepared files and the PDF shows it. " +
      "A save through an instance's own editor is live there when the save answers.\n",
    "| from the save's commit until both instances serve | median | p90 | max |",
    "|---|---:|---:|---:|",
    latencyRow("/pricing with the new price", results.pricingPage),
    latencyRow("the company profile PDF with it", results.companyProfile),
    latencyRow("/ with the testimonials' new order", results.homePage),
    latencyRow("/ and an article page with a new phone in the footer", results.contactPages),
    latencyRow("the company profile PDF with the new phone", results.contactProfile),
    "",
    "",
    `Machine load (1 min) at the start: ${loadAtStart.toFixed(1)} on ${availableParallelism()} cores.`,
    "Target: within 5 s on every instance (issue 45).\n",
  ].join("\n"),
);
console.log("bench/results/site-content.md written");
