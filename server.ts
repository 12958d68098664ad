// The HTTP process: loads the app (the production build, or the sources through
// Vite with --dev), listens, and shuts down gracefully. Request handling lives
// in server/app.ts.
import type { Server } from "node:http";
import type { SiteApp } from "#server/app.ts";

type Log = typeof import("#server/log.ts").log;

// The name ps, top and the process accounting show (Node's own would be "node" or its main thread's).
process.title = "roi-site";

const dev = process.argv.includes("--dev");
const SHUTDOWN_GRACE_MS = 10_000;
// Open requests get the grace, the parts' stops the rest; past it the process ends rather than hang a deploy.
const SHUTDOWN_DEADLINE_MS = 30_000;
/** How long an idle connection is kept: longer than nginx's 60 s (see where it is set). */
const IDLE_CONNECTION_MS = 75_000;

async function loadApp(): Promise<{ site: SiteApp; port: number; host: string; log: Log }> {
  if (!dev) {
    // React picks its build from NODE_ENV as it is first imported, before the settings are parsed:
    // unset (npm start) means production, as the settings say, not React's development build (a
    // third of the speed rendering a page).
    process.env.NODE_ENV ??= "production";
    const bundle = "./build/server/index.js";
    const build = (await import(bundle)) as typeof import("#server/app.ts");
    const settings = build.env();
    return { site: await build.createApp(), port: settings.PORT, host: settings.HOST, log: build.log };
  }
  const vite = await import("vite");
  const express = (await import("express")).default;
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  const mod = (await viteServer.ssrLoadModule("./server/app.ts")) as typeof import("#server/app.ts");
  const inner = await mod.createApp({ dev: true });
  const outer = express();
  outer.use(viteServer.middlewares);
  outer.use(inner.app);
  const settings = mod.env();
  return {
    site: {
      app: outer,
      close: async () => {
        await inner.close();
        await viteServer.close();
      },
    },
    port: settings.PORT,
    host: settings.HOST,
    log: mod.log,
  };
}

let loaded: Awaited<ReturnType<typeof loadApp>>;
try {
  loaded = await loadApp();
} catch (error) {
  // A bad setting names itself; anything else is printed whole.
  console.error(error instanceof Error && error.name === "EnvError" ? error.message : error);
  process.exit(1);
}

const { site, port, host, log } = loaded;
const server: Server = site.app.listen(port, host, () => {
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  log.info(`Serving on http://localhost:${actualPort}${dev ? " (development)" : ""}`);
});
// Longer than nginx keeps an idle connection to an instance (its upstream's keepalive_timeout,
// deploy/nginx/roi-site.conf), so nginx closes it first: with Node's 5 s, nginx may send a post on a
// connection the instance is closing, and it sends a post to no other instance: a 502, a lead lost.
server.keepAliveTimeout = IDLE_CONNECTION_MS;
server.on("error", (error) => {
  log.error(`Cannot listen on ${host}:${port}:`, error.message);
  process.exit(1);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal} received: finishing open requests`);
  const force = setTimeout(() => {
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  const deadline = setTimeout(() => {
    log.error(`Shutdown did not finish within ${SHUTDOWN_DEADLINE_MS} ms: exiting with parts still open`);
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS);
  deadline.unref();
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await site.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
