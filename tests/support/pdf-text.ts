import { inflateSync } from "node:zlib";

/** The text a PDF shows: pdf-lib writes each line as a hex string in a compressed content stream. */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const match of pdf.toString("latin1").matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)) {
      lines.push(new TextDecoder("windows-1252").decode(Buffer.from(hex[1]!, "hex")));
    }
  }
  return lines.join("\n");
}
