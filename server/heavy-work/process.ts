// A process of its own: a worker thread would share the server's libuv pool, where a lead's disk sync waits (decision 0044).
import { readdirSync } from "node:fs";
import { setPriority } from "node:os";
import sharp from "sharp";
import { processUpload } from "#server/articles/images.ts";
import { drawCompanyProfile, type ProfileContent } from "#server/company-profile/draw.ts";
import { type CardDrawer, cardDrawer } from "#server/social-card.ts";

interface CardInput {
  pagePath: string;
  title: string;
  fontDir: string;
  logoFile: string;
}

const drawers = new Map<string, CardDrawer>();

const kinds = {
  image: ({ bytes }: { bytes: Uint8Array }) => processUpload(bytes),
  card: async ({ pagePath, title, fontDir, logoFile }: CardInput): Promise<Uint8Array> => {
    const key = `${fontDir}\n${logoFile}`;
    let draw = drawers.get(key);
    if (!draw) drawers.set(key, (draw = cardDrawer({ fontDir, logoFile })));
    return draw(pagePath, title);
  },
  profile: (content: ProfileContent) => drawCompanyProfile(content),
};

export type HeavyKind = keyof typeof kinds;
export type HeavyInput<K extends HeavyKind> = Parameters<(typeof kinds)[K]>[0];
export type HeavyOutput<K extends HeavyKind> = Awaited<ReturnType<(typeof kinds)[K]>>;
export type HeavyJob = { [K in HeavyKind]: { id: number; kind: K; input: HeavyInput<K> } }[HeavyKind];
export type HeavyAnswer = { ready: true } | { id: number; output: HeavyOutput<HeavyKind> } | { id: number; error: string };

/** Threads started later (libuv's, libvips') inherit it. */
function lowerPriority(nice: number): void {
  let tasks: string[];
  try {
    tasks = readdirSync("/proc/self/task");
  } catch {
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

if (process.send) {
  process.title = "roi-site heavy work";
  const [nice] = process.argv.slice(2).map(Number);
  lowerPriority(nice ?? 19);
  // One libvips thread per image: UV_THREADPOOL_SIZE says how many images at once.
  sharp.concurrency(1);
  sharp.cache(false);
  process.on("message", async (job: HeavyJob) => {
    try {
      const output = await (kinds[job.kind] as (input: HeavyInput<HeavyKind>) => Promise<HeavyOutput<HeavyKind>>)(job.input);
      answer({ id: job.id, output });
    } catch (error) {
      answer({ id: job.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  process.on("disconnect", () => process.exit(0));
  answer({ ready: true });
}
