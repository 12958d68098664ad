// npm test: every check the project makes, in the order that fails fastest,
// after the system packages its browser, proxy and calendar tests drive. Each step's
// time is printed at the end, so a slow step shows where it is.
import { spawn } from "node:child_process";
import { installMissingPackages } from "#scripts/system-packages.ts";

const timings: Array<[string, number]> = [];

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
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
  console.log(`\n== time of each step (s)\n${timings.map(([name, s]) => `  ${name.padEnd(26)} ${s.toFixed(1).padStart(7)}`).join("\n")}`);
  if (notChecked.length) console.log(`\n== not checked\n${notChecked.map((line) => `  ${line}`).join("\n")}`);
}

const started = performance.now();
const installing = installMissingPackages();
let setup: Promise<number> | undefined;
if (installing) {
  console.log(`\n== setup: installing ${installing.describe}, meanwhile the checks run`);
  const since = performance.now();
  setup = installing.done.then((status) => {
    timings.push(["setup", seconds(since)]);
    return status;
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
const vitestArgs = process.argv.slice(2);
type TestRun = { name: string; args: string[] };
/**
 * The tests, in runs of Vitest's projects (vitest.config.ts). A run named with files or options is one
 * run as asked. The whole suite is three: the e2e files, and beside them the integration and unit
 * files three on two cores, whose files wait on their servers' timers and the disk most of their time and so
 * fill what Chromium leaves idle; as the e2e files end, the files whose tests hold a budget of time, beside
 * the integration files' last ones (decisions 0058 and 0060).
 */
const suite: { foreground: TestRun[]; beside?: TestRun } = vitestArgs.length
  ? { foreground: [{ name: "as asked", args: vitestArgs }] }
  : {
      foreground: [
        { name: "e2e", args: ["--project", "e2e"] },
        { name: "timed", args: ["--project", "integration-timed"] },
      ],
      beside: { name: "integration, unit", args: ["--project", "integration", "--project", "unit"] },
    };

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

if (setup && (await setup) !== 0) {
  printTimings();
  process.exit(1);
}

/** A run beside another: its output kept and printed whole once it ends, so the two never interleave. */
function runBeside(args: string[]): Promise<{ status: number; output: string; seconds: number }> {
  const since = performance.now();
  return new Promise((resolve) => {
    let output = "";
    // At the same priority: a server starved past its outbox lease would send a message twice (decision 0058).
    const child = spawn("npx", ["vitest", "run", ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      // Three files on two cores: each waits on its servers' timers most of its time (decision 0058).
      env: { ...process.env, INTEGRATION_WORKERS: "150%" },
    });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ status: 1, output: output + String(error), seconds: seconds(since) }));
    child.on("close", (code) => resolve({ status: code ?? 1, output, seconds: seconds(since) }));
  });
}

/** Runs Vitest in the foreground, its output as it comes. */
function runForeground(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["vitest", "run", ...args], { stdio: "inherit" });
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code ?? 1));
  });
}

if (notChecked.length) console.log(notChecked.map((line) => `\n   not checked: ${line}`).join(""));
const testsSince = performance.now();
const { beside } = suite;
if (beside) console.log(`\n== tests beside the others: ${beside.name}: npx vitest run ${beside.args.join(" ")} (printed when it ends)`);
const besideResult = beside && runBeside(beside.args);
let failed: TestRun | undefined;
for (const run of suite.foreground) {
  console.log(`\n== tests: ${run.name}: npx vitest run ${run.args.join(" ")}`);
  const since = performance.now();
  const status = await runForeground(run.args);
  timings.push([`tests: ${run.name}`, seconds(since)]);
  if (status !== 0) {
    failed = run;
    break;
  }
}
if (beside && besideResult) {
  const result = await besideResult;
  console.log(`\n== tests: ${beside.name} (beside the others): npx vitest run ${beside.args.join(" ")}`);
  process.stdout.write(result.output);
  timings.push([`tests: ${beside.name}`, result.seconds]);
  if (!failed && result.status !== 0) failed = beside;
}
if (failed) await fail(`tests: ${failed.name}`, `npx vitest run ${failed.args.join(" ")}`);
timings.push(["tests", seconds(testsSince)]);

timings.push(["in all", seconds(started)]);
printTimings();
