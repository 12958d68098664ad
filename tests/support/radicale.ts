import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "#tests/support/server.ts";
import { untilStarted } from "#tests/support/started.ts";

/** Debian's radicale, which `npm test` installs where it is missing (scripts/test.ts). */
export const RADICALE = "/usr/bin/radicale";

export interface Radicale {
  url: string;
  /** Creates a calendar collection of a user (MKCALENDAR). */
  makeCalendar(user: string, name: string): Promise<void>;
  /** Stores an event (its VCALENDAR text) in a user's calendar (PUT). */
  put(user: string, calendar: string, uid: string, ics: string): Promise<void>;
  /** The event stored as `name` in a user's calendar, if there is one (GET). */
  get(user: string, calendar: string, name: string): Promise<string | undefined>;
  /** Gives a user a new password (radicale reads its users file at each sign-in). */
  setPassword(user: string, password: string): void;
  /** Stops the server (it can be started again on the same port and storage). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its storage. */
  dispose(): Promise<void>;
}

/**
 * A real CalDAV server for a test: radicale on a free loopback port, its
 * storage in a temporary folder, users from a plain htpasswd file.
 */
export async function startRadicale(accounts: Record<string, string>): Promise<Radicale> {
  const users = { ...accounts };
  const dir = mkdtempSync(path.join(tmpdir(), "radicale-"));
  const port = await freePort();
  const writeUsers = () =>
    writeFileSync(
      path.join(dir, "users"),
      Object.entries(users)
        .map(([user, password]) => `${user}:${password}\n`)
        .join(""),
    );
  writeUsers();
  writeFileSync(
    path.join(dir, "config"),
    [
      "[server]",
      `hosts = 127.0.0.1:${port}`,
      "[auth]",
      "type = htpasswd",
      `htpasswd_filename = ${path.join(dir, "users")}`,
      "htpasswd_encryption = plain",
      "[rights]",
      "type = owner_only",
      "[storage]",
      `filesystem_folder = ${path.join(dir, "collections")}`,
      "[logging]",
      "level = warning",
      "mask_passwords = True",
      "",
    ].join("\n"),
  );
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = "";
  const auth = (user: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${users[user]}`).toString("base64")}` });

  async function request(method: string, target: string, user: string, body?: string, contentType?: string): Promise<void> {
    const response = await fetch(`${url}${target}`, {
      method,
      headers: { ...auth(user), ...(contentType ? { "content-type": contentType } : {}) },
      ...(body === undefined ? {} : { body }),
    });
    if (!response.ok) throw new Error(`radicale ${method} ${target}: ${response.status} ${await response.text()}`);
  }

  const server: Radicale = {
    url,
    async start() {
      output = "";
      child = spawn(RADICALE, ["--config", path.join(dir, "config")], { stdio: ["ignore", "pipe", "pipe"] });
      child.stdout?.on("data", (chunk) => (output += chunk));
      child.stderr?.on("data", (chunk) => (output += chunk));
      const started = child;
      await untilStarted("radicale", {
        ready: () => fetch(`${url}/.web/`).then(() => true),
        exitCode: () => started.exitCode,
        output: () => output,
      });
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGTERM");
      await exited;
    },
    async dispose() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    makeCalendar: (user, name) =>
      request(
        "MKCALENDAR",
        `/${user}/${name}/`,
        user,
        `<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>${name}</D:displayname></D:prop></D:set></C:mkcalendar>`,
        "application/xml",
      ),
    put: (user, calendar, uid, ics) => request("PUT", `/${user}/${calendar}/${uid}.ics`, user, ics, "text/calendar; charset=utf-8"),
    async get(user, calendar, name) {
      const response = await fetch(`${url}/${user}/${calendar}/${name}`, { headers: auth(user) });
      return response.status === 200 ? (await response.text()).replace(/\r\n /g, "") : undefined;
    },
    setPassword(user, password) {
      users[user] = password;
      writeUsers();
    },
  };
  await server.start();
  return server;
}
