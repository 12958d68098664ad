import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { AdminRole } from "#app/lib/inbox.ts";

/**
 * Agency users for the tests, made and signed in the way the agency does: the
 * command line makes them, and their first sign-in sets up an authenticator
 * app, whose secret this module keeps as the user's phone would (by address:
 * the latest set-up of an address wins). Every later sign-in gives the app's
 * code, so suites sign in with `signIn(page, url, email, password)` as before.
 */

export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const root = path.resolve(import.meta.dirname, "../..");
/**
 * What `npm run admin` runs (package.json's script, `node scripts/admin.ts`), started as npm would, by this Node:
 * without npm's own start in front of each of the suite's hundred-odd runs, about 0.7 CPU-s each.
 */
const adminCommand = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { admin: string } }).scripts.admin;
const [adminNode, ...adminArgs] = adminCommand.split(" ");
if (adminNode !== "node") throw new Error(`package.json's admin script is not a node script: ${adminCommand}`);

/** Runs `npm run admin -- ARGS` as the agency would, with these settings over the test's own, and `input` on standard input. */
export function runAdmin(args: string[], env: Record<string, string>, input = ""): Promise<AdminRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...adminArgs, ...args], {
      cwd: root,
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
 * (in `databaseUrl`'s database when given), as an admin unless `role` says otherwise. Answers what it printed.
 */
export async function createUser(
  dataDir: string,
  email: string,
  password: string,
  databaseUrl?: string,
  { role = "admin" }: { role?: AdminRole } = {},
): Promise<string> {
  const run = await runAdmin(
    ["create-user", email, "--role", role],
    { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    `${password}\n`,
  );
  const output = run.stdout + run.stderr;
  if (run.code !== 0) throw new Error(`admin create-user exited ${run.code}: ${output}`);
  return output;
}

/* The users' authenticator apps. */

const PERIOD_MS = 30_000;

interface Authenticator {
  totp: TOTP;
  /** The last time step a code was given for: the server takes each step's code once. */
  lastStep: number;
  recoveryCodes: string[];
}

const authenticators = new Map<string, Authenticator>();

/** Keeps what the user's app would after scanning `secret` (as the set-up page shows it, spaced or not). */
export function rememberAuthenticator(email: string, secret: string): void {
  const totp = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret.replace(/\s/g, "")) });
  authenticators.set(email.toLowerCase(), { totp, lastStep: -1, recoveryCodes: [] });
}

function authenticatorOf(email: string): Authenticator {
  const app = authenticators.get(email.toLowerCase());
  if (!app) throw new Error(`${email} has no authenticator app here: sign in once first, to set it up`);
  return app;
}

export function rememberRecoveryCodes(email: string, codes: string[]): void {
  authenticatorOf(email).recoveryCodes = codes;
}

/** One of the recovery codes the user kept when they set up their app, not used before in this test run. */
export function recoveryCode(email: string): string {
  const code = authenticatorOf(email).recoveryCodes.shift();
  if (!code) throw new Error(`${email} has no recovery code left here`);
  return code;
}

/** The code the next authenticatorCode() would give, without giving it: for a sign-in the server refuses before it checks the code. */
export function peekAuthenticatorCode(email: string): string {
  const app = authenticatorOf(email);
  const step = Math.max(Math.floor(Date.now() / PERIOD_MS), app.lastStep + 1);
  return app.totp.generate({ timestamp: step * PERIOD_MS });
}

/** A code of six digits the server cannot take now: none of the steps around this moment's. */
export function wrongAuthenticatorCode(email: string): string {
  const app = authenticatorOf(email);
  const now = Math.floor(Date.now() / PERIOD_MS);
  // The steps the server may take while the wrong code travels, with a step to spare either side.
  const taken = new Set([-2, -1, 0, 1, 2].map((delta) => app.totp.generate({ timestamp: (now + delta) * PERIOD_MS })));
  return ["000000", "111111", "222222", "333333", "444444", "555555"].find((code) => !taken.has(code))!;
}

/**
 * The app's code for a step after the last one given. The server takes the
 * codes of the step before and after the current one too, so two sign-ins may
 * come within one step; a third waits for the clock to reach the next step.
 */
export async function authenticatorCode(email: string): Promise<string> {
  const app = authenticatorOf(email);
  const now = Math.floor(Date.now() / PERIOD_MS);
  const step = Math.max(now, app.lastStep + 1);
  // The step after the current one is the latest the server takes: wait until `step` is at most that.
  const usableAt = (step - 1) * PERIOD_MS;
  while (Date.now() < usableAt) await new Promise((resolve) => setTimeout(resolve, usableAt - Date.now()));
  app.lastStep = step;
  return app.totp.generate({ timestamp: step * PERIOD_MS });
}

/**
 * The app's code for now, not counted as given: for a post the server refuses before it checks the
 * code (a sign-in already ended, the codes locked, a secret it cannot open), so the step stays free for the user's next sign-in
 * rather than costing it a wait for the next step.
 */
export function authenticatorCodeNotTaken(email: string): string {
  return authenticatorOf(email).totp.generate({ timestamp: Date.now() });
}

/* Signing in. */

/**
 * Signs in to the inbox the way the agency does: an inbox page (`/admin` unless `from` says otherwise) sends
 * to the sign-in page; the password, then the app's code (the first time, setting the app up and keeping the
 * recovery codes), and back to that page.
 */
export async function signIn(page: Page, siteUrl: string, email: string, password: string, from = "/admin"): Promise<void> {
  await page.goto(`${siteUrl}${from}`);
  await page.waitForURL(/\/admin\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin\/login\/(code|enrol)/);
  if (page.url().includes("/admin/login/enrol")) {
    await setUpAuthenticator(page, email);
    await page.getByRole("link", { name: "Continue to the inbox" }).click();
  } else {
    await page.getByLabel("Code", { exact: true }).fill(await authenticatorCode(email));
    await page.getByRole("button", { name: "Verify" }).click();
  }
  await page.waitForURL(`${siteUrl}${from}`);
}

/** On the set-up page: the key from the page into the app, the app's code back, and the recovery codes kept. */
export async function setUpAuthenticator(page: Page, email: string): Promise<string[]> {
  rememberAuthenticator(email, await page.locator("#totp-secret").innerText());
  await page.getByLabel("Code from the app").fill(await authenticatorCode(email));
  await page.getByRole("button", { name: "Confirm" }).click();
  const list = page.getByRole("list", { name: "Recovery codes" });
  await list.waitFor();
  const codes = (await list.getByRole("listitem").allTextContents()).map((code) => code.trim());
  rememberRecoveryCodes(email, codes);
  return codes;
}

/** A request as a test's own HTTP client makes it, with its cookies: a GET, or a form posted when `body` is given. */
export type InboxRequest<Answer extends { status: number; text: string }> = (
  pathname: string,
  body?: Record<string, string>,
) => Promise<Answer>;

/**
 * Signs in over HTTP as a browser without JavaScript does, through both steps
 * (setting the app up at the user's first sign-in). Answers whether it signed
 * in, and the last answer: the refusal of the step that refused, if one did.
 */
export async function signInOverHttp<Answer extends { status: number; text: string }>(
  request: InboxRequest<Answer>,
  email: string,
  password: string,
  next = "/admin",
): Promise<Answer & { signedIn: boolean }> {
  const token = /name="token" value="([^"]+)"/.exec((await request("/admin/login")).text)?.[1];
  expect(token, "the sign-in form's token").toBeTruthy();
  const first = await request("/admin/login", { token: token!, email, password, next });
  if (first.status !== 303) return { signedIn: false, ...first };
  const setUp = await request(`/admin/login/enrol?${new URLSearchParams({ next })}`);
  const secret = /id="totp-secret"[^>]*>([^<]+)</.exec(setUp.text)?.[1];
  if (!secret) {
    const answer = await request("/admin/login/code", { token: token!, code: await authenticatorCode(email), next });
    return { signedIn: answer.status === 303, ...answer };
  }
  rememberAuthenticator(email, secret);
  const answer = await request("/admin/login/enrol", { token: token!, code: await authenticatorCode(email), next });
  const codes = [...answer.text.matchAll(/<code[^>]*>([a-z2-9]{4}(?:-[a-z2-9]{4}){3})<\/code>/g)].map((match) => match[1]!);
  if (codes.length) rememberRecoveryCodes(email, codes);
  return { signedIn: codes.length > 0, ...answer };
}
