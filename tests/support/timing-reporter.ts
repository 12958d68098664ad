import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints, after the run, each project's files, tests and the time its files
 * took added up, and the slowest files: where the suite's minutes go. Files
 * run two at a time (vitest.config.ts), so the wall time is about half the sum.
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
    process.stdout.write(`${lines.join("\n")}\n`);
  }
}
