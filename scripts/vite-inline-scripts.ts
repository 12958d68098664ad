import { build } from "rolldown";
import type { Plugin } from "vite";

const SUFFIX = "?inline-script";

/**
 * `import code from "./x.ts?inline-script"`: the module bundled on its own
 * (with what it imports) into one minified classic script, as a string the
 * server writes into a page. Such a script runs as the document is parsed and
 * needs no request; the CSP allows it by its hash or the response's nonce.
 */
export function inlineScripts(): Plugin {
  let root = process.cwd();
  return {
    name: "inline-scripts",
    // Before Vite's own resolver, which would take the query for a plain module's.
    enforce: "pre",
    configResolved(config) {
      root = config.root;
    },
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return undefined;
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer);
      return resolved ? `\0${resolved.id}${SUFFIX}` : undefined;
    },
    async load(id) {
      if (!id.startsWith("\0") || !id.endsWith(SUFFIX)) return undefined;
      const { output } = await build({
        input: id.slice(1, -SUFFIX.length),
        cwd: root,
        write: false,
        platform: "browser",
        logLevel: "warn",
        output: { format: "iife", minify: true },
      });
      const [chunk] = output;
      for (const module of chunk.moduleIds) if (!module.startsWith("\0")) this.addWatchFile(module);
      // Nothing in the code may close the script element it is written into.
      return `export default ${JSON.stringify(chunk.code.trim().replaceAll("</", "<\\/"))};`;
    },
  };
}
