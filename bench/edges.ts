// What a browser and a hostile client meet at the edges as deployed (nginx, TLS). Writes bench/results/edges.json and .md.
import { writeFileSync } from "node:fs";
import { Agent, request } from "node:https";
import { SITE_HOST, startSite } from "#tests/support/site.ts";

const site = await startSite({}, { on: "tls" });
const origin = new URL(site.url);
const agent = new Agent({ keepAlive: true, maxSockets: 32 });

interface Answer {
  status: number;
  ms: number;
  body: string;
}

function ask(
  method: string,
  path: string,
  options: { body?: string; headers?: Record<string, string>; fresh?: boolean } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: Number(origin.port),
        servername: SITE_HOST,
        rejectUnauthorized: false,
        agent: options.fresh ? false : agent,
        method,
        path,
        headers: { host: origin.host, ...options.headers },
      },
      (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, ms: performance.now() - started, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timings(path: string, runs = 40): Promise<{ status: number; p50: number; p95: number }> {
  const times: number[] = [];
  let status = 0;
  await ask("GET", path);
  for (let i = 0; i < runs; i++) {
    const answer = await ask("GET", path);
    status = answer.status;
    times.push(answer.ms);
  }
  return { status, p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

/** Straight to the app: nginx buffers bodies and stops at 64 KB itself. */
async function endlessBody(path: string): Promise<{ status: string; ms: number; closed: number }> {
  const { connect } = await import("node:net");
  const port = Number(new URL(site.appUrl).port);
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, "127.0.0.1");
    let status = "";
    let answeredAt = 0;
    const chunk = `2000\r\na=${"x".repeat(0x2000 - 2)}\r\n`;
    const pump = () => {
      while (!socket.destroyed) if (!socket.write(chunk)) return void socket.once("drain", pump);
    };
    socket.on("connect", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${origin.host}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      pump();
    });
    socket.on("data", (data) => {
      if (status) return;
      status = data.toString("latin1").split("\r\n")[0]!.replace("HTTP/1.1 ", "");
      answeredAt = performance.now() - started;
    });
    socket.on("error", () => undefined);
    socket.on("close", () => resolve({ status, ms: answeredAt, closed: performance.now() - started }));
    setTimeout(() => socket.destroy(), 20_000).unref();
  });
}

const deep = "/" + "a/".repeat(4000);
const long = "/" + "a".repeat(8000);
const plain404 = await timings("/no-such-page");
const deep404 = await timings(deep);
const long404 = await timings(long);
const page = await timings("/about");

const beside = ask("GET", "/about");
const flood = await Promise.all(Array.from({ length: 20 }, () => ask("GET", deep)));
const besideFlood = await beside;

const form = "application/x-www-form-urlencoded";
const edges: Array<{ what: string; answer: string }> = [];
for (const method of ["TRACE", "OPTIONS", "PUT", "DELETE"]) {
  const answer = await ask(method, "/contact", { fresh: true });
  edges.push({ what: `${method} /contact`, answer: `${answer.status} ${answer.body.slice(0, 40)}` });
}
for (const [what, path, originHeader] of [
  ["POST /about (no form there), our Origin", "/about", site.url],
  ["POST /contact.data, our Origin, empty fields", "/contact.data", site.url],
  ["POST /contact.data, Origin https://evil.example", "/contact.data", "https://evil.example"],
  ["POST /contact.data, Origin http:// (not https)", "/contact.data", site.url.replace("https:", "http:")],
] as const) {
  const answer = await ask("POST", path, { body: "name=&email=", headers: { "content-type": form, origin: originHeader } });
  edges.push({
    what,
    answer: `${answer.status} ${answer.body.includes("Please check the highlighted fields") ? "the form's field messages" : answer.body.slice(0, 40)}`,
  });
}
const oversized = await ask("POST", "/contact", { body: "a=" + "x".repeat(100_000), headers: { "content-type": form, origin: site.url } });
edges.push({ what: "POST /contact with a 100 KB body, through nginx", answer: `${oversized.status} (nginx's client_max_body_size)` });
for (const path of ["/contact", "/about", "/admin/login"]) {
  const answer = await endlessBody(path);
  edges.push({
    what: `endless chunked body to ${path}, straight to the app`,
    answer: `${answer.status} after ${ms(answer.ms)}, connection closed after ${ms(answer.closed)}`,
  });
}

await site.stop();

const result = {
  plain404,
  deep404,
  long404,
  page,
  flood: { pageMs: besideFlood.ms, deepStatuses: [...new Set(flood.map((a) => a.status))] },
  edges,
};
writeFileSync("bench/results/edges.json", JSON.stringify(result, null, 2));
writeFileSync(
  "bench/results/edges.md",
  [
    "## Edges, through nginx with TLS (HTTP/1.1 keep-alive, 40 requests each)\n",
    "| request | status | p50 | p95 |",
    "|---|---:|---:|---:|",
    `| plain 404 (/no-such-page) | ${plain404.status} | ${ms(plain404.p50)} | ${ms(plain404.p95)} |`,
    `| 8 KB path of 4,000 segments | ${deep404.status} | ${ms(deep404.p50)} | ${ms(deep404.p95)} |`,
    `| 8 KB path of one segment | ${long404.status} | ${ms(long404.p50)} | ${ms(long404.p95)} |`,
    `| /about (prerendered page) | ${page.status} | ${ms(page.p50)} | ${ms(page.p95)} |`,
    "",
    `/about while twenty 8 KB paths arrive at once: ${ms(besideFlood.ms)} (the paths: ${result.flood.deepStatuses.join(", ")}).\n`,
    "| edge | answer |",
    "|---|---|",
    ...edges.map((edge) => `| ${edge.what} | ${edge.answer.replace(/\|/g, "\\|").replace(/\n/g, " ")} |`),
    "",
  ].join("\n"),
);
console.log("Wrote bench/results/edges.md");
process.exit(0);
