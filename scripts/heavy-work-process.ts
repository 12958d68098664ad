// Builds the heavy-work process beside the server's one-file bundle (decisions 0001, 0044): a fork runs a file of its own.
import { build } from "rolldown";

const outFile = "build/server/heavy-work.js";
await build({
  input: "server/heavy-work/process.ts",
  platform: "node",
  // Packages stay imports; only the project's own modules are bundled.
  external: [/^[^.#/]/],
  output: { file: outFile, format: "esm" },
  logLevel: "warn",
});
console.log(`heavy-work-process: wrote ${outFile}`);
