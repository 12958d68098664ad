// Builds the thread that reads the consultants' calendars (server/booking/ical-thread.ts) to
// build/server/ical-thread.js, beside the server's bundle, which starts it from there: a worker
// thread runs a file of its own, and the server's bundle is one file (decision 0001).
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
