import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Seconds each file took in the last full run recorded (TEST_FILE_SECONDS=write npm test), by its path from the root. */
const FILE_SECONDS = path.resolve(import.meta.dirname, "../file-seconds.json");

function readFileSeconds(): Record<string, number> {
  return existsSync(FILE_SECONDS) ? (JSON.parse(readFileSync(FILE_SECONDS, "utf8")) as Record<string, number>) : {};
}

export function writeFileSeconds(seconds: Record<string, number>): void {
  const sorted = Object.entries({ ...readFileSeconds(), ...seconds }).sort(([a], [b]) => a.localeCompare(b));
  writeFileSync(FILE_SECONDS, `${JSON.stringify(Object.fromEntries(sorted), null, 2)}\n`);
}

/**
 * The longest files of each group first, by the recorded seconds rather than Vitest's own cache, which a
 * fresh clone lacks: it then orders by file size, and a short file that drives a browser for minutes
 * (first-press) started last and ran alone while the other core idled until the group ended.
 * Files not yet recorded follow, in Vitest's order.
 */
export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = readFileSeconds();
    const root = this.ctx.config.root;
    const cost = (spec: TestSpecification) => seconds[path.relative(root, spec.moduleId)] ?? 0;
    return (await super.sort(files)).sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        (a.project.name === b.project.name ? 0 : a.project.name < b.project.name ? -1 : 1) ||
        cost(b) - cost(a),
    );
  }
}
