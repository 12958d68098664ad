import { createHash } from "node:crypto";
import { basename } from "node:path";
import { build } from "rolldown";
import type { Plugin } from "vite";

/** `?inline-script`: one minified classic script as a string, run as the document is parsed; the CSP allows it by hash or nonce. */
const INLINE = "?inline-script";

/** `?script-file`: a file of the client build, cached for good: the page costs no bytes for it (decision 0043). */
const FILE = "?script-file";

export function inlineScripts(): Plugin {
  let root = process.cwd();
  let base = "/";
  const devFiles = new Map<string, string>();
  return {
    name: "inline-scripts",
    // Before Vite's own resolver, which would take the query for a plain module's.
    enforce: "pre",
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const code = devFiles.get(new URL(req.url ?? "/", "http://dev").pathname);
        if (code === undefined) return next();
        res.setHeader("Content-Type", "text/javascript; charset=utf-8");
        res.end(code);
      });
    },
    async resolveId(source, importer) {
      const suffix = suffixOf(source);
      if (!suffix) return undefined;
      const resolved = await this.resolve(source.slice(0, -suffix.length), importer);
      return resolved ? `\0${resolved.id}${suffix}` : undefined;
    },
    async load(id) {
      const suffix = id.startsWith("\0") ? suffixOf(id) : undefined;
      if (!suffix) return undefined;
      const input = id.slice(1, -suffix.length);
      const { output } = await build({
        input,
        cwd: root,
        write: false,
        platform: "browser",
        logLevel: "warn",
        // No comments at all, the minifier's `@__PURE__` marks among them: every byte is in every page.
        output: { format: "iife", minify: true, comments: false },
      });
      const [chunk] = output;
      for (const module of chunk.moduleIds) if (!module.startsWith("\0")) this.addWatchFile(module);
      // Nothing in the code may close the script element it is written into.
      const code = chunk.code.trim().replaceAll("</", "<\\/");
      if (suffix === INLINE) return `export default ${JSON.stringify(code)};`;
      // The server's and the browser's builds name the file alike; only the browser's writes it.
      const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
      const fileName = `assets/${basename(input).replace(/\.[cm]?[jt]s$/, "")}-${hash}.js`;
      if (this.environment.mode !== "build") devFiles.set(base + fileName, code);
      else if (this.environment.config.consumer === "client") this.emitFile({ type: "asset", fileName, source: code });
      return `export default ${JSON.stringify(base + fileName)};`;
    },
  };
}

const suffixOf = (id: string) => [INLINE, FILE].find((suffix) => id.endsWith(suffix));
