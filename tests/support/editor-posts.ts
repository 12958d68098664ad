import type { InboxBrowser } from "#tests/support/inbox-browser.ts";

/** The article editor's fields for a draft, as its form posts them; `changes` over them. */
export const articleDraft = (slug: string, changes: Record<string, string> = {}): Record<string, string> => ({
  intent: "save",
  version: "0",
  title: "A chart of search budgets",
  slug,
  excerpt: "What a month of search spend buys, drawn.",
  category: "Google Ads",
  author: "lindiwe-dlamini",
  keywords: "",
  seoTitle: "",
  seoDescription: "",
  imagePath: "",
  imageAlt: "A yellow sun over a blue sea",
  body: "## The chart\n\nTyped with care, not to be lost.",
  readTime: "",
  publishAt: "",
  ...changes,
});

export interface EditorFile {
  name: string;
  type: string;
  bytes: Uint8Array;
  /** The file input it is posted in: the article editor's `imageFile` unless named (a case study row's). */
  field?: string;
}

export interface EditorAnswer {
  status: number;
  location: string | null;
  retryAfter: string | null;
  /** The page as text, without React's comment markers between adjacent texts. */
  text: string;
}

/**
 * An editor's form with an image (the article editor's, the case studies') posted as a browser without JavaScript posts it
 * (multipart, with the file input's file or an empty one), by `editor`; the
 * form's token read once per editor, as it is the session's; `signal` gives up waiting for the answer.
 */
export async function postEditor(
  editor: InboxBrowser,
  path: string,
  fields: Record<string, string>,
  file?: EditorFile | EditorFile[],
  signal?: AbortSignal,
): Promise<EditorAnswer> {
  const form = new FormData();
  form.set("csrf", await csrfOf(editor));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  // A list's rows each have a file input: several files, each in its own.
  for (const one of Array.isArray(file) ? file : [file])
    form.append(one?.field ?? "imageFile", one ? new Blob([new Uint8Array(one.bytes)], { type: one.type }) : new Blob([]), one?.name ?? "");
  const res = await fetch(`${editor.siteUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    body: form,
    signal,
    headers: { "x-forwarded-for": editor.address, "user-agent": editor.userAgent, cookie: editor.cookieHeader(), origin: editor.siteUrl },
  });
  return {
    status: res.status,
    location: res.headers.get("location"),
    retryAfter: res.headers.get("retry-after"),
    text: (await res.text()).replaceAll("<!-- -->", ""),
  };
}

const tokens = new WeakMap<InboxBrowser, Promise<string>>();

/** The form token `editor`'s posts carry, read once (the session's). */
export function csrfOf(editor: InboxBrowser): Promise<string> {
  let token = tokens.get(editor);
  if (!token) tokens.set(editor, (token = editor.csrf("/admin/articles/new")));
  return token;
}
