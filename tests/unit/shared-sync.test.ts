import { describe, expect, it } from "vitest";
import { sharedSync } from "#server/db/group-commit.ts";

/** A sync that finishes when the test says. */
function controlledSync() {
  const started: Array<{ done(): void; fail(error: Error): void }> = [];
  const sync = () => new Promise<void>((resolve, reject) => started.push({ done: resolve, fail: reject }));
  return { started, sync };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("sharedSync", () => {
  it("answers each caller with a sync begun after it asked, one at a time, shared by those who wait", async () => {
    const { started, sync } = controlledSync();
    const shared = sharedSync(sync);
    const answered: string[] = [];
    const first = shared().then(() => answered.push("first"));
    // These asked while the first sync ran: it may have begun before their commits.
    const second = shared().then(() => answered.push("second"));
    const third = shared().then(() => answered.push("third"));
    expect(started).toHaveLength(1);
    started[0]!.done();
    await first;
    await tick();
    expect(answered).toEqual(["first"]);
    expect(started).toHaveLength(2);
    started[1]!.done();
    await Promise.all([second, third]);
    expect(answered).toEqual(["first", "second", "third"]);
  });

  it("passes a failed sync to its callers, and the next caller gets a new one", async () => {
    const { started, sync } = controlledSync();
    const shared = sharedSync(sync);
    const failing = shared();
    const waiting = shared();
    started[0]!.fail(new Error("EIO"));
    await expect(failing).rejects.toThrow("EIO");
    await tick();
    started[1]!.done();
    await expect(waiting).resolves.toBeUndefined();
    const later = shared();
    expect(started).toHaveLength(3);
    started[2]!.done();
    await expect(later).resolves.toBeUndefined();
  });
});
