import path from "node:path";
import { build } from "rolldown";
import type { Plugin } from "vite";

const PREFIX = "inline-script:";

/**
 * `import code from "inline-script:app/lib/x.ts"`: the module bundled on its
 * own (with what it imports) into one minified classic script, as a string the
 * server writes into a page. Such a script runs as the document is parsed and
 * needs no request; the CSP allows it by its hash or the response's nonce.
 */
export function inlineScripts(): Plugin {
  let root = process.cwd();
  return {
    name: "inline-scripts",
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const entry = path.resolve(root, id.slice(PREFIX.length + 1));
      const { output } = await build({
        input: entry,
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
