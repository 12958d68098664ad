import { spawn } from "node:child_process";
import path from "node:path";
import type { Page } from "playwright-core";

export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run admin -- ARGS` as the agency would, with these settings over the test's own, and `input` on standard input. */
export function runAdmin(args: string[], env: Record<string, string>, input = ""): Promise<AdminRun> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "admin", "--", ...args], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/**
 * Creates an agency user the way the agency does: `npm run admin`, the password on standard input
 * (in `databaseUrl`'s database when given). Answers what it printed.
 */
export async function createUser(dataDir: string, email: string, password: string, databaseUrl?: string): Promise<string> {
  const run = await runAdmin(
    ["create-user", email],
    { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    `${password}\n`,
  );
  const output = run.stdout + run.stderr;
  if (run.code !== 0) throw new Error(`admin create-user exited ${run.code}: ${output}`);
  return output;
}

/** Signs in to the inbox the way the agency does: /admin sends to the sign-in page, which returns to the inbox. */
export async function signIn(page: Page, siteUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${siteUrl}/admin`);
  await page.waitForURL(/\/admin\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${siteUrl}/admin`);
}
