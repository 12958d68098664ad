// npm run bench: measures the built site and writes bench/results/*.json and
// bench/results/summary.md. Targets are checked here, not in timed tests.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { measureBundles } from "./bundle.ts";
import { runLighthouse } from "./lighthouse.ts";

/** Issue targets: every page at least this Lighthouse performance score. */
const PERFORMANCE_TARGET = 95;

const only = process.argv.slice(2);
const wants = (name: string) => only.length === 0 || only.includes(name);

mkdirSync("bench/results", { recursive: true });
if (!existsSync("build/server/index.js")) {
  const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const sections: string[] = [`# Benchmarks\n\nMeasured ${new Date().toISOString()} on this machine (${process.version}).\n`];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (wants("bundle")) {
  const bundles = measureBundles();
  writeFileSync("bench/results/bundle.json", JSON.stringify(bundles, null, 2));
  sections.push(
    "## First-load JavaScript (prerendered pages, gzip)\n",
    "| page | scripts | raw | gzip |",
    "|---|---:|---:|---:|",
    ...bundles.map((b) => `| ${b.path} | ${b.scripts} | ${kb(b.jsBytes)} | ${kb(b.jsBytesGz)} |`),
    "",
  );
}

if (wants("lighthouse")) {
  const rows = await runLighthouse();
  writeFileSync("bench/results/lighthouse.json", JSON.stringify(rows, null, 2));
  const below = rows.filter((r) => r.performance < PERFORMANCE_TARGET).map((r) => r.path);
  sections.push(
    "## Lighthouse (mobile preset)\n",
    "| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT | JS (gz, transferred) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} ms | ${r.cls} | ${r.tbtMs} ms | ${kb(r.jsBytesGz)} |`,
    ),
    "",
    below.length ? `Below the performance target of ${PERFORMANCE_TARGET}: ${below.join(", ")}\n` : `Every page meets the performance target of ${PERFORMANCE_TARGET}.\n`,
  );
}

// Other benchmarks (lead throughput, inbox queries) add themselves here as they land.
for (const extra of ["leads", "inbox", "scale"]) {
  if (!wants(extra) || !existsSync(`bench/${extra}.ts`)) continue;
  const run = spawnSync("node", [`bench/${extra}.ts`], { stdio: "inherit" });
  if (run.status !== 0) process.exitCode = 1;
  if (existsSync(`bench/results/${extra}.md`)) sections.push((await import("node:fs")).readFileSync(`bench/results/${extra}.md`, "utf8"));
}

writeFileSync("bench/results/summary.md", sections.join("\n"));
console.log("\nWrote bench/results/summary.md");
