import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is our Express app, so the app, its database and
  // its workers share one module graph with the React Router build.
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
  },
  // In development React Router is processed by Vite; the request handler must
  // use that same copy, or its RouterContextProvider check fails.
  ssr: { noExternal: ["@react-router/express", "@react-router/node"] },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
