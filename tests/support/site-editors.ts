import { afterAll, beforeAll, expect } from "vitest";
import { createUser } from "#tests/support/admin-users.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

const PASSWORD = "a long enough passphrase";

/**
 * The built server on `kind` for a site-content editor's tests (decision 0052), with an editor and a
 * reader signed in from their own addresses (`who`: the accounts' names, `ips`: theirs), and `get`, a
 * visitor's request of a page, as a browser asks for it.
 */
export function useSiteEditors(
  kind: "sqlite" | "postgres",
  who: string,
  ips: readonly [editor: string, reader: string],
  settings: Record<string, string> = {},
) {
  let database: TestDatabase;
  let server: RunningServer;
  let editor: InboxBrowser;
  let reader: InboxBrowser;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startServer({ ...database.settings, TRUST_PROXY: "x-forwarded-for", ...settings });
    const url = database.settings.DATABASE_URL;
    await createUser(server.dataDir, `${who}-editor@roimedia.co.za`, PASSWORD, url, { role: "editor" });
    await createUser(server.dataDir, `${who}-reader@roimedia.co.za`, PASSWORD, url, { role: "reader" });
    editor = new InboxBrowser(server.url, ips[0]);
    reader = new InboxBrowser(server.url, ips[1]);
    expect((await editor.signIn(`${who}-editor@roimedia.co.za`, PASSWORD)).signedIn).toBe(true);
    expect((await reader.signIn(`${who}-reader@roimedia.co.za`, PASSWORD)).signedIn).toBe(true);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });
  return {
    get editor() {
      return editor;
    },
    get reader() {
      return reader;
    },
    /** The server itself: its data directory holds the mails it writes. */
    get server() {
      return server;
    },
    get: (path: string) => fetch(server.url + path, { headers: { "Accept-Encoding": "br", Accept: "text/html" } }),
  };
}
