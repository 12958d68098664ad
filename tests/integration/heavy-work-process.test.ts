import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { OG_HEIGHT, OG_WIDTH } from "#app/lib/og.ts";
import { HeavyWork, type HeavyWorkSettings } from "#server/heavy-work/heavy-work.ts";
import { waitFor } from "#tests/support/leads.ts";
import { allowConsoleError } from "#tests/support/no-console-errors.ts";

/**
 * The heavy-work process itself (server/heavy-work/, docs/decisions/0044), started from its
 * source as the development server starts it: at the niceness asked, with none of the server's
 * settings; one job at a time, a bounded queue, a time limit, and a new process after one dies.
 */

const root = path.resolve(import.meta.dirname, "../..");
const running: HeavyWork[] = [];

function heavyWork(settings: Partial<HeavyWorkSettings> = {}): HeavyWork {
  const work = new HeavyWork({
    module: new URL("server/heavy-work/process.ts", `file://${root}/`),
    threads: 2,
    nice: 0,
    queueLimit: 20,
    timeoutMs: 60_000,
    ...settings,
  });
  running.push(work);
  return work;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((work) => work.stop()));
});

/** The processes this test process has started (Linux: each thread's children). */
function children(): number[] {
  const tasks = `/proc/${process.pid}/task`;
  return readdirSync(tasks).flatMap((task) => readFileSync(`${tasks}/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number));
}

/** The heavy-work process among them: its title says so. */
const heavyProcess = () =>
  children().find((pid) => existsSync(`/proc/${pid}/cmdline`) && /heavy.work/.test(readFileSync(`/proc/${pid}/cmdline`, "utf8")));

const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const small = (n: number) =>
  sharp({ create: { width: 160, height: 120, channels: 3, background: { r: n, g: 10, b: 200 } } })
    .png()
    .toBuffer();
/** A photo-sized file of noise: seconds of encoding on any machine. */
const noisy = () =>
  sharp(randomBytes(2000 * 1500 * 3), { raw: { width: 2000, height: 1500, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();

describe("the heavy-work process", () => {
  it("runs at the niceness asked, every thread of it, and holds none of the server's settings", async () => {
    const work = heavyWork({ nice: 19 });
    const made = await work.run("image", { bytes: await small(1) });
    expect(made.ok).toBe(true);
    const pid = heavyProcess()!;
    expect(pid).toBeGreaterThan(0);
    const tasks = readdirSync(`/proc/${pid}/task`);
    // The niceness is the 19th field of a thread's stat (the 17th after the command's parenthesis).
    const niceness = tasks.map((task) => Number(readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8").split(") ")[1]!.split(" ")[16]));
    expect(niceness).toEqual(tasks.map(() => 19));
    // Its pool's size, and Node's own description of the channel to its parent.
    const environment = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean);
    expect(environment.filter((entry) => !entry.startsWith("NODE_CHANNEL_"))).toEqual(["UV_THREADPOOL_SIZE=2"]);
  });

  it("draws a social card", async () => {
    const png = await heavyWork().run("card", {
      pagePath: "/blog/a-new-article",
      title: "A new article, drawn off the server's threads",
      fontDir: path.join(root, "node_modules/@fontsource/inter/files"),
      logoFile: path.join(root, "public/favicon.svg"),
    });
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: OG_WIDTH, height: OG_HEIGHT });
  });

  it("refuses a job that may be refused once its queue is full, and does the others in turn", async () => {
    const work = heavyWork({ queueLimit: 2 });
    await work.run("image", { bytes: await small(2) });
    const images = await Promise.all([3, 4, 5, 6].map(small));
    // The first is sent to the process at once; two wait; the fourth finds the queue full.
    const outcomes = await Promise.allSettled(images.map((bytes) => work.run("image", { bytes }, { refusable: true })));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected"]);
    expect((outcomes[3] as PromiseRejectedResult).reason).toMatchObject({ name: "HeavyWorkRefused", problem: "busy" });
    // A job run without `refusable` (a social card: the server needs it) waits its turn however long the queue.
    const more = await Promise.all([7, 8, 9].map(small));
    const waited = await Promise.all(more.map((bytes) => work.run("image", { bytes })));
    expect(waited.map((made) => made.ok)).toEqual([true, true, true]);
  });

  it("ends a process past its time: that job fails, the next starts a new process", async () => {
    allowConsoleError(/^Heavy work: a job \(image\) took over 1000 ms; process \d+ ended$/);
    const work = heavyWork({ timeoutMs: 1000 });
    await work.run("image", { bytes: await small(10) });
    const first = heavyProcess()!;
    await expect(work.run("image", { bytes: await noisy() })).rejects.toMatchObject({ problem: "timeout" });
    await waitFor(() => !existsSync(`/proc/${first}`) || undefined, "the process past its time to be gone");
    expect((await work.run("image", { bytes: await small(11) })).ok).toBe(true);
    expect(heavyProcess()).not.toBe(first);
  });

  it("fails the job of a process that dies, and starts a new one for the next", async () => {
    allowConsoleError(/^Heavy work: process \d+ was ended by SIGKILL during a job \(image\); the next job starts another$/);
    const work = heavyWork();
    await work.run("image", { bytes: await small(12) });
    const first = heavyProcess()!;
    const before = cpuMs(first);
    const dying = work.run("image", { bytes: await noisy() });
    await waitFor(() => cpuMs(first) > before + 50 || undefined, "the process to work on the job");
    process.kill(first, "SIGKILL");
    await expect(dying).rejects.toMatchObject({ problem: "crashed" });
    expect((await work.run("image", { bytes: await small(13) })).ok).toBe(true);
    expect(heavyProcess()).not.toBe(first);
  });
});
