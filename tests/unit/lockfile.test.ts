import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// This machine's registry lacks some other-platform binaries, so `npm install` can
// leave them out of the lock file, and then `npm ci` (CI, a fresh machine) refuses
// to install. Every optional dependency must have its entry.
describe("package-lock.json", () => {
  it("lists every optional dependency, so npm ci installs on a fresh machine", () => {
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
      packages: Record<string, { optionalDependencies?: Record<string, string> }>;
    };
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((dep) => !lock.packages[`node_modules/${dep}`] && !lock.packages[`${path}/node_modules/${dep}`])
        .map((dep) => `${dep} (of ${path || "the project"})`),
    );
    expect(missing).toEqual([]);
  });
});
