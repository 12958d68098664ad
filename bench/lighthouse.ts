// Lighthouse (mobile preset) on every public route of the built site.
// Writes bench/results/lighthouse.json and returns the rows for the summary.
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { publicRoutes } from "../app/config/public-routes.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/browser.ts";
import { freePort, startServer } from "../tests/support/server.ts";

export interface LighthouseRow {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsBytesGz: number;
}

export async function runLighthouse(paths = publicRoutes.map((r) => r.path)): Promise<LighthouseRow[]> {
  const server = await startServer();
  const debugPort = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`],
    headless: true,
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const path of paths) {
      const result = await lighthouse(server.url + path, {
        port: debugPort,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      const requests = (audits["network-requests"]?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> })?.items ?? [];
      const row: LighthouseRow = {
        path,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(numeric("largest-contentful-paint")),
        cls: Number(numeric("cumulative-layout-shift").toFixed(3)),
        tbtMs: Math.round(numeric("total-blocking-time")),
        jsBytesGz: requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      };
      rows.push(row);
      console.log(`lighthouse ${path}: perf ${row.performance} a11y ${row.accessibility} bp ${row.bestPractices} seo ${row.seo}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return rows;
}
