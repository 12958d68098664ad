import type { Reporter, TestCase, TestModule, TestSuite } from "vitest/node";
import { writeFileSeconds } from "#tests/support/slowest-first.ts";

/**
 * Prints, after the run, each project's files, tests and the time its files
 * took added up, and the slowest files: where the suite's minutes go. Files
 * run two at a time (vitest.config.ts), so the wall time is about half the sum.
 * Then what was skipped, by the block that skipped it: a skipped block names why
 * (PostgreSQL not configured, nginx missing), so a run that checked less says so.
 */
export default class TimingReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const projects = new Map<string, { files: number; tests: number; ms: number }>();
    for (const module of modules) {
      const name = module.project.name || "default";
      const entry = projects.get(name) ?? { files: 0, tests: 0, ms: 0 };
      entry.files += 1;
      entry.tests += [...module.children.allTests()].length;
      entry.ms += module.diagnostic().duration;
      projects.set(name, entry);
    }
    const slowest = [...modules].sort((a, b) => b.diagnostic().duration - a.diagnostic().duration).slice(0, 8);
    const lines = [
      "",
      "== time of each project (s, its files added up)",
      ...[...projects].map(
        ([name, p]) => `  ${name.padEnd(12)} ${(p.ms / 1000).toFixed(1).padStart(7)}  ${p.files} files, ${p.tests} tests`,
      ),
      "   slowest files:",
      ...slowest.map((m) => `  ${(m.diagnostic().duration / 1000).toFixed(1).padStart(7)}  ${m.project.name} ${m.relativeModuleId}`),
    ];
    const skipped = new Map<string, { count: number; first: string }>();
    for (const module of modules) {
      for (const test of module.children.allTests("skipped")) {
        // The outermost block, whose name says why it skips; a lone test's own name does.
        let block: TestCase | TestSuite = test;
        while (block.parent.type === "suite") block = block.parent;
        const key = `${module.project.name} ${module.relativeModuleId} > ${block.name}`;
        const entry = skipped.get(key) ?? { count: 0, first: test.name };
        entry.count += 1;
        skipped.set(key, entry);
      }
    }
    if (skipped.size) {
      const total = [...skipped.values()].reduce((sum, { count }) => sum + count, 0);
      lines.push(
        `== skipped: ${total} tests`,
        // A lone skipped test of a block may be the one that says why.
        ...[...skipped].map(
          ([where, { count, first }]) =>
            `  ${String(count).padStart(4)}  ${where}${count === 1 && !where.endsWith(first) ? ` > ${first}` : ""}`,
        ),
      );
    }
    process.stdout.write(`${lines.join("\n")}\n`);
    // The order of the next runs (tests/support/slowest-first.ts), recorded on request: a run of one file would skew it.
    if (process.env.TEST_FILE_SECONDS === "write") {
      writeFileSeconds(Object.fromEntries(modules.map((m) => [m.relativeModuleId, Math.round(m.diagnostic().duration / 100) / 10])));
    }
  }
}
