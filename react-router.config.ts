import type { Config } from "@react-router/dev/config";
import { BUILD_SITE_URL } from "./app/lib/build-stamps.ts";
import { prerenderedPaths } from "./app/config/public-routes.ts";

export default {
  ssr: true,
  // Pages without per-request content are rendered to HTML at build, with
  // placeholders the server stamps over when it serves them (server/static.ts).
  prerender: () => {
    process.env.SITE_URL = BUILD_SITE_URL;
    return prerenderedPaths();
  },
} satisfies Config;
