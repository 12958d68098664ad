import { expect } from "vitest";
import type { RunningServer } from "#tests/support/server.ts";

/** /healthz requests timed one after another for its usual time. */
const USUAL_SAMPLES = 40;

/** One /healthz request's time, to its whole answer. */
async function healthzMs(server: RunningServer): Promise<number> {
  const started = performance.now();
  const answer = await fetch(`${server.url}/healthz`).then(async (res) => [res.status, await res.json()]);
  expect(answer).toEqual([200, { status: "ok" }]);
  return performance.now() - started;
}

/**
 * How much longer /healthz's longest answer takes while `work` runs than its
 * usual longest, /healthz asked one request after another: a process held
 * for a stretch holds the request that arrives in it for as long. Measured
 * `runs` times, the best counts: what holds the process does so in every
 * run, the machine's other work (a loaded two-core machine runs other suites
 * beside this one) in some. `figures` says every run's times, for a message.
 */
export async function healthzHeldUp(
  server: RunningServer,
  work: () => Promise<unknown>,
  runs = 3,
): Promise<{ bestMs: number; figures: string }> {
  let bestMs = Number.POSITIVE_INFINITY;
  const figures: string[] = [];
  for (let run = 0; run < runs; run++) {
    const usual: number[] = [];
    for (let i = 0; i < USUAL_SAMPLES; i++) usual.push(await healthzMs(server));
    let settled = false;
    const done = work().finally(() => (settled = true));
    const during: number[] = [];
    do during.push(await healthzMs(server));
    while (!settled);
    await done;
    const longer = Math.max(...during) - Math.max(...usual);
    bestMs = Math.min(bestMs, longer);
    figures.push(`${Math.round(longer)} ms longer (usual ${usual.map(Math.round)}; during ${during.map(Math.round)})`);
  }
  return { bestMs, figures: figures.join("; ") };
}
