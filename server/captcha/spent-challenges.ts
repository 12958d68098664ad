import type { DatabaseHandle } from "#server/db/connect.ts";

/** Shared by every instance. */
export class SpentChallenges {
  readonly #handle: DatabaseHandle;

  constructor(handle: DatabaseHandle) {
    this.#handle = handle;
  }

  async spend(id: string, expiresAt: Date): Promise<boolean> {
    const result = await this.#handle.write((db) =>
      db
        .insertInto("spent_challenges")
        .values({ id, expires_at: expiresAt })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst(),
    );
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async sweep(now = new Date()): Promise<void> {
    await this.#handle.db.deleteFrom("spent_challenges").where("expires_at", "<", now).execute();
  }
}
