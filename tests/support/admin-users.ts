import { spawn } from "node:child_process";
import path from "node:path";
import type { Page } from "playwright-core";

/**
 * Creates an agency user the way the agency does: `npm run admin`, the password on standard input
 * (in `databaseUrl`'s database when given). Answers what it printed.
 */
export function createUser(dataDir: string, email: string, password: string, databaseUrl?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "admin", "--", "create-user", email], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`admin create-user exited ${code}: ${output}`))));
    child.stdin.end(`${password}\n`);
  });
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
