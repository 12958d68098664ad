import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { inlineScripts } from "#scripts/vite-inline-scripts.ts";

export default defineConfig({
  // The server bundle's entry is our Express app, so the app, its database and
  // its workers share one module graph with the React Router build.
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
    // A page's first load is a few mid-sized scripts rather than dozens of tiny ones, but
    // never code of another route: shared chunks are grouped by the routes that use them and
    // not merged across them, which put zod and a form's module on every page (decision 0018).
    // The scripts are asked for on the visitor's first sign of intent (decision 0021).
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Shared chunks are named after every route that uses them (joined by ~): keep those URLs short.
            chunkFileNames: (chunk) => (chunk.name.includes("~") ? "assets/chunk-[hash].js" : "assets/[name]-[hash].js"),
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
                { name: "shared", minShareCount: 2, entriesAware: true, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  // In development React Router is processed by Vite; the request handler must
  // use that same copy, or its RouterContextProvider check fails.
  ssr: { noExternal: ["@react-router/node"] },
  plugins: [tailwindcss(), reactRouter(), inlineScripts()],
});
