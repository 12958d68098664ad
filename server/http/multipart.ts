import { Readable } from "node:stream";
import busboy from "busboy";
import { MAX_BODY_BYTES, readForm } from "#server/http/request.ts";

/**
 * Form posts with a file (the article editor's, multipart/form-data), read as
 * they stream with busboy: no more of the body is held than the text fields and
 * the one file kept, so a post with an image is read inside its route's action,
 * after the inbox's session check, as any other form is (docs/decisions/0044).
 */

const isMultipart = (request: Request) => (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");

/** A parser for the request's multipart body, or null when it is none (no body, no boundary). */
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
 * One text field of a form post, as the inbox's guard reads its token:
 * a urlencoded post read whole (at most MAX_BODY_BYTES, server/http/request.ts);
 * a multipart one only until that field, which must come before any file (the
 * browser sends fields in the form's order, the token first), and within
 * MAX_BODY_BYTES. The rest of the body is left for the action.
 */
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
  /** No multipart form. */
  | { ok: false; status: 400 }
  /** A text field over its limit, or the body over the server's (server/http/react-router-handler.ts). */
  | { ok: false; status: 413; cause: "field" | "body" };

/**
 * A multipart post's text fields (each at most `fieldBytes`) and the file of
 * `fileField`, of which at most `fileBytes` are kept, each chunk handed to
 * `onFileChunk` as it comes (to hash it); past that the file is marked
 * truncated and the rest read and dropped, so the fields after it (what was
 * typed) still arrive. An empty file part (a file input left empty) is none.
 */
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
      // Cut short, a field would be saved shorter than typed: refused instead.
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
