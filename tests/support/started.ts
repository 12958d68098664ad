/**
 * How long a process the tests start (the built server, nginx, radicale) may take to answer
 * before its test fails. A start is a state the helpers wait for, not a time: a process that
 * exits fails its test at once, and a machine loaded by the suite itself has taken 23-50 s for a
 * start that takes 2 s when quiet, so only a process that hangs waits this long (decision 0050).
 */
export const START_DEADLINE_MS = Number(process.env.TEST_START_DEADLINE_MS ?? 120_000);

/**
 * Resolves once `ready()` is true, asking again at 50 ms and then less often (a loaded
 * machine needs its cores for the start, not for the asking); throws with `output()` as soon
 * as the process has exited, or at the deadline.
 */
export async function untilStarted(
  name: string,
  { ready, exitCode, output }: { ready: () => Promise<boolean>; exitCode: () => number | null; output: () => string },
): Promise<void> {
  const deadline = Date.now() + START_DEADLINE_MS;
  for (let pause = 50; ; pause = Math.min(pause * 1.5, 500)) {
    if (exitCode() !== null) throw new Error(`${name} exited with ${exitCode()}:\n${output()}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${name} did not start within ${START_DEADLINE_MS / 1000} s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
