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

/**
 * A multipart post is read only until that field, which the browser sends before any file; the rest is the
 * action's. Another is read whole, up to `limit` (the transport has cut it at its path's own already).
 */
export async function readFormField(request: Request, name: string, limit = MAX_BODY_BYTES): Promise<string | undefined> {
  if (!isMultipart(request)) {
    const form = await readForm(request, new Set(), limit);
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
  | { ok: true; fields: [string, string][]; file: { field: string; bytes: Buffer; truncated: boolean } | null; others: string[] }
  | { ok: false; status: 400 }
  | { ok: false; status: 413; cause: "field" | "fields" | "body" };

/**
 * Past `fileBytes` the file is marked truncated and the rest dropped, so the fields after it still arrive.
 * The first file input of `fileField` that holds a file is read: a list's rows each have one, posted empty
 * when nothing was chosen; any further one holding a file is dropped and named in `others`.
 */
export function readMultipart(
  request: Request,
  {
    fileField,
    fileBytes,
    fieldBytes,
    maxFields = 64,
    onFileChunk,
  }: {
    fileField: (name: string) => boolean;
    fileBytes: number;
    fieldBytes: number;
    maxFields?: number;
    onFileChunk(chunk: Buffer): void;
  },
): Promise<MultipartRead> {
  const maxFiles = Math.ceil(maxFields / 4);
  const parsing = parserOf(request, {
    fileSize: fileBytes,
    files: maxFiles,
    fields: maxFields,
    fieldSize: fieldBytes,
    parts: maxFields + maxFiles,
  });
  if (!parsing) return Promise.resolve({ ok: false, status: 400 });
  const { source, parser } = parsing;
  return new Promise((resolve) => {
    const fields: [string, string][] = [];
    const others = new Set<string>();
    let file: { field: string; chunks: Buffer[]; truncated: boolean } | null = null;
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
    // Dropped silently by busboy otherwise: a form of more fields is refused, never saved in part.
    for (const limit of ["fieldsLimit", "filesLimit", "partsLimit"] as const)
      parser.on(limit, () => settle({ ok: false, status: 413, cause: "fields" }));
    parser.on("file", (name, stream) => {
      if (!fileField(name)) return void stream.resume();
      // The first part whose bytes arrive is the file: the empty inputs before it send none. Judged by its bytes,
      // not at its start: a part's bytes may still wait in its stream when the next part starts.
      const part = { field: name, chunks: [] as Buffer[], truncated: false };
      stream.on("data", (chunk: Buffer) => {
        file ??= part;
        if (file !== part) return void others.add(name);
        part.chunks.push(chunk);
        onFileChunk(chunk);
      });
      stream.on("limit", () => (part.truncated = true));
    });
    parser.on("close", () => {
      const chosen: { field: string; chunks: Buffer[]; truncated: boolean } | null = file;
      settle({
        ok: true,
        fields,
        file: chosen && { field: chosen.field, bytes: Buffer.concat(chosen.chunks), truncated: chosen.truncated },
        others: [...others],
      });
    });
    parser.on("error", () => settle({ ok: false, status: 400 }));
    source.pipe(parser);
  });
}
