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
import { contentPreviewHandler, SITE_PREVIEW_PATH } from "#server/site-content/preview.ts";
import { SITE_CONTENT_POST_MAX_BYTES, SITE_CONTENT_POST_PATH } from "#server/site-content/post-limits.ts";
import { prepareCompanyProfile } from "#server/company-profile/prepared-file.ts";
import { IMAGE_POST_MAX_BYTES, IMAGE_POST_PATH } from "#server/articles/upload.ts";
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

// Read by server.ts and the build scripts by path, so no import shows it.
/** @public */
export { env } from "#server/env.ts";
/** @public */
export { log } from "#server/log.ts";
// The bundle is also the React Router server build, so the build's own tools can load it.
export * from "virtual:react-router/server-build";

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

/** Compressed as they stream, where brotli 11 costs tens of milliseconds a page (decision 0017). */
const DYNAMIC_BROTLI_QUALITY = 5;
const DYNAMIC_GZIP_LEVEL = 6;

export interface SiteApp {
  app: express.Express;
  close(): Promise<void>;
}

const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
  const status = typeof error?.status === "number" && error.status >= 400 && error.status < 600 ? error.status : 500;
  if (status >= 500) log.error(`${req.method} ${req.path.slice(0, 200)}:`, error);
  else log.info(`${status}: ${req.method} ${req.path.slice(0, 200)}`);
  if (res.headersSent) return void res.destroy();
  res.status(status).type("text/plain").setHeader("Cache-Control", NO_STORE);
  res.send(status >= 500 ? "Internal Server Error" : "Bad Request");
};

/** @public */
export async function createApp({ dev = false }: { dev?: boolean } = {}): Promise<SiteApp> {
  const settings = env();
  configureLog({ level: settings.LOG_LEVEL, format: dev ? "text" : "json" });
  const app = express();
  app.disable("x-powered-by");
  // Express shows stack traces unless NODE_ENV says production; npm start leaves it unset.
  app.set("env", settings.NODE_ENV);
  // Proxy headers are read by our own code only, where TRUST_PROXY says.
  app.set("trust proxy", false);
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

  // In development, Vite's hot reload talks over a WebSocket of its own.
  const allowances = withAnalytics(
    running.withCaptcha({ ...emptyAllowances, frame: [INTRO_VIDEO_ORIGIN], connect: dev ? ["ws:"] : [] }),
    settings.GA_MEASUREMENT_ID,
  );
  app.use(requestObserver(settings, routePatterns(serverBuild)));
  // Refusals that need no route before anything reads the path.
  app.use(requestGuard(securityHeadersFor(settings, allowances, [])));
  const files = dev
    ? undefined
    : loadStaticFiles(clientDir, settings, (inlineScripts) => securityHeadersFor(settings, allowances, inlineScripts));
  if (files) app.use(files.handle);

  app.use(visitorOrigin(settings));
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", NO_STORE);
    res.json({ status: "ok" });
  });
  app.get("/readyz", readyz(databaseProbe(running.services.database)));
  if (settings.METRICS_TOKEN) app.get("/metrics", metricsEndpoint(settings.METRICS_TOKEN));
  app.use(securityHeaders(settings, allowances));
  app.use(compression({ level: DYNAMIC_GZIP_LEVEL, brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } } }));

  app.use(running.routes);
  app.use(mediaRoutes(running.services.admin));
  // A site-content edit's preview, by its signed link: /preview/site/<token>/services/google-ads.
  app.get(`${SITE_PREVIEW_PATH}/:token{/*page}`, contentPreviewHandler({ services: running.services, build, siteUrl: settings.SITE_URL }));

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
    await prepareCompanyProfile({ services: running.services, files });
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
      // The article and case studies editors' posts carry an image, which their actions read as it streams;
      // the other site-content editors' a whole document.
      bodyLimit: (path) =>
        IMAGE_POST_PATH.test(path) ? IMAGE_POST_MAX_BYTES : SITE_CONTENT_POST_PATH.test(path) ? SITE_CONTENT_POST_MAX_BYTES : undefined,
    }),
  );
  app.use(lastResort);

  return { app, close: () => running.close() };
}
