// npm test: every check the project makes, in the order that fails fastest,
// after the two system packages its browser and proxy tests drive. Each step's
// time is printed at the end, so a slow step shows where it is.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Debian packages the tests need: the browser of the end-to-end suites, the proxy of the deployed topology, a CalDAV server for the consultants' calendars. */
const systemPackages = [
  { binary: process.env.CHROME_PATH ?? "/usr/bin/chromium", pkg: "chromium", for: "the end-to-end tests" },
  { binary: "/usr/sbin/nginx", pkg: "nginx-light", for: "the tests through nginx with TLS" },
  { binary: "/usr/bin/radicale", pkg: "radicale", for: "the tests against a CalDAV server" },
];

const timings: Array<[string, number]> = [];

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  return spawnSync(command, args, { stdio: "inherit", env }).status ?? 1;
}

/**
 * What this run does not check, and why: printed before the tests and again with the times, so a
 * run that checked less never passes for a full one. The skipped blocks themselves are listed by
 * tests/support/timing-reporter.ts.
 */
const notChecked: string[] = [];
if (!process.env.TEST_DATABASE_URL) {
  notChecked.push(
    "PostgreSQL: TEST_DATABASE_URL is not set, so the data-layer tests run on SQLite only and the tests of instances sharing a database are skipped " +
      "(set it to a server's URL, as .ci/run does: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test)",
  );
}

function printTimings(): void {
  console.log(`\n== time of each step (s)\n${timings.map(([name, s]) => `  ${name.padEnd(10)} ${s.toFixed(1).padStart(7)}`).join("\n")}`);
  if (notChecked.length) console.log(`\n== not checked\n${notChecked.map((line) => `  ${line}`).join("\n")}`);
}

/**
 * Installs the missing packages in the background, their output kept for a
 * failure: apt spends most of its time on the network and the disk, so the
 * checks before the tests run meanwhile. Resolves with apt's exit status.
 */
function installInBackground(names: string[]): Promise<{ status: number; output: string }> {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const script = `apt-get update -qq && apt-get install -y -qq --no-install-recommends ${names.join(" ")}`;
  return new Promise((resolve) => {
    let output = "";
    const child = spawn("sh", ["-c", script], { env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ status: 1, output: String(error) }));
    child.on("close", (status) => resolve({ status: status ?? 1, output }));
  });
}

const started = performance.now();
const missing = systemPackages.filter((item) => !existsSync(item.binary));
let setup: Promise<{ status: number; output: string }> | undefined;
if (missing.length) {
  const names = missing.map((item) => item.pkg);
  const install = `apt-get install -y --no-install-recommends ${names.join(" ")}`;
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(
      `Missing ${missing.map((item) => `${item.binary} (${item.for})`).join(" and ")}. Install them first:\n\n  sudo apt-get update && sudo ${install}\n`,
    );
    process.exit(1);
  }
  console.log(
    `\n== setup: installing Debian's ${names.join(" and ")} for ${missing.map((item) => item.for).join(" and ")}, meanwhile the checks run`,
  );
  const since = performance.now();
  setup = installInBackground(names).then((result) => {
    timings.push(["setup", seconds(since)]);
    if (result.status !== 0) {
      console.error(`${result.output}\nsetup failed: run it yourself and try again:\n\n  apt-get update && ${install}\n`);
    }
    return result;
  });
}

type Step = { name: string; commands: string[][] };

/**
 * The checks before the tests, two at a time: each is mostly one thread (tsc, ESLint and knip,
 * Prettier, Vite's bundling), and the machine has two cores. Each pair's output is printed whole
 * when its step ends, so the two never interleave.
 */
const checkPairs: Step[][] = [
  // React Router's route types, which both tsc and ESLint's typed rules read.
  [{ name: "types", commands: [["npx", "react-router", "typegen"]] }],
  [
    { name: "types", commands: [["npx", "tsc"]] },
    // ESLint with the import boundaries, unused code (knip), import cycles (dpdm), copied blocks (jscpd).
    { name: "lint", commands: [["npm", "run", "--silent", "lint"]] },
  ],
  [
    // `npm run format` writes what this asks for.
    { name: "format", commands: [["npx", "prettier", "--check", "--log-level", "warn", "."]] },
    { name: "build", commands: [["npm", "run", "build", "--silent"]] },
  ],
];
const tests: [string, string[]] = ["tests", ["npx", "vitest", "run", ...process.argv.slice(2)]];

async function fail(name: string, commandLine: string): Promise<never> {
  console.error(`\n${name} failed (${commandLine})`);
  // An install is never cut off halfway: dpkg would be left for the next run to repair.
  await setup;
  printTimings();
  process.exit(1);
}

/** Runs a step's commands one after another, its output kept; resolves with the first failure, if any. */
function runCaptured(step: Step): Promise<{ output: string; failed?: string; seconds: number }> {
  const since = performance.now();
  return (async () => {
    let output = "";
    for (const [command, ...args] of step.commands) {
      const commandLine = [command, ...args].join(" ");
      output += `\n== ${step.name}: ${commandLine}\n`;
      const status = await new Promise<number>((resolve) => {
        const child = spawn(command!, args, { stdio: ["ignore", "pipe", "pipe"] });
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("error", (error) => ((output += String(error)), resolve(1)));
        child.on("close", (code) => resolve(code ?? 1));
      });
      if (status !== 0) return { output, failed: commandLine, seconds: seconds(since) };
    }
    return { output, seconds: seconds(since) };
  })();
}

for (const pair of checkPairs) {
  const results = await Promise.all(pair.map(runCaptured));
  for (const [index, step] of pair.entries()) {
    const result = results[index]!;
    process.stdout.write(result.output);
    const previous = timings.find(([name]) => name === step.name);
    if (previous) previous[1] += result.seconds;
    else timings.push([step.name, result.seconds]);
  }
  const failure = pair.findIndex((_, index) => results[index]!.failed);
  if (failure >= 0) await fail(pair[failure]!.name, results[failure]!.failed!);
}

if (setup && (await setup).status !== 0) {
  printTimings();
  process.exit(1);
}

{
  const [name, [command, ...args]] = tests;
  const commandLine = [command, ...args].join(" ");
  console.log(`\n== ${name}: ${commandLine}`);
  if (notChecked.length) console.log(notChecked.map((line) => `   not checked: ${line}`).join("\n"));
  const since = performance.now();
  const status = run(command!, args);
  timings.push([name, seconds(since)]);
  if (status !== 0) await fail(name, commandLine);
}

timings.push(["in all", seconds(started)]);
printTimings();
