// Runs a command and prints the CPU-seconds its whole process tree used, Chromium's renderers included:
// `time` misses the processes its child does not reap. Every 0.2 s it reads /proc/<pid>/stat of every
// descendant and keeps each one's last figure (decision 0056).
// Usage: npx node scripts/cpu-seconds.ts npx vitest run --project e2e tests/e2e/routes.test.ts
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;
const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error("usage: npx node scripts/cpu-seconds.ts <command> [args…]");

function read(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** The process and every descendant still running. */
function tree(pid: number): number[] {
  const found = [pid];
  for (const thread of (() => {
    try {
      return readdirSync(`/proc/${pid}/task`);
    } catch {
      return [];
    }
  })()) {
    const children = read(`/proc/${pid}/task/${thread}/children`)?.trim();
    if (children) for (const child of children.split(" ")) found.push(...tree(Number(child)));
  }
  return found;
}

const lastTicks = new Map<number, number>();
const kindOf = new Map<number, string>();

/** What a process is, for the breakdown: Chromium's by its --type, Node's by its script. */
function kind(pid: number): string {
  // A zygote-forked Chromium child rewrites its command line as one string, its arguments joined by spaces.
  const argv = (read(`/proc/${pid}/cmdline`) ?? "").split(/[\0 ]/).filter(Boolean);
  const name = argv[0]?.split("/").pop() ?? "?";
  // Chromium's forked children write their own command line: known by their --type or profile.
  const type = argv.find((arg) => arg.startsWith("--type="))?.slice(7);
  if (type) return `chromium ${type}`;
  if (name.startsWith("chrom") || name.startsWith("playwright_chromium")) return "chromium browser";
  if (name === "node") {
    const script = argv.slice(1).find((arg) => !arg.startsWith("-")) ?? "";
    if (script.includes("vitest")) return "node vitest";
    return `node ${script.split("/").slice(-2).join("/")}`;
  }
  return name;
}
function sample(root: number): void {
  for (const pid of tree(root)) {
    const stat = read(`/proc/${pid}/stat`);
    if (!stat) continue;
    // utime and stime: the 14th and 15th fields, counted after the name's closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    lastTicks.set(pid, Number(fields[11]) + Number(fields[12]));
    if (!kindOf.has(pid)) kindOf.set(pid, kind(pid));
  }
}

const started = performance.now();
const child = spawn(command, args, { stdio: "inherit" });
const timer = setInterval(() => sample(child.pid!), 200);
child.on("close", (code) => {
  clearInterval(timer);
  const ticks = [...lastTicks.values()].reduce((sum, value) => sum + value, 0);
  const wall = (performance.now() - started) / 1000;
  const byKind = new Map<string, number>();
  for (const [pid, value] of lastTicks) byKind.set(kindOf.get(pid)!, (byKind.get(kindOf.get(pid)!) ?? 0) + value);
  const breakdown = [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.error(breakdown.map(([name, value]) => `  ${(value / TICKS_PER_SECOND).toFixed(1).padStart(7)}  ${name}`).join("\n"));
  console.error(`cpu-seconds: ${(ticks / TICKS_PER_SECOND).toFixed(1)} in ${wall.toFixed(1)} s of wall`);
  process.exit(code ?? 1);
});
