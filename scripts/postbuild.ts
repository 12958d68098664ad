import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { filesUnder } from "#server/files.ts";

const clientDir = path.resolve("build/client");
// Prerendered pages and their .data are stamped by the server, so they are compressed on the fly.
const compressible = /\.(js|css|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

let count = 0;
for (const file of filesUnder(clientDir)) {
  if (!compressible.test(file)) continue;
  const body = readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
}
console.log(`postbuild: precompressed ${count} files`);
