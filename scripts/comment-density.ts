// Prints the share of non-blank lines that carry a comment, per top folder and per feature folder,
// and the worst files (issue 43, point 5). A line counts once however many comments it holds; a
// trailing comment counts its line. Comments are found by the TypeScript parser, so `//` inside a
// string or a URL is not one.
//
//   npm exec -- node scripts/comment-density.ts [--files N] [folder…]
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const DEFAULT_FOLDERS = ["app", "server", "scripts", "bench", "tests"];
const SOURCE = /\.(ts|tsx|js|mjs)$/;

type Count = { comment: number; total: number };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "node_modules" || name === "results" || name.startsWith(".")) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

function countFile(file: string): Count {
  const text = readFileSync(file, "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const commentLines = new Set<number>();
  const seen = new Set<number>();
  const mark = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      const first = source.getLineAndCharacterOfPosition(range.pos).line;
      const last = source.getLineAndCharacterOfPosition(range.end).line;
      for (let line = first; line <= last; line++) commentLines.add(line);
    }
  };
  // Tokens as well as nodes: a JSX comment `{/* … */}` sits in the trivia of its closing brace.
  const visit = (node: ts.Node) => {
    mark(ts.getLeadingCommentRanges(text, node.pos));
    mark(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  const lines = text.split("\n");
  const nonBlank = lines.filter((line) => line.trim() !== "").length;
  const comment = [...commentLines].filter((line) => (lines[line] ?? "").trim() !== "").length;
  return { comment, total: nonBlank };
}

const percent = ({ comment, total }: Count) => (total === 0 ? "-" : `${((100 * comment) / total).toFixed(1)}%`);
const row = (label: string, count: Count) =>
  `${label.padEnd(44)} ${String(count.comment).padStart(6)} / ${String(count.total).padStart(6)}  ${percent(count).padStart(6)}`;

const args = process.argv.slice(2);
const filesAt = args.indexOf("--files");
const worstCount = filesAt >= 0 ? Number(args[filesAt + 1]) : 15;
const folders = args.filter((arg, index) => index !== filesAt && index !== filesAt + 1);

const perFile = (folders.length > 0 ? folders : DEFAULT_FOLDERS)
  .flatMap((folder) => sourceFiles(path.join(root, folder)))
  .map((file) => ({ file: path.relative(root, file), ...countFile(file) }));

function groupBy(key: (file: string) => string) {
  const groups = new Map<string, Count>();
  for (const { file, comment, total } of perFile) {
    const group = groups.get(key(file)) ?? { comment: 0, total: 0 };
    groups.set(key(file), { comment: group.comment + comment, total: group.total + total });
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

const all = perFile.reduce((sum, file) => ({ comment: sum.comment + file.comment, total: sum.total + file.total }), {
  comment: 0,
  total: 0,
});
console.log(`${"folder".padEnd(44)} comment /  lines  share`);
for (const [folder, count] of groupBy((file) => file.split(path.sep)[0] ?? file)) console.log(row(folder, count));
console.log(row("all", all));
console.log("\nby feature folder");
const featureFolder = (file: string) => {
  const parts = file.split(path.sep);
  return parts.length > 2 ? parts.slice(0, parts[0] === "app" && parts.length > 3 ? 3 : 2).join("/") : parts[0] + "/*";
};
for (const [folder, count] of groupBy(featureFolder)) console.log(row(folder, count));
console.log(`\nworst files (over 20 lines)`);
for (const file of perFile
  .filter((entry) => entry.total > 20)
  .sort((a, b) => b.comment / b.total - a.comment / a.total)
  .slice(0, worstCount))
  console.log(row(file.file, file));
