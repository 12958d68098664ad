import { spawn } from "node:child_process";
import path from "node:path";

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
