import { startNginx } from "#tests/support/nginx.ts";
import { freePort, type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * Where the browser tests meet the site. `direct`: the app on loopback, as
 * `npm start` serves it. `tls`: the app behind Debian's nginx running
 * deploy/nginx/roi-site.conf and locations.conf as shipped, over HTTPS and
 * HTTP/2 at a real host name (Chromium maps it to loopback), with
 * TRUST_PROXY=x-forwarded-for and an https SITE_URL, as the README deploys it:
 * tests/e2e/deployed.test.ts tests what differs there.
 */
export type Topology = "direct" | "tls";

/** The public host name of the TLS topology (.test is reserved: it can never be a real site). */
export const SITE_HOST = "roi.test";

export interface RunningSite extends RunningServer {
  /** The site's address as a visitor's browser reaches it: the app itself, or nginx in front of it. */
  url: string;
  /** The app's own address, for set-up requests the test process makes without a browser. */
  appUrl: string;
  topology: Topology;
  /** nginx's access log in the TLS topology (method, URI, status, upstream): what went through the proxy. */
  proxyLog(): string[];
}

/**
 * The site under test, `direct` unless asked for `tls`. Either way the app believes the
 * last X-Forwarded-For address, so each test visitor can name its own address
 * (visitorHeaders): nginx, like a proxy on another machine, takes it as the
 * connecting address (the realip module) and appends it, as it would a
 * visitor's.
 */
export async function startSite(
  env: Record<string, string | undefined> = {},
  { on = "direct" }: { on?: Topology } = {},
): Promise<RunningSite> {
  if (on === "direct") {
    const server = await startServer({ TRUST_PROXY: "x-forwarded-for", ...env });
    return { ...server, appUrl: server.url, topology: on, proxyLog: () => [] };
  }
  const [appPort, httpsPort] = [await freePort(), await freePort()];
  const url = `https://${SITE_HOST}:${httpsPort}`;
  const nginx = await startNginx({
    upstreams: [appPort],
    httpsPort,
    hostNames: [SITE_HOST],
    httpExtra: "set_real_ip_from 127.0.0.1; real_ip_header X-Forwarded-For;",
  });
  let server: RunningServer;
  try {
    server = await startServer({ TRUST_PROXY: "x-forwarded-for", ...env, PORT: String(appPort), SITE_URL: url });
  } catch (error) {
    await nginx.stop();
    throw error;
  }
  return {
    ...server,
    url,
    appUrl: server.url,
    topology: on,
    proxyLog: () => nginx.accessLog(),
    output: () => `${server.output()}\n--- nginx ---\n${nginx.output()}`,
    async stop() {
      await nginx.stop();
      await server.stop();
    },
  };
}

let visitors = 0;
/** A new visitor's address, as the headers that carry it to the app in either topology. */
export function visitorHeaders(): Record<string, string> {
  visitors++;
  return { "X-Forwarded-For": `10.0.${visitors >> 8}.${visitors & 255}` };
}
