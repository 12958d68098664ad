import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { untilStarted } from "#tests/support/started.ts";

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed, for assertions on its log. */
  output(): string;
  stop(): Promise<void>;
  /** Ends the process with SIGKILL (a crash: no graceful shutdown) and waits for it to go. */
  kill(): Promise<void>;
  /** False once the process has exited. */
  running(): boolean;
  pid: number;
}

/** What each line of a server's log says (its `msg`: the built server writes JSON lines), in order. */
export function logMessages(output: string): string[] {
  return output
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      try {
        const parsed = JSON.parse(line) as { msg?: unknown };
        return typeof parsed.msg === "string" ? parsed.msg : line;
      } catch {
        return line;
      }
    });
}

/** The SECRETS_KEY of every test server on PostgreSQL (SQLite's generate their own into DATA_DIR). */
const POSTGRES_SECRETS_KEY = "test-secrets-key-0123456789abcdef0123456789";

/** Ports this process has handed out: the system may offer a port again once its probe is closed. */
const handedOut = new Set<number>();

/** A port free on loopback now, and never one this process handed out before (a site takes two or three at once). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await probePort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

function probePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the production build (npm run build must have run) as its own process
 * on a free port (or env.PORT), with a fresh data directory unless one is given,
 * from the repository (or `cwd`, another copy of server.ts and build/).
 */
export async function startServer(env: Record<string, string | undefined> = {}, { cwd }: { cwd?: string } = {}): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const ownDataDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "site-test-"));
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const child: ChildProcess = spawn(process.execPath, ["server.ts"], {
    cwd: cwd ?? path.resolve(import.meta.dirname, "../.."),
    // A setting given as undefined is left out, as a shell without it would start the server.
    env: Object.fromEntries(
      Object.entries({
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_URL: url,
        DATA_DIR: dataDir,
        // One consultant, so a slot is booked once; a test of several sets its own file (or undefined: the co-founders).
        CONSULTANTS_FILE: path.resolve(import.meta.dirname, "one-consultant.yaml"),
        // On PostgreSQL the operator gives every instance the key that seals the inbox's authenticator secrets.
        ...(env.DATABASE_URL ? { SECRETS_KEY: POSTGRES_SECRETS_KEY } : {}),
        ...env,
      }).filter(([, value]) => value !== undefined),
    ),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );

  await untilStarted("server", {
    ready: async () => (await fetch(`${url}/healthz`)).ok,
    exitCode: () => child.exitCode,
    output: () => log,
  });

  return {
    url,
    port,
    dataDir,
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const { code, signal } = await exited;
        // A shutdown that hung until the server's own deadline fails the test that stopped it, naming the part.
        if (code !== 0 && signal !== "SIGTERM") {
          throw new Error(`The server on ${url} exited ${code} on SIGTERM:\n${logMessages(log).slice(-15).join("\n")}`);
        }
      }
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
    },
    running: () => child.exitCode === null && child.signalCode === null,
    pid: child.pid!,
  };
}
