import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is our Express app, so the app, its database and
  // its workers share one module graph with the React Router build.
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
    // A page's first load is a few mid-sized scripts rather than dozens of tiny ones:
    // every extra request delays first paint on a slow mobile connection.
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
  ssr: { noExternal: ["@react-router/express", "@react-router/node"] },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
