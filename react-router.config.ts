import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./app/config/public-routes.ts";

export default {
  ssr: true,
  // Pages without per-request content are rendered to HTML at build; the server
  // stamps a fresh CSP nonce into them on every response (server/static.ts).
  prerender: () => prerenderedPaths(),
} satisfies Config;
