export const MAX_BODY_BYTES = 32 * 1024;
/**
 * A form without a file that holds a whole document (the site-content editors'; their paths are given it in
 * server/app.ts, every other path keeps the 32 KB above), and so what the inbox reads its token from.
 */
export const DOCUMENT_FORM_MAX_BYTES = 256 * 1024;

export type FormFields = Record<string, string | string[]>;

export type ReadResult = { ok: true; fields: FormFields } | { ok: false; status: 400 | 413 | 415 };

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | "too-large" | "broken"> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        return "too-large";
      }
      chunks.push(value);
    }
  } catch (error) {
    return error instanceof RangeError ? "too-large" : "broken";
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** Fields named in `lists` keep every value; the others keep their first. Files are ignored. `limit`: the body's bytes, at most. */
export async function readForm(request: Request, lists: ReadonlySet<string>, limit = MAX_BODY_BYTES): Promise<ReadResult> {
  const type = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.some((t) => type.toLowerCase().startsWith(t))) return { ok: false, status: 415 };
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limit) return { ok: false, status: 413 };
  const body = await readLimited(request, limit);
  if (body === "too-large") return { ok: false, status: 413 };
  if (body === "broken") return { ok: false, status: 400 };
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    return { ok: false, status: 415 };
  }
  const fields: FormFields = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    if (lists.has(name)) {
      const list = fields[name];
      fields[name] = Array.isArray(list) ? [...list, value] : [value];
    } else if (!(name in fields)) {
      fields[name] = value;
    }
  }
  return { ok: true, fields };
}

/** CSRF: Origin must be this site's; without it Sec-Fetch-Site must say same-origin; a client sending neither is no browser. */
export function isCrossSite(
  headers: { origin: string | undefined; fetchSite: string | undefined },
  siteUrl: string,
  requestOrigin: string,
): boolean {
  if (headers.origin) return headers.origin !== new URL(siteUrl).origin && headers.origin !== requestOrigin;
  return headers.fetchSite !== undefined && headers.fetchSite !== "same-origin" && headers.fetchSite !== "none";
}
