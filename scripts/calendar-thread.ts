// Builds server/booking/ical-thread.ts beside the server's one-file bundle (decision 0001): a worker runs a file of its own.
import path from "node:path";
import { build } from "rolldown";

const outFile = "build/server/ical-thread.js";
await build({
  input: "server/booking/ical-thread.ts",
  platform: "node",
  // Packages stay imports, found in node_modules as the bundle's are (ical.js is a dependency).
  external: (id) => !id.startsWith(".") && !id.startsWith("#") && !path.isAbsolute(id),
  output: { file: outFile, format: "esm" },
  logLevel: "warn",
});
console.log(`calendar-thread: wrote ${outFile}`);
