import { randomBytes } from "node:crypto";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { enhanced, postLead, solveAltcha, waitFor, writtenMail } from "#tests/support/leads.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * What the server writes under DATA_DIR (database, key, mail) is readable by
 * its user only, under the usual umask 022 (which the server inherits from
 * this process), in a new DATA_DIR and in one an earlier version wrote.
 */

let umask: number;
beforeAll(() => {
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
});

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function scratch(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "data-dir-test-"));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function start(dataDir: string): Promise<RunningServer> {
  // No ALTCHA_HMAC_KEY and no SMTP_URL: the server generates its key and writes mail as files.
  const server = await startServer({ DATA_DIR: dataDir, ALTCHA_COST: "20", OUTBOX_POLL_MS: "100" });
  cleanup.push(() => server.stop());
  return server;
}

/** Every file and folder under the directory, with its permission bits in octal. */
function modes(dir: string): Record<string, string> {
  const found: Record<string, string> = { ".": (lstatSync(dir).mode & 0o777).toString(8) };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    found[path.relative(dir, full)] = (lstatSync(full).mode & 0o777).toString(8);
  }
  return found;
}

/** Posts a lead and waits for its notification to be written. */
async function storeLeadAndMail(server: RunningServer) {
  const email = `private-${Date.now()}@example.co.za`;
  const answer = await postLead(server, "/contact", {
    name: "Thandi Nkosi",
    email,
    company: "Nkosi Logistics",
    budget: "6.5k-12.4k",
    ...enhanced(await solveAltcha(server)),
  });
  expect(answer.status).toBe(200);
  await waitFor(() => writtenMail(server.dataDir).some((mail) => mail.includes(email)), "the notification's .eml file");
}

function expectPrivate(found: Record<string, string>) {
  for (const [name, mode] of Object.entries(found)) {
    const folder = name === "." || name === "mail";
    expect(mode, name).toBe(folder ? "700" : "600");
  }
}

describe("DATA_DIR", () => {
  it("a new one, its database, key and mail are readable by the server's user only", async () => {
    const dataDir = path.join(scratch(), "data");
    const server = await start(dataDir);
    await storeLeadAndMail(server);
    const found = modes(dataDir);
    expect(Object.keys(found)).toEqual(expect.arrayContaining([".", "site.db", "site.db-wal", "site.db-shm", "altcha-hmac.key", "mail"]));
    expect(Object.keys(found).filter((name) => name.endsWith(".eml"))).toHaveLength(1);
    expectPrivate(found);
  });

  it("one an earlier version wrote readable by others is tightened at start, and the log says so", async () => {
    const dataDir = path.join(scratch(), "data");
    mkdirSync(path.join(dataDir, "mail"), { recursive: true });
    new DatabaseSync(path.join(dataDir, "site.db")).close();
    writeFileSync(path.join(dataDir, "altcha-hmac.key"), randomBytes(32).toString("hex"));
    writeFileSync(path.join(dataDir, "mail", "2026-01-01T00-00-00-000Z-earlier.eml"), "Subject: an earlier lead\n\nHello\n");
    const before = modes(dataDir);
    expect(before).toEqual({
      ".": "755",
      "site.db": "644",
      "altcha-hmac.key": "644",
      mail: "755",
      "mail/2026-01-01T00-00-00-000Z-earlier.eml": "644",
    });

    const server = await start(dataDir);
    expect(server.output()).toMatch(/DATA_DIR: made 5 files and folders an earlier version wrote readable by this server's user only/);
    expectPrivate(modes(dataDir));
    await storeLeadAndMail(server);
    const found = modes(dataDir);
    expect(Object.keys(found).filter((name) => name.endsWith(".eml"))).toHaveLength(2);
    expectPrivate(found);
  });
});
