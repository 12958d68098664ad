import { Readable } from "node:stream";
import busboy from "busboy";
import { MAX_BODY_BYTES, readForm } from "#server/http/request.ts";

// Streamed with busboy, so a post with an image is read inside its action after the session check (docs/decisions/0044).

const isMultipart = (request: Request) => (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");

function parserOf(request: Request, limits: busboy.Limits): { source: Readable; parser: busboy.Busboy } | null {
  if (!request.body || !isMultipart(request)) return null;
  try {
    const parser = busboy({ headers: { "content-type": request.headers.get("content-type")! }, limits });
    return { source: Readable.fromWeb(request.body as import("node:stream/web").ReadableStream), parser };
  } catch {
    return null;
  }
}

/** A multipart post is read only until that field, which the browser sends before any file; the rest is the action's. */
export async function readFormField(request: Request, name: string): Promise<string | undefined> {
  if (!isMultipart(request)) {
    const form = await readForm(request, new Set());
    const value = form.ok ? form.fields[name] : undefined;
    return typeof value === "string" ? value : undefined;
  }
  const parsing = parserOf(request, { fieldSize: MAX_BODY_BYTES, fields: 64, parts: 80 });
  if (!parsing) return undefined;
  const { source, parser } = parsing;
  return new Promise((resolve) => {
    let read = 0;
    let settled = false;
    const settle = (value: string | undefined) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy();
      resolve(value);
    };
    source.on("error", () => settle(undefined));
    parser.on("field", (field, value) => {
      if (field === name) settle(value);
    });
    parser.on("file", () => settle(undefined));
    parser.on("close", () => settle(undefined));
    parser.on("error", () => settle(undefined));
    source.pipe(parser);
    // After the parser's own listener: a chunk that carries the field is parsed before it is counted.
    source.on("data", (chunk: Buffer) => {
      read += chunk.byteLength;
      if (read > MAX_BODY_BYTES) settle(undefined);
    });
  });
}

export type MultipartRead =
  | { ok: true; fields: [string, string][]; file: { bytes: Buffer; truncated: boolean } | null }
  | { ok: false; status: 400 }
  | { ok: false; status: 413; cause: "field" | "body" };

/** Past `fileBytes` the file is marked truncated and the rest dropped, so the fields after it still arrive. */
export function readMultipart(
  request: Request,
  {
    fileField,
    fileBytes,
    fieldBytes,
    onFileChunk,
  }: { fileField: string; fileBytes: number; fieldBytes: number; onFileChunk(chunk: Buffer): void },
): Promise<MultipartRead> {
  const parsing = parserOf(request, { fileSize: fileBytes, files: 1, fields: 64, fieldSize: fieldBytes, parts: 80 });
  if (!parsing) return Promise.resolve({ ok: false, status: 400 });
  const { source, parser } = parsing;
  return new Promise((resolve) => {
    const fields: [string, string][] = [];
    let file: { chunks: Buffer[]; size: number; truncated: boolean } | null = null;
    let settled = false;
    const settle = (result: MultipartRead) => {
      if (settled) return;
      settled = true;
      if (!result.ok) {
        source.unpipe(parser);
        source.destroy();
      }
      resolve(result);
    };
    source.on("error", (error) =>
      settle(error instanceof RangeError ? { ok: false, status: 413, cause: "body" } : { ok: false, status: 400 }),
    );
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) settle({ ok: false, status: 413, cause: "field" });
      else fields.push([name, value]);
    });
    parser.on("file", (name, stream) => {
      if (name !== fileField || file) return void stream.resume();
      const current = { chunks: [] as Buffer[], size: 0, truncated: false };
      file = current;
      stream.on("data", (chunk: Buffer) => {
        current.chunks.push(chunk);
        current.size += chunk.byteLength;
        onFileChunk(chunk);
      });
      stream.on("limit", () => (current.truncated = true));
    });
    parser.on("close", () => {
      const chosen: { chunks: Buffer[]; size: number; truncated: boolean } | null = file;
      settle({
        ok: true,
        fields,
        file: chosen && chosen.size > 0 ? { bytes: Buffer.concat(chosen.chunks), truncated: chosen.truncated } : null,
      });
    });
    parser.on("error", () => settle({ ok: false, status: 400 }));
    source.pipe(parser);
  });
}
