import { execFileSync } from "node:child_process";
import { builtinModules } from "node:module";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { enhanced, postLead, solveAltcha } from "#tests/support/leads.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * A server installs only `dependencies` (`npm ci --omit=dev`, as deploy/Dockerfile
 * does): the build must need nothing else.
 */

const repo = path.resolve(import.meta.dirname, "../..");
const manifest = JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")) as { dependencies: Record<string, string> };

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : full.endsWith(".js") ? [full] : [];
  });
}

/** The package a bare specifier names: `@scope/name` or `name`, without a subpath. */
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/**
 * Imports and re-exports of the generated ES modules (one statement per line
 * start, not minified), and dynamic imports of a literal.
 */
const IMPORTS = /^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']|\bimport\(\s*["']([^"'\s]+)["']\s*\)/gm;

describe("production dependencies", () => {
  it("names every package the server bundle imports in dependencies", () => {
    const builtins = new Set(builtinModules);
    const missing = new Map<string, string>();
    const seen = new Set<string>();
    for (const file of files(path.join(repo, "build/server"))) {
      for (const match of readFileSync(file, "utf8").matchAll(IMPORTS)) {
        const specifier = match[1] ?? match[2] ?? match[3]!;
        if (specifier.startsWith(".") || specifier.startsWith("node:") || builtins.has(specifier)) continue;
        const name = packageOf(specifier);
        seen.add(name);
        if (!(name in manifest.dependencies)) missing.set(name, path.relative(repo, file));
      }
    }
    expect([...seen], "the scan finds the bundle's imports").toEqual(expect.arrayContaining(["react-router", "express", "kysely", "pg"]));
    expect(Object.fromEntries(missing), "imported by the build but not in dependencies").toEqual({});
  });

  describe("installed alone", () => {
    let dir: string | undefined;
    let server: RunningServer | undefined;
    afterAll(async () => {
      await server?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("serves the build and stores a lead after npm ci --omit=dev", { timeout: 120_000 }, async () => {
      dir = mkdtempSync(path.join(tmpdir(), "site-production-"));
      for (const entry of ["package.json", "package-lock.json", "server.ts", "build"]) {
        cpSync(path.join(repo, entry), path.join(dir, entry), { recursive: true });
      }
      execFileSync("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], {
        cwd: dir,
        stdio: "pipe",
      });
      expect(readdirSync(path.join(dir, "node_modules"))).not.toContain("vite");

      server = await startServer({ ALTCHA_COST: "20" }, { cwd: dir });
      const email = `installed-${Date.now()}@example.co.za`;
      const answer = await postLead(server, "/blog", { email, ...enhanced(await solveAltcha(server)) });
      expect(answer.status).toBe(200);
      expect((await fetch(`${server.url}/contact`)).status).toBe(200);
    });
  });
});
