import "react-router";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { RouterContextProvider } from "react-router";
import { ANALYTICS_SCRIPT_MAX_AGE_S, ANALYTICS_SCRIPT_PATH, analyticsScript, withAnalytics } from "../app/lib/analytics.ts";
import { INTRO_VIDEO_ORIGIN } from "../app/content/intro-video.ts";
import { cspNonceContext } from "../app/lib/build-stamps.ts";
import { clientAddress } from "./client-address.ts";
import { env } from "./env.ts";
import { clientAddressContext } from "./leads/context.ts";
import { startLeadPipeline } from "./leads/start.ts";
import { emptyAllowances, securityHeaders } from "./security.ts";
import { staticFiles } from "./static.ts";

export { env } from "./env.ts";
// The bundle also is the React Router server build, so the build's own tools
// (prerendering, the preview server) can load it like the default one.
export * from "virtual:react-router/server-build";

/** The directory of the client build, next to the server bundle this module is compiled into. */
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

export interface SiteApp {
  app: express.Express;
  /** Stops background work (the outbox worker, timers) before the process exits. */
  close(): Promise<void>;
}

export async function createApp({ dev = false }: { dev?: boolean } = {}): Promise<SiteApp> {
  const settings = env();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", false);

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });

  // Database (migrated), captcha, mailer and the outbox worker, before the first request.
  const leads = await startLeadPipeline(settings);

  // The home page's intro video plays in a youtube-nocookie iframe once the visitor presses play;
  // in development, Vite's hot reload talks over a WebSocket of its own.
  const allowances = leads.withCaptcha({ ...emptyAllowances, frame: [INTRO_VIDEO_ORIGIN], connect: dev ? ["ws:"] : [] });
  app.use(securityHeaders(settings, withAnalytics(allowances, settings.GA_MEASUREMENT_ID)));
  app.use(compression());

  // Written from the settings at run time, so prerendered pages follow GA_MEASUREMENT_ID too.
  const analytics = analyticsScript(settings.GA_MEASUREMENT_ID);
  app.get(ANALYTICS_SCRIPT_PATH, (_req, res) => {
    res.type("text/javascript").setHeader("Cache-Control", `public, max-age=${ANALYTICS_SCRIPT_MAX_AGE_S}`);
    res.send(analytics);
  });

  app.use(leads.routes);

  if (!dev) app.use(staticFiles(clientDir, settings).handler);

  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(cspNonceContext, res.locals.cspNonce);
        context.set(clientAddressContext, clientAddress(req, settings.TRUST_PROXY));
        return context;
      },
      mode: dev ? "development" : "production",
    }),
  );

  return { app, close: () => leads.close() };
}
