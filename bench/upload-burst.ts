// On a thread of its own, so the leads timed wait for the server, not for this process sending a hundred bodies.
import { parentPort, workerData } from "node:worker_threads";
import { articleDraft, csrfOf, type EditorFile, postEditor } from "#tests/support/editor-posts.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";

export interface BurstInput {
  siteUrl: string;
  address: string;
  cookies: [string, string][];
  files: EditorFile[];
}

const { siteUrl, address, cookies, files } = workerData as BurstInput;
const editor = new InboxBrowser(siteUrl, address);
for (const [name, value] of cookies) editor.cookies.set(name, value);
await csrfOf(editor);
parentPort!.postMessage("sending");
await Promise.all(
  files.map(async (file, i) => {
    const answer = await postEditor(editor, "/admin/articles/new", articleDraft(`burst-${i}`, { intent: "upload" }), file);
    parentPort!.postMessage(answer.status);
  }),
);
