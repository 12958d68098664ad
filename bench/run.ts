// npm run bench [part ...]: each part writes bench/results/<part>.json and .md; summary.md gathers them. Targets are
// checked here, not in timed tests.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { DOCUMENT_BUDGET_BYTES, FIRST_LOAD_TARGET, FIRST_ROUND_TRIP_BYTES } from "#bench/budgets.ts";
import { type BundleRow, measureBundles } from "#bench/bundle.ts";
import { type LighthouseRow, runLighthouse } from "#bench/lighthouse.ts";
import { installMissingPackages } from "#scripts/system-packages.ts";

/** The targets (docs/performance-targets.md): every run of every page at least this Lighthouse performance score, ... */
const PERFORMANCE_TARGET = 95;
/** ... no run blocking longer, ... */
const TBT_TARGET_MS = 100;
/** ... and each page's largest contentful paint (its median run) at most this (decision 0041). */
const LCP_TARGET_MS = 1000;

const inProcess = ["bundle", "lighthouse"] as const;
const scripts = [
  "banner",
  "first-press",
  "serving",
  "leads",
  "inbox",
  "scale",
  "edges",
  "webhooks",
  "calendar",
  "articles",
  "article-send",
  "uploads",
  "site-content",
] as const;

const only = process.argv.slice(2);
const wants = (name: string) => only.length === 0 || only.includes(name);
const results = (file: string) => `bench/results/${file}`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function bundleTable(rows: BundleRow[]): string {
  const over = rows.filter((b) => b.atLoad.bytesGz > FIRST_LOAD_TARGET[b.kind]).map((b) => b.path);
  const documentBytes = (b: BundleRow) => b.document.bodyBytes + b.document.headerBytes;
  const beyondFirstTrip = rows.filter((b) => documentBytes(b) > FIRST_ROUND_TRIP_BYTES).map((b) => b.path);
  const beyondBudget = rows.filter((b) => b.document.bodyBytes > DOCUMENT_BUDGET_BYTES).map((b) => b.path);
  return [
    "## What each public page sends at load\n",
    "Document: the page as a browser gets it (brotli), with its headers as HTTP/1.1 writes them (HTTP/2 compresses them); " +
      `it paints a round trip sooner when the two fit the first round trip, ${kb(FIRST_ROUND_TRIP_BYTES)} (TCP's initial window; docs/decisions/0023).\n`,
    "JavaScript, gzipped. At load: what runs before the visitor does anything (the page's inline scripts and those it asks for by src). " +
      "On intent: React Router's bundle for the page, loaded on the visitor's first sign of intent (pointer, touch, key, focus; docs/decisions/0021).\n",
    `Targets for the JavaScript at load: content pages at most ${kb(FIRST_LOAD_TARGET.content)}, form pages at most ${kb(FIRST_LOAD_TARGET.form)}.\n`,
    "| page | kind | document: body (br) | headers | at load: scripts | raw | gzip | on intent: scripts | raw | gzip |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (b) =>
        `| ${b.path} | ${b.kind} | ${kb(b.document.bodyBytes)} | ${kb(b.document.headerBytes)} | ${b.atLoad.scripts} | ${kb(b.atLoad.bytes)} | ${kb(b.atLoad.bytesGz)} | ${b.onIntent.scripts} | ${kb(b.onIntent.bytes)} | ${kb(b.onIntent.bytesGz)} |`,
    ),
    "",
    over.length ? `JavaScript over the target: ${over.join(", ")}\n` : "Every page meets its JavaScript target.\n",
    beyondBudget.length
      ? `Documents over the budget of ${kb(DOCUMENT_BUDGET_BYTES)} (brotli body): ${beyondBudget.join(", ")}\n`
      : `Every document is within the budget of ${kb(DOCUMENT_BUDGET_BYTES)} (brotli body; bench/budgets.ts).\n`,
    beyondFirstTrip.length
      ? `Documents beyond the first round trip with their HTTP/1.1 headers: ${beyondFirstTrip.join(", ")}\n`
      : "Every document fits the first round trip, headers included.\n",
  ].join("\n");
}

function lighthouseTable(rows: LighthouseRow[]): string {
  const below = rows.filter((r) => Math.min(...r.performanceRuns) < PERFORMANCE_TARGET).map((r) => r.path);
  const blocking = rows.filter((r) => r.tbtMsWorst > TBT_TARGET_MS).map((r) => r.path);
  const latePaint = rows.filter((r) => r.lcpMs > LCP_TARGET_MS).map((r) => `${r.path} (${r.lcpMs} ms)`);
  const shifting = rows.filter((r) => r.cls > 0).map((r) => `${r.path} (${r.cls})`);
  const runs = rows[0]?.performanceRuns.length ?? 0;
  return [
    "## Lighthouse (mobile preset)\n",
    `Each page's median of ${runs} runs (Lighthouse's median run: closest to the median first contentful paint and time to interactive); every run's performance score in parentheses.\n`,
    `Lighthouse's CPU benchmark index of this machine, median runs: ${Math.min(...rows.map((r) => r.benchmarkIndex))}-${Math.max(...rows.map((r) => r.benchmarkIndex))}. ` +
      "Its simulated phone is this machine slowed fourfold, so the timings scale with it: compare figures from machines of like index.\n",
    "| page | performance | accessibility | best practices | SEO | FCP | LCP | CLS | TBT | TBT, worst run | JS (gz, transferred) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.path} | ${r.performance} (${r.performanceRuns.join(", ")}) | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcpMs} ms | ${r.lcpMs} ms | ${r.cls} | ${r.tbtMs} ms | ${r.tbtMsWorst} ms | ${kb(r.jsBytesGz)} |`,
    ),
    "",
    below.length
      ? `A run below the performance target of ${PERFORMANCE_TARGET}: ${below.join(", ")}\n`
      : `Every run of every page meets the performance target of ${PERFORMANCE_TARGET}.\n`,
    blocking.length
      ? `A run with total blocking time over ${TBT_TARGET_MS} ms: ${blocking.join(", ")}\n`
      : `No run blocks for more than ${TBT_TARGET_MS} ms.\n`,
    latePaint.length
      ? `Largest contentful paint over ${LCP_TARGET_MS} ms: ${latePaint.join(", ")}\n`
      : `Every page's largest contentful paint is at most ${LCP_TARGET_MS} ms.\n`,
    shifting.length ? `Layout shift: ${shifting.join(", ")}\n` : "No page shifts its layout.\n",
  ].join("\n");
}

mkdirSync("bench/results", { recursive: true });
const installing = installMissingPackages();
if (installing) {
  console.log(`Installing ${installing.describe} first`);
  if ((await installing.done) !== 0) process.exit(1);
}
if (!existsSync("build/server/index.js")) {
  const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (wants("bundle")) {
  const rows = await measureBundles();
  writeFileSync(results("bundle.json"), JSON.stringify(rows, null, 2));
  writeFileSync(results("bundle.md"), bundleTable(rows));
}
if (wants("lighthouse")) {
  const rows = await runLighthouse();
  writeFileSync(results("lighthouse.json"), JSON.stringify(rows, null, 2));
  writeFileSync(results("lighthouse.md"), lighthouseTable(rows));
}
for (const part of scripts) {
  if (!wants(part) || !existsSync(`bench/${part}.ts`)) continue;
  const run = spawnSync("node", [`bench/${part}.ts`], { stdio: "inherit" });
  if (run.status !== 0) process.exitCode = 1;
}

const sections = [...inProcess, ...scripts]
  .map((part) => results(`${part}.md`))
  .filter((file) => existsSync(file))
  .map((file) => readFileSync(file, "utf8").trim() + "\n");
writeFileSync(
  results("summary.md"),
  [
    `# Benchmarks\n\nLatest figures of each part on this machine (${process.version}); \`npm run bench [part]\` refreshes them.\n`,
    ...sections,
  ].join("\n"),
);
console.log("\nWrote bench/results/summary.md");
