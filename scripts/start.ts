// npm start: builds when the sources changed since the last build, then serves it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const BUILD_MARKER = "build/server/index.js";
const SOURCES = ["app", "server", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const builtAt = existsSync(BUILD_MARKER) ? statSync(BUILD_MARKER).mtimeMs : 0;
if (builtAt < Math.max(...SOURCES.map(newestChange))) {
  console.log(builtAt ? "Sources changed since the last build: building" : "No build yet: building");
  const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const serve = spawnSync("node", ["server.ts", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(serve.status ?? 0);
