import path from "node:path";
import { defineConfig } from "vitest/config";
import { inlineScripts } from "#scripts/vite-inline-scripts.ts";
import SlowestFirst from "#tests/support/slowest-first.ts";

// Three suites: unit (pure code), integration (real HTTP against the built
// server, real SQLite/PostgreSQL, real SMTP), e2e (Chromium clicking the site;
// tests/e2e/deployed.test.ts through nginx with TLS, as deployed).
// Every process the tests start (about sixty servers, the admin CLI, the workers) inherits Node's
// compile cache, so each starts from code compiled once: a server answers a fifth sooner.
// The inbox's passwords are hashed at N = 2^14 rather than OWASP's 2^17, at normal priority rather than
// nice 19: the tests' guesses need no protection, and on a machine loaded by the suite itself a nice-19
// thread waits for everything else, past a test's time (decision 0030). tests/integration/strangers.test.ts
// keeps the site's own priority, the one its timing is about. The heavy-work process, where uploads are decoded,
// runs at normal priority too (decision 0044); tests/integration/heavy-work.test.ts keeps the site's own.
process.env.ADMIN_PASSWORD_COST ??= "14";
process.env.ADMIN_PASSWORD_THREAD_NICE ??= "0";
process.env.HEAVY_WORK_NICE ??= "0";
process.env.NODE_COMPILE_CACHE ??= path.resolve(import.meta.dirname, "node_modules/.cache/node-compile-cache");

/**
 * Integration and unit files at once: two per core when they run alone, three on two cores beside the
 * e2e files (`npm test`, decision 0058), where Chromium takes most of the cores.
 */
const integrationWorkers = process.env.INTEGRATION_WORKERS ?? "200%";

/**
 * Integration files whose tests hold a budget of time (a sign-in's, a page's under load, a deadline) or
 * race a clock of the server's (an outbox lease under a kill -9, a reminder due, an instance restarted
 * behind nginx, a calendar that answers slowly): they run in a group of their own. Four of them ran
 * beside the e2e files until a slower two-core machine starved them there (decision 0058).
 */
const timedFiles = [
  "tests/integration/admin-hash-turns.test.ts",
  "tests/integration/articles-live.test.ts",
  "tests/integration/booking-calendars.test.ts",
  "tests/integration/booking-reminders.test.ts",
  "tests/integration/faults.test.ts",
  "tests/integration/heavy-work.test.ts",
  "tests/integration/inbox-at-scale.test.ts",
  "tests/integration/strangers.test.ts",
  "tests/integration/topology.test.ts",
  "tests/integration/webhooks.test.ts",
];

export default defineConfig({
  // `?inline-script` imports, as in the build (vite.config.ts).
  plugins: [inlineScripts()],
  test: {
    // The default report, then each project's time and the slowest files (tests/support/timing-reporter.ts).
    reporters: ["default", "./tests/support/timing-reporter.ts"],
    // A test fails on a console.error it did not declare (tests/support/no-console-errors.ts).
    setupFiles: ["tests/support/no-console-errors.ts"],
    // One file per core unless a project says otherwise (Vitest's default leaves one core idle: a single
    // file at a time on CI's two). A file's time goes mostly to waiting on its server, browser or disk (decision 0012).
    maxWorkers: "100%",
    // Each group's longest files first, by the seconds recorded in tests/file-seconds.json.
    sequence: { sequencer: SlowestFirst },
    // A poll waits for a state, and a loaded machine reaches it late: only a failing test waits this long.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      // Three groups, one after another (decision 0056); `npm test` runs the first two side by side, the
      // integration and unit files three on two cores (decision 0058). The e2e files, one per core: Chromium
      // keeps more than a core busy for each.
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          // One server with the default settings for the files that only read the site (tests/support/e2e-shared.ts).
          globalSetup: ["tests/support/e2e-shared.ts"],
          testTimeout: 150_000,
          hookTimeout: 150_000,
          sequence: { groupOrder: 0 },
        },
      },
      // Then the integration and unit files, two per core: an integration file uses about a third of a core,
      // waiting on its servers' timers and the disk.
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: timedFiles,
          // A test or hook that starts a server may wait out its start (tests/support/started.ts): only a failing one waits this long.
          testTimeout: 150_000,
          hookTimeout: 150_000,
          maxWorkers: integrationWorkers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          maxWorkers: integrationWorkers,
          sequence: { groupOrder: 1 },
        },
      },
      // Last the files whose tests hold a budget of time, one per core as they were measured (`npm test` starts
      // them as the e2e files end, beside the integration files' last ones: decision 0060).
      {
        extends: true,
        test: {
          name: "integration-timed",
          include: timedFiles,
          testTimeout: 150_000,
          hookTimeout: 150_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
