import type { TestProject } from "vitest/node";
import { startServer } from "#tests/support/server.ts";

/**
 * The one built server with the default settings that the end-to-end files which only read the
 * site share (useSharedServer()), started once before the first of them (vitest.config.ts's
 * globalSetup for the e2e project) rather than once in each: a start costs two seconds of CPU on
 * a quiet machine of two cores, and many more when the suite loads it. Chromium is not shared:
 * it starts in a third of a second, and a browser reached through Playwright's server costs each
 * message a hop more (decision 0050).
 */
export interface SharedServer {
  url: string;
  port: number;
  dataDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    sharedServer: SharedServer;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer();
  project.provide("sharedServer", { url: server.url, port: server.port, dataDir: server.dataDir });
  return async () => {
    // A server that died under the files shows why here: their own reports see only refused connections.
    if (!server.running()) console.error(`The e2e files' shared server exited early:\n${server.output()}`);
    await server.stop();
  };
}
