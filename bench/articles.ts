// From publish to page on two instances sharing PostgreSQL: each is polled until it serves the page from its prepared
// file (the only answer with an ETag). Writes bench/results/articles.json and .md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Actor } from "#server/audit/audit.ts";
import { type ArticleContent, createArticle, saveArticle } from "#server/articles/store.ts";
import { openSiteDatabase } from "#server/migrations.ts";
import { latencyRow, latencySummary } from "#bench/latency.ts";
import { startCluster } from "#tests/support/cluster.ts";

const RUNS = 20;
const ADMIN: Actor = { userId: null, name: "bench" };

process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
const cluster = await startCluster({ count: 2, env: () => ({}) });
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-articles-"));
const handle = await openSiteDatabase({ DATABASE_URL: cluster.url, DATA_DIR: dataDir });

async function servedAfter(i: number, page: string, since: number): Promise<number> {
  for (;;) {
    const answer = await fetch(cluster.instances[i]!.url + page, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    await answer.arrayBuffer();
    if (answer.status === 200 && answer.headers.has("etag")) return performance.now() - since;
    if (performance.now() - since > 30_000) throw new Error(`${page} not served by instance ${i} after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const slowest: number[] = [];
const each: number[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const content: ArticleContent = {
      slug: `bench-article-${run}`,
      title: `Bench article ${run}: budgets for the festive season`,
      excerpt: "How South African advertisers can spread a December budget across search and social.",
      category: "Google Ads",
      author: "lindiwe-dlamini",
      keywords: ["bench"],
      seoTitle: null,
      seoDescription: null,
      imagePath: null,
      imageAlt: null,
      body: "## Plan the month\n\nStart with the weeks that sell.\n\n".repeat(40),
      featured: false,
      readTimeMinutes: null,
    };
    const created = await createArticle(handle.db, content, ADMIN);
    if (!created.ok) throw new Error(`could not create ${content.slug}`);
    const since = performance.now();
    const published = await saveArticle(handle.db, created.id, created.version, content, { to: "published" }, ADMIN);
    if (!published.ok) throw new Error(`could not publish ${content.slug}`);
    const times = await Promise.all([0, 1].map((i) => servedAfter(i, `/blog/${content.slug}`, since)));
    each.push(...times);
    slowest.push(Math.max(...times));
  }
} finally {
  await handle.close();
  await cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const results = { runs: RUNS, everyInstance: latencySummary(slowest), eachInstance: latencySummary(each) };
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/articles.json",
  JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, results }, null, 2),
);
writeFileSync(
  "bench/results/articles.md",
  [
    "## From publish to page on every instance\n",
    `Two instances of the built server on one PostgreSQL, ARTICLES_POLL_MS at its default (1,000 ms); ${RUNS} articles published ` +
      "in the database one after another, each instance asked every 10 ms until it serves the article from its prepared file " +
      "(compressed, hashed, with its ETag; docs/decisions/0039). A publish through an instance's own editor is live there before the editor's next page.\n",
    "| from the publish's commit until | median | p90 | max |",
    "|---|---:|---:|---:|",
    latencyRow("both instances serve the page", results.everyInstance),
    latencyRow("one instance serves it", results.eachInstance),
    "",
    "Target: within 5 s on every instance (issue 33).\n",
  ].join("\n"),
);
console.log("bench/results/articles.md written");
