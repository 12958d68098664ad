import type { Config } from "@react-router/dev/config";
import { applyBuildStamps } from "./app/lib/build-stamps.ts";
import { prerenderedPaths } from "./app/config/public-routes.ts";

export default {
  ssr: true,
  // Pages without per-request content are rendered to HTML at build, with
  // placeholders the server stamps over when it serves them (server/static.ts).
  prerender: () => {
    applyBuildStamps(process.env);
    return prerenderedPaths();
  },
} satisfies Config;
