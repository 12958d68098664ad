import type { Config } from "@react-router/dev/config";
import { applyBuildStamps } from "#app/lib/build-stamps.ts";
import { prerenderedPaths } from "#app/config/public-routes.ts";

export default {
  ssr: true,
  // The whole route manifest is one immutable file, loaded with the app on intent (decision 0025):
  // no manifest written into every page, no data-discover on every link, no /__manifest requests.
  routeDiscovery: { mode: "initial" },
  // Pages without per-request content are rendered to HTML at build, with
  // placeholders the server stamps over when it serves them (server/http/static.ts).
  prerender: () => {
    applyBuildStamps(process.env);
    return prerenderedPaths();
  },
} satisfies Config;
