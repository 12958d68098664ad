// Lighthouse (mobile) on every public route as deployed (nginx, TLS, HTTP/2). One run varies by several points, so
// each page runs LIGHTHOUSE_RUNS times and the row is Lighthouse's own median run, as its docs advise.
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { chromium } from "playwright-core";
import { publicRoutes } from "#app/config/public-routes.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#tests/support/browser.ts";
import { freePort } from "#tests/support/server.ts";
import { SITE_HOST, startSite } from "#tests/support/site.ts";

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

export interface LighthouseRow {
  path: string;
  performance: number;
  performanceRuns: number[];
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** The target holds for every single run. */
  tbtMsWorst: number;
  jsBytesGz: number;
  /** Its simulated phone is this machine slowed fourfold, so the timings scale with it. */
  benchmarkIndex: number;
}

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const RETRIES = 3;

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** Why a run measured nothing, or null when it measured. */
function failure(lhr: Result): string | null {
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  const missing = ["first-contentful-paint", "interactive", "largest-contentful-paint", "total-blocking-time"].find((id) =>
    Number.isNaN(numeric(lhr, id)),
  );
  return missing ? `no ${missing}: ${lhr.audits[missing]?.errorMessage ?? "not measured"}` : null;
}

function toRow(path: string, median: Result, runs: Result[]): LighthouseRow {
  const requests =
    (median.audits["network-requests"]?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> })?.items ?? [];
  return {
    path,
    performance: score(median, "performance"),
    performanceRuns: runs.map((run) => score(run, "performance")),
    accessibility: score(median, "accessibility"),
    bestPractices: score(median, "best-practices"),
    seo: score(median, "seo"),
    fcpMs: Math.round(numeric(median, "first-contentful-paint")),
    lcpMs: Math.round(numeric(median, "largest-contentful-paint")),
    cls: Number(numeric(median, "cumulative-layout-shift").toFixed(3)),
    tbtMs: Math.round(numeric(median, "total-blocking-time")),
    tbtMsWorst: Math.round(Math.max(...runs.map((run) => numeric(run, "total-blocking-time")))),
    jsBytesGz: requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    benchmarkIndex: Math.round(median.environment.benchmarkIndex),
  };
}

export async function runLighthouse(paths = publicRoutes.map((r) => r.path)): Promise<LighthouseRow[]> {
  const server = await startSite({}, { on: "tls" });
  const debugPort = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${debugPort}`,
      "--ignore-certificate-errors",
      `--host-resolver-rules=MAP ${SITE_HOST} 127.0.0.1`,
    ],
    headless: true,
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const path of paths) {
      const runs: Result[] = [];
      let failed = 0;
      while (runs.length < RUNS) {
        const result = await lighthouse(server.url + path, {
          port: debugPort,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
        const why = result ? failure(result.lhr) : "Lighthouse returned nothing";
        if (!why) {
          runs.push(result!.lhr);
          continue;
        }
        console.warn(`lighthouse ${path}: run failed to measure (${why}), retrying`);
        if (++failed > RETRIES) throw new Error(`Lighthouse could not measure ${path}: ${why}`);
      }
      const row = toRow(path, computeMedianRun(runs), runs);
      rows.push(row);
      console.log(
        `lighthouse ${path}: perf ${row.performance} (runs ${row.performanceRuns.join(", ")}) a11y ${row.accessibility} bp ${row.bestPractices} seo ${row.seo}`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return rows;
}
