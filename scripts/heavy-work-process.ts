// Builds the heavy-work process (server/heavy-work/process.ts, docs/decisions/0044) to
// build/server/heavy-work.js, beside the server's bundle, which forks it from there: a child
// process runs a file of its own, and the server's bundle is one file (decision 0001).
import { build } from "rolldown";

const outFile = "build/server/heavy-work.js";
await build({
  input: "server/heavy-work/process.ts",
  platform: "node",
  // sharp, satori and the other packages stay imports, found in node_modules as the bundle's are;
  // only the project's own modules (#app/…, #server/…) are bundled.
  external: [/^[^.#/]/],
  output: { file: outFile, format: "esm" },
  logLevel: "warn",
});
console.log(`heavy-work-process: wrote ${outFile}`);
