// The heavy-work process (docs/decisions/0044): started by server/heavy-work/heavy-work.ts with
// child_process.fork, it does the work that decodes, encodes and lays out, one job at a time, in
// the order asked. A process of its own, because a worker thread would share the server's libuv
// pool, where a lead's disk sync waits. Built on its own to build/server/heavy-work.js
// (scripts/heavy-work-process.ts), as the server's bundle is one file; the development server
// starts this source file itself.
import { readdirSync } from "node:fs";
import { setPriority } from "node:os";
import sharp from "sharp";
import { processUpload } from "#server/articles/images.ts";
import { type CardDrawer, cardDrawer } from "#server/social-card.ts";

/** A social card to draw, with where its fonts and logo are read from. */
interface CardInput {
  pagePath: string;
  title: string;
  fontDir: string;
  logoFile: string;
}

/** Drawers by their fonts and logo: each reads its files once. */
const drawers = new Map<string, CardDrawer>();

/** What this process does, by kind: the server asks for a kind with its input and gets the output back. */
const kinds = {
  /** An editor's upload checked, decoded and made into its variants (server/articles/images.ts). */
  image: ({ bytes }: { bytes: Uint8Array }) => processUpload(bytes),
  /** An article's social card (server/social-card.ts). */
  card: async ({ pagePath, title, fontDir, logoFile }: CardInput): Promise<Uint8Array> => {
    const key = `${fontDir}\n${logoFile}`;
    let draw = drawers.get(key);
    if (!draw) drawers.set(key, (draw = cardDrawer({ fontDir, logoFile })));
    return draw(pagePath, title);
  },
};

export type HeavyKind = keyof typeof kinds;
export type HeavyInput<K extends HeavyKind> = Parameters<(typeof kinds)[K]>[0];
export type HeavyOutput<K extends HeavyKind> = Awaited<ReturnType<(typeof kinds)[K]>>;
export type HeavyJob = { [K in HeavyKind]: { id: number; kind: K; input: HeavyInput<K> } }[HeavyKind];
/** A job's answer, or the first message: the process is ready for jobs. */
export type HeavyAnswer = { ready: true } | { id: number; output: HeavyOutput<HeavyKind> } | { id: number; error: string };

/** Every thread this process has so far, at `nice`; the threads started later (libuv's, libvips') inherit it. */
function lowerPriority(nice: number): void {
  let tasks: string[];
  try {
    tasks = readdirSync("/proc/self/task");
  } catch {
    // Elsewhere than Linux, the process's main thread alone.
    return setPriority(nice);
  }
  for (const task of tasks) {
    try {
      setPriority(Number(task), nice);
    } catch {
      // A thread that ended meanwhile.
    }
  }
}

function answer(message: HeavyAnswer): void {
  process.send?.(message);
}

// Only in a process started with a channel to its parent (fork), as the heavy-work process is.
if (process.send) {
  process.title = "roi-site heavy work";
  const [nice] = process.argv.slice(2).map(Number);
  lowerPriority(nice ?? 19);
  // One libvips thread per image: how many images are worked on at once is the size of this
  // process's libuv pool (UV_THREADPOOL_SIZE, HEAVY_WORK_THREADS), where sharp runs its work.
  sharp.concurrency(1);
  // Each upload is decoded once: nothing to keep for a next time.
  sharp.cache(false);
  process.on("message", async (job: HeavyJob) => {
    try {
      const output = await (kinds[job.kind] as (input: HeavyInput<HeavyKind>) => Promise<HeavyOutput<HeavyKind>>)(job.input);
      answer({ id: job.id, output });
    } catch (error) {
      answer({ id: job.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  // The server gone (or done with this process): nothing is left to do.
  process.on("disconnect", () => process.exit(0));
  answer({ ready: true });
}
