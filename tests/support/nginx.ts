import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "#tests/support/server.ts";
import { untilStarted } from "#tests/support/started.ts";

export const NGINX = "/usr/sbin/nginx";
/** Debian's nginx (`.ci/run` installs nginx-light); tests that need it skip without it. */
export const nginxAvailable = existsSync(NGINX);
export const nginxMissing = `${NGINX} is missing: install Debian's nginx-light (.ci/run does) to run the topology tests`;

const repo = path.resolve(import.meta.dirname, "../..");
const deployDir = path.join(repo, "deploy/nginx");

export interface NginxOptions {
  /** Ports of the app instances on loopback: the upstream's servers. */
  upstreams: number[];
  /** The client build nginx serves /assets/ and /og/ from. */
  clientDir?: string;
  /** More directives for the http block (the benchmark trusts its load generator's X-Forwarded-For). */
  httpExtra?: string;
  /** The HTTPS port, when the app must know it before nginx starts (its SITE_URL); a free one otherwise. */
  httpsPort?: number;
  /** Host names the throwaway certificate is made out to, besides localhost and 127.0.0.1. */
  hostNames?: string[];
}

export interface RunningNginx {
  /** The HTTPS (HTTP/2) server of deploy/nginx/roi-site.conf. */
  httpsUrl: string;
  /** Its plain-HTTP server, which redirects to HTTPS. */
  httpUrl: string;
  httpsPort: number;
  /** One line per request: method, URI, status, upstream address ("-" when nginx answered itself). */
  accessLog(): string[];
  /** What nginx printed and logged as errors. */
  output(): string;
  stop(): Promise<void>;
}

/** Replaces text that must be in the file: the test fails loudly if the deploy config changed shape. */
function rewrite(text: string, file: string, replacements: Array<[string | RegExp, string]>): string {
  return replacements.reduce((result, [from, to]) => {
    const found = typeof from === "string" ? result.includes(from) : from.test(result);
    if (!found) throw new Error(`deploy/nginx/${file} no longer contains ${String(from)}: update tests/support/nginx.ts`);
    return typeof from === "string" ? result.replaceAll(from, to) : result.replace(from, to);
  }, text);
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Runs deploy/nginx/roi-site.conf and locations.conf as production would, on
 * loopback: the upstream pointed at the given instances, the listen ports at
 * free loopback ports, the certificate placeholders at a throwaway
 * self-signed one. A foreground child with its prefix, pid, logs and temp
 * files in a temp directory.
 */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), "nginx-test-"));
  // nginx's workers run as nobody when the tests run as root: they must reach the temp files.
  chmodSync(dir, 0o755);
  for (const sub of ["tmp", "acme"]) mkdirSync(path.join(dir, sub));
  const [httpPort, httpsPort] = [await freePort(), options.httpsPort ?? (await freePort())];
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      `subjectAltName=${["localhost", ...(options.hostNames ?? [])].map((name) => `DNS:${name}`).join(",")},IP:127.0.0.1`,
    ],
    { stdio: "ignore" },
  );

  const clientDir = options.clientDir ?? path.join(repo, "build/client");
  writeFileSync(
    path.join(dir, "locations.conf"),
    rewrite(readFileSync(path.join(deployDir, "locations.conf"), "utf8"), "locations.conf", [
      ["root /srv/roi-site/client;", `root ${clientDir};`],
    ]),
  );
  const servers = options.upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=3 fail_timeout=10s;\n`).join("");
  writeFileSync(
    path.join(dir, "roi-site.conf"),
    rewrite(readFileSync(path.join(deployDir, "roi-site.conf"), "utf8"), "roi-site.conf", [
      [/( *server app\d+:3000[^\n]*\n)+/, servers],
      ["listen 80;", `listen 127.0.0.1:${httpPort};`],
      ["listen [::]:80;", ""],
      ["listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`],
      ["listen [::]:443 ssl http2;", ""],
      ["/etc/nginx/tls/fullchain.pem", cert],
      ["/etc/nginx/tls/privkey.pem", key],
      ["/etc/nginx/roi-site/locations.conf", path.join(dir, "locations.conf")],
      ["root /var/www/acme;", `root ${path.join(dir, "acme")};`],
    ]),
  );
  const tmp = path.join(dir, "tmp");
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format topology '$request_method $request_uri $status $upstream_addr';
  access_log ${dir}/access.log topology;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  ${options.httpExtra ?? ""}
  include ${dir}/roi-site.conf;
}
`,
  );

  let log = "";
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const errorLog = () => (existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "");

  await untilStarted("nginx", { ready: () => listening(httpsPort), exitCode: () => child.exitCode, output: () => log + errorLog() });

  return {
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    httpsPort,
    accessLog: () => {
      const file = path.join(dir, "access.log");
      return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
    },
    output: () => log + errorLog(),
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
