// Prerendered pages from the app against nginx serving the same bytes (gzip_static, one worker), loaded alternately
// with wrk. Writes bench/results/serving.json and .md.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { NGINX } from "#tests/support/nginx.ts";
import { freePort, startServer } from "#tests/support/server.ts";

/** The issue's target. */
const RATIO_TARGET = 0.5;
const PAGES = ["/pricing", "/"];
const PER_REQUEST_PAGE = "/contact";
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";
const WRK = { threads: 1, connections: 32, seconds: 5 };
const ROUNDS = 3;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

const toMs = (text: string) => {
  const [, value, unit] = /([\d.]+)(us|ms|s)/.exec(text)!;
  return Number(value) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);
};

function wrk(url: string, headers: Record<string, string>): WrkResult {
  const out = execFileSync(
    "wrk",
    [
      `-t${WRK.threads}`,
      `-c${WRK.connections}`,
      `-d${WRK.seconds}s`,
      "--latency",
      ...Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
      url,
    ],
    { encoding: "utf8" },
  );
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requestsPerSecond: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1])),
    p50Ms: toMs(/\s50%\s+(\S+)/.exec(out)![1]!),
    p99Ms: toMs(/\s99%\s+(\S+)/.exec(out)![1]!),
    errors: non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

const median = (values: WrkResult[]) => [...values].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[values.length >> 1]!;

async function startFileServer(root: string): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-nginx-"));
  const port = await freePort();
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / {
      gzip_static on;
      gzip_vary on;
      try_files $uri $uri/index.html =404;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      await get(url + "/");
      break;
    } catch {
      if (child.exitCode !== null || tries > 100) throw new Error("nginx did not start");
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (!existsSync(NGINX)) {
  console.log(`serving: skipped, ${NGINX} is missing (Debian's nginx-light)`);
  process.exit(0);
}
const app = await startServer({ LOG_LEVEL: "warn" });
const root = mkdtempSync(path.join(tmpdir(), "bench-serving-"));
// nginx's worker runs as nobody when the bench runs as root.
chmodSync(root, 0o755);
const nginx = await startFileServer(root).catch(async (error) => {
  await app.stop();
  throw error;
});
try {
  const browser = { "Accept-Encoding": BROWSER_ENCODINGS };
  for (const page of PAGES) {
    const dir = path.join(root, page);
    mkdirSync(dir, { recursive: true });
    const plain = await get(app.url + page);
    const gzip = await get(app.url + page, { "Accept-Encoding": "gzip" });
    if (plain.status !== 200 || gzip.headers["content-encoding"] !== "gzip") throw new Error(`${page}: the app sent no gzip`);
    writeFileSync(path.join(dir, "index.html"), plain.body);
    writeFileSync(path.join(dir, "index.html.gz"), gzip.body);
  }

  const rows = [];
  for (const page of PAGES) {
    const appAnswer = await get(app.url + page, browser);
    const nginxAnswer = await get(nginx.url + page, browser);
    if (appAnswer.status !== 200 || nginxAnswer.status !== 200)
      throw new Error(`${page}: app ${appAnswer.status}, nginx ${nginxAnswer.status}`);
    const appRuns: WrkResult[] = [];
    const nginxRuns: WrkResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      appRuns.push(wrk(app.url + page, browser));
      nginxRuns.push(wrk(nginx.url + page, browser));
    }
    const [appResult, nginxResult] = [median(appRuns), median(nginxRuns)];
    const identity = wrk(app.url + page, {});
    const etag = String(appAnswer.headers.etag ?? "");
    const revalidated = etag ? wrk(app.url + page, { ...browser, "If-None-Match": etag }) : undefined;
    const row = {
      page,
      app: { ...appResult, encoding: appAnswer.headers["content-encoding"] ?? "identity", bytes: appAnswer.body.length },
      nginx: { ...nginxResult, encoding: nginxAnswer.headers["content-encoding"] ?? "identity", bytes: nginxAnswer.body.length },
      ratio: Math.round((appResult.requestsPerSecond / nginxResult.requestsPerSecond) * 100) / 100,
      appIdentity: identity,
      appRevalidated: revalidated,
      rounds: { app: appRuns.map((r) => r.requestsPerSecond), nginx: nginxRuns.map((r) => r.requestsPerSecond) },
    };
    console.log(
      `serving: ${page}: app ${row.app.requestsPerSecond} req/s (${row.app.encoding}), nginx ${row.nginx.requestsPerSecond} req/s (${row.nginx.encoding}): ${row.ratio}x`,
    );
    rows.push(row);
  }

  const perRequestAnswer = await get(app.url + PER_REQUEST_PAGE, browser);
  const perRequest = {
    page: PER_REQUEST_PAGE,
    ...wrk(app.url + PER_REQUEST_PAGE, browser),
    encoding: perRequestAnswer.headers["content-encoding"] ?? "identity",
    bytes: perRequestAnswer.body.length,
  };
  console.log(`serving: ${PER_REQUEST_PAGE} (rendered per request): ${perRequest.requestsPerSecond} req/s (${perRequest.encoding})`);

  const report = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    nginx: execFileSync(NGINX, ["-v"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim() || "Debian's nginx",
    acceptEncoding: BROWSER_ENCODINGS,
    wrk: WRK,
    rounds: ROUNDS,
    ratioTarget: RATIO_TARGET,
    meetsTarget: rows.every((r) => r.ratio >= RATIO_TARGET && r.app.errors === 0),
    rows,
    perRequest,
  };
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/serving.json", JSON.stringify(report, null, 2));
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  writeFileSync(
    "bench/results/serving.md",
    [
      "## Serving prerendered pages (app against nginx on the same bytes)\n",
      `wrk, ${WRK.connections} connections, ${WRK.seconds} s a run, \`Accept-Encoding: ${BROWSER_ENCODINGS}\`; median of ${ROUNDS} alternating runs each.\n`,
      "| page | app req/s | app sends | nginx req/s | nginx sends | ratio | app p99 | app, no encoding | app, 304 |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...rows.map(
        (r) =>
          `| ${r.page} | ${r.app.requestsPerSecond} | ${r.app.encoding}, ${kb(r.app.bytes)} | ${r.nginx.requestsPerSecond} | ${r.nginx.encoding}, ${kb(r.nginx.bytes)} | ${r.ratio}x | ${r.app.p99Ms} ms | ${r.appIdentity.requestsPerSecond} req/s | ${r.appRevalidated ? `${r.appRevalidated.requestsPerSecond} req/s` : "no ETag"} |`,
      ),
      "",
      `Rendered per request for comparison: ${perRequest.page} at ${perRequest.requestsPerSecond} req/s (${perRequest.encoding}, ${kb(perRequest.bytes)}, compressed as it streams), p99 ${perRequest.p99Ms} ms.`,
      "",
      `${report.meetsTarget ? "Meets" : "Misses"} the target of ${RATIO_TARGET}x nginx's rate on every page. ` +
        "nginx (one worker, `gzip_static on`, no brotli module in Debian's build) serves the page the app sends and the app's gzip of it from disk; " +
        "the app is one process of `server.ts`. wrk, the app and nginx share the machine.\n",
    ].join("\n"),
  );
  if (!report.meetsTarget) process.exitCode = 1;
} finally {
  await nginx.stop();
  await app.stop();
  rmSync(root, { recursive: true, force: true });
}
