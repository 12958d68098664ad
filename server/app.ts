import "react-router";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { constants as zlib } from "node:zlib";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { RouterContextProvider } from "react-router";
import { withAnalytics } from "#server/analytics.ts";
import { INTRO_VIDEO_ORIGIN } from "#app/content/intro-video.ts";
import { cspNonceContext } from "#app/lib/build-stamps.ts";
import { clientAddress } from "#server/http/client-address.ts";
import { env } from "#server/env.ts";
import { configureLog, log } from "#server/log.ts";
import { reactRouterHandler } from "#server/http/react-router-handler.ts";
import { prepareArticlePages } from "#server/articles/prepared-pages.ts";
import { prepareSiteContentPages } from "#server/site-content/prepared-pages.ts";
import { ARTICLE_EDITOR_PATH, ARTICLE_POST_MAX_BYTES } from "#server/articles/upload.ts";
import { requestGuard } from "#server/http/request-guard.ts";
import { clientAddressContext, servicesContext } from "#server/services.ts";
import { startServices } from "#server/start.ts";
import { emptyAllowances, securityHeaders, securityHeadersFor } from "#server/http/security.ts";
import { loadStaticFiles } from "#server/http/static.ts";
import { mediaRoutes } from "#server/articles/media-routes.ts";
import { visitorOrigin } from "#server/http/visitor-origin.ts";
import { NO_STORE } from "#app/lib/cache-control.ts";
import { databaseProbe, metricsEndpoint, readyz } from "#server/ops/endpoints.ts";
import { requestObserver, routePatterns } from "#server/ops/requests.ts";

// What server.ts and the build scripts read from the bundle (they import it by path, so no import shows it).
/** @public */
export { env } from "#server/env.ts";
/** @public */
export { log } from "#server/log.ts";
// The bundle also is the React Router server build, so the build's own tools
// (prerendering, the preview server) can load it like the default one.
export * from "virtual:react-router/server-build";

/** The directory of the client build, next to the server bundle this module is compiled into. */
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

/**
 * Pages rendered per request (forms with answers, the inbox) are compressed as
 * they stream, at qualities that cost a millisecond or two per page where
 * brotli 11 costs tens (decision 0017); prerendered pages are compressed once
 * (static.ts).
 */
const DYNAMIC_BROTLI_QUALITY = 5;
const DYNAMIC_GZIP_LEVEL = 6;

export interface SiteApp {
  app: express.Express;
  /** Stops background work (the outbox worker, timers) before the process exits. */
  close(): Promise<void>;
}

/** What escaped every route: one log line, and a plain answer without the stack. */
const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
  const status = typeof error?.status === "number" && error.status >= 400 && error.status < 600 ? error.status : 500;
  if (status >= 500) log.error(`${req.method} ${req.path.slice(0, 200)}:`, error);
  else log.info(`${status}: ${req.method} ${req.path.slice(0, 200)}`);
  if (res.headersSent) return void res.destroy();
  res.status(status).type("text/plain").setHeader("Cache-Control", NO_STORE);
  res.send(status >= 500 ? "Internal Server Error" : "Bad Request");
};

/** @public The site as an Express app, with its services started (server.ts serves it). */
export async function createApp({ dev = false }: { dev?: boolean } = {}): Promise<SiteApp> {
  const settings = env();
  // JSON lines for a log shipper; text for the person running the development server.
  configureLog({ level: settings.LOG_LEVEL, format: dev ? "text" : "json" });
  const app = express();
  app.disable("x-powered-by");
  // Express reads NODE_ENV itself and shows stack traces unless it says production; npm start leaves it unset.
  app.set("env", settings.NODE_ENV);
  // Proxy headers are read by our own code only, each where the TRUST_PROXY setting says (client-address.ts, visitor-origin.ts).
  app.set("trust proxy", false);
  // Database (migrated), captcha, mailer and the outbox worker, before the first request.
  // The thread that reads the consultants' calendars is a file of its own beside this bundle (scripts/calendar-thread.ts);
  // the development server parses them on its own thread. So is the heavy-work process (scripts/heavy-work-process.ts),
  // which the development server starts from its source.
  const build = () => import("virtual:react-router/server-build");
  const serverBuild = await build();
  const running = await startServices(
    settings,
    dev
      ? { heavyWorkProcess: new URL("./heavy-work/process.ts", import.meta.url) }
      : {
          calendarThread: new URL("./ical-thread.js", import.meta.url),
          heavyWorkProcess: new URL("./heavy-work.js", import.meta.url),
          version: serverBuild.assets.version,
        },
  );

  // The home page's intro video plays in a youtube-nocookie iframe once the visitor presses play;
  // in development, Vite's hot reload talks over a WebSocket of its own.
  const allowances = withAnalytics(
    running.withCaptcha({ ...emptyAllowances, frame: [INTRO_VIDEO_ORIGIN], connect: dev ? ["ws:"] : [] }),
    settings.GA_MEASUREMENT_ID,
  );
  // Every request's id (in its answer and its log lines) and, once answered, its time in the metrics.
  app.use(requestObserver(settings, routePatterns(serverBuild)));
  // Refusals that need no route before anything reads the path: an absurd one costs nothing more than its length.
  app.use(requestGuard(securityHeadersFor(settings, allowances, [])));
  // The build's files and prerendered pages next: prepared at start, each answer is a lookup and a write.
  const files = dev
    ? undefined
    : loadStaticFiles(clientDir, settings, (inlineScripts) => securityHeadersFor(settings, allowances, inlineScripts));
  if (files) app.use(files.handle);

  app.use(visitorOrigin(settings));
  // Liveness: the process answers. Readiness: it can take a lead (its database answers).
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", NO_STORE);
    res.json({ status: "ok" });
  });
  app.get("/readyz", readyz(databaseProbe(running.services.database)));
  if (settings.METRICS_TOKEN) app.get("/metrics", metricsEndpoint(settings.METRICS_TOKEN));
  app.use(securityHeaders(settings, allowances));
  // What is rendered per request is compressed as it streams, at levels that keep up with the server.
  app.use(compression({ level: DYNAMIC_GZIP_LEVEL, brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } } }));

  app.use(running.routes);
  app.use(mediaRoutes(running.services.admin));

  // Articles' pages are made once when they go live, as the prerendered pages are at build.
  if (files) {
    const cardFontDir = fileURLToPath(new URL("./card-fonts/", import.meta.url));
    await prepareArticlePages({
      services: running.services,
      files,
      build,
      siteUrl: settings.SITE_URL,
      cardFontDir,
      logoFile: path.join(clientDir, "favicon.svg"),
    });
    await prepareSiteContentPages({ services: running.services, files, build, siteUrl: settings.SITE_URL });
  }
  app.use(
    reactRouterHandler({
      build,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(cspNonceContext, res.locals.cspNonce);
        context.set(servicesContext, running.services);
        context.set(clientAddressContext, clientAddress(req, settings));
        return context;
      },
      mode: dev ? "development" : "production",
      // The article editor's posts carry an image, which its action reads as it streams (docs/decisions/0044).
      bodyLimit: (path) => (ARTICLE_EDITOR_PATH.test(path) ? ARTICLE_POST_MAX_BYTES : undefined),
    }),
  );
  app.use(lastResort);

  return { app, close: () => running.close() };
}
