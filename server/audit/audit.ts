import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

export interface Actor {
  userId: number | null;
  name: string;
}

export const COMMAND_LINE: Actor = { userId: null, name: "command line" };

export interface AuditEntry {
  id: number;
  at: Date;
  actor: string;
  action: string;
  detail: string;
  leadId: number | null;
}

export async function recordAudit(
  db: Kysely<Database>,
  actor: Actor,
  entry: { action: string; detail: string; leadId?: number | null },
  now = new Date(),
): Promise<void> {
  await db
    .insertInto("admin_audit_log")
    .values({
      created_at: now,
      user_id: actor.userId,
      actor: actor.name,
      action: entry.action,
      detail: entry.detail,
      lead_id: entry.leadId ?? null,
    })
    .execute();
}

/** So one sweep never holds the database long. */
const DELETE_BATCH = 500;

export async function deleteAuditUntil(db: Kysely<Database>, until: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db
      .deleteFrom("admin_audit_log")
      .where("id", "in", (eb) =>
        eb.selectFrom("admin_audit_log").select("id").where("created_at", "<=", until).orderBy("created_at").limit(DELETE_BATCH),
      )
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < DELETE_BATCH) return deleted;
  }
}

export async function listAudit(db: Kysely<Database>, limit: number, beforeId?: number): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom("admin_audit_log")
    .select(["id", "created_at", "actor", "action", "detail", "lead_id"])
    .$if(beforeId !== undefined, (qb) => qb.where("id", "<", beforeId!))
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: new Date(row.created_at),
    actor: row.actor,
    action: row.action,
    detail: row.detail,
    leadId: row.lead_id,
  }));
}

/** What the log says instead of a forgotten address: a keyed hash, the same for the same address. */
export function emailFingerprint(key: Buffer, email: string): string {
  return createHmac("sha256", key).update(email.trim().toLowerCase()).digest("hex").slice(0, 16);
}
