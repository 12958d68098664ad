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
function sample(root: number): void {
  for (const pid of tree(root)) {
    const stat = read(`/proc/${pid}/stat`);
    if (!stat) continue;
    // utime and stime: the 14th and 15th fields, counted after the name's closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    lastTicks.set(pid, Number(fields[11]) + Number(fields[12]));
  }
}

const started = performance.now();
const child = spawn(command, args, { stdio: "inherit" });
const timer = setInterval(() => sample(child.pid!), 200);
child.on("close", (code) => {
  clearInterval(timer);
  const ticks = [...lastTicks.values()].reduce((sum, value) => sum + value, 0);
  const wall = (performance.now() - started) / 1000;
  console.error(`cpu-seconds: ${(ticks / TICKS_PER_SECOND).toFixed(1)} in ${wall.toFixed(1)} s of wall`);
  process.exit(code ?? 1);
});
