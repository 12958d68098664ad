import { defineConfig } from "vitest/config";

// Three suites: unit (pure code), integration (real HTTP against the built
// server, real SQLite/PostgreSQL, real SMTP), e2e (Chromium clicking the site).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One Chromium at a time fits two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
