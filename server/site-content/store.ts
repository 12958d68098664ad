import type { Kysely } from "kysely";
import { type Actor, recordAudit } from "#server/audit/audit.ts";
import type { Database } from "#server/db/schema.ts";
import type { ContentKind } from "#server/site-content/kinds.ts";

/**
 * The site's editable content as records (docs/decisions/0052): one document
 * per kind, saved only over the version the editor opened, each save and
 * restore a revision (who, when, what) in the same transaction.
 */

/** Who the first revision names: the words a new site starts with. */
export const SPEC_AUTHOR = "SPEC.md";

export interface ContentRecord {
  kind: ContentKind;
  document: string;
  version: number;
  updatedAt: Date;
  updatedBy: string;
}

export type ContentSaveResult =
  | { ok: true; version: number }
  | { ok: false; problem: "conflict"; by: string; at: Date; version: number }
  | { ok: false; problem: "missing" };

const toDate = (value: Date | string) => new Date(value);

/**
 * Writes `document` as the kind's first version when it has none: SPEC.md's
 * content, at the first start. Instances starting together write it once.
 */
export async function seedContent(db: Kysely<Database>, kind: ContentKind, document: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("site_content")
      .values({ kind, document, version: 1, updated_at: now, updated_by: SPEC_AUTHOR })
      .onConflict((oc) => oc.column("kind").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await trx
      .insertInto("site_content_revisions")
      .values({ kind, version: 1, document, action: "Started with SPEC.md's content", saved_at: now, saved_by: SPEC_AUTHOR })
      .execute();
  });
}

export async function findContent(db: Kysely<Database>, kind: ContentKind): Promise<ContentRecord | undefined> {
  const row = await db.selectFrom("site_content").selectAll().where("kind", "=", kind).executeTakeFirst();
  return row && { kind, document: row.document, version: row.version, updatedAt: toDate(row.updated_at), updatedBy: row.updated_by };
}

/** Saves `document` over version `expected`, refused when someone saved since; audited. */
export function saveContent(
  db: Kysely<Database>,
  kind: ContentKind,
  expected: number,
  document: string,
  actor: Actor,
  now = new Date(),
): Promise<ContentSaveResult> {
  return db.transaction().execute((trx) => saveIn(trx, kind, expected, document, actor, now, "Saved"));
}

async function saveIn(
  trx: Kysely<Database>,
  kind: ContentKind,
  expected: number,
  document: string,
  actor: Actor,
  now: Date,
  action: string,
): Promise<ContentSaveResult> {
  const version = expected + 1;
  const updated = await trx
    .updateTable("site_content")
    .set({ document, version, updated_at: now, updated_by: actor.name })
    .where("kind", "=", kind)
    .where("version", "=", expected)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    const winner = await findContent(trx, kind);
    if (!winner) return { ok: false, problem: "missing" };
    return { ok: false, problem: "conflict", by: winner.updatedBy, at: winner.updatedAt, version: winner.version };
  }
  await trx.insertInto("site_content_revisions").values({ kind, version, document, action, saved_at: now, saved_by: actor.name }).execute();
  await recordAudit(
    trx,
    actor,
    { action: `site-content-${action === "Saved" ? "save" : "restore"}`, detail: `${action}: ${kind}, version ${version}` },
    now,
  );
  return { ok: true, version };
}

export interface ContentRevision {
  id: number;
  version: number;
  action: string;
  savedAt: Date;
  savedBy: string;
}

/**
 * A previewed edit: kept as a revision of its own, which no version is and the list of revisions leaves out,
 * so a preview link shows what was typed then however the content changes after (decision 0052).
 */
export const PREVIEW_ACTION = "Previewed, not saved";

export async function addPreviewDraft(
  db: Kysely<Database>,
  kind: ContentKind,
  version: number,
  document: string,
  actor: Actor,
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("site_content_revisions")
      .values({ kind, version, document, action: PREVIEW_ACTION, saved_at: now, saved_by: actor.name })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: "site-content-preview", detail: `made a preview link to an edit of ${kind}` }, now);
    return id;
  });
}

export async function findPreviewDraft(db: Kysely<Database>, id: number): Promise<{ kind: string; document: string } | undefined> {
  return db
    .selectFrom("site_content_revisions")
    .select(["kind", "document"])
    .where("id", "=", id)
    .where("action", "=", PREVIEW_ACTION)
    .executeTakeFirst();
}

/** Newest first. */
export async function listContentRevisions(db: Kysely<Database>, kind: ContentKind): Promise<ContentRevision[]> {
  const rows = await db
    .selectFrom("site_content_revisions")
    .select(["id", "version", "action", "saved_at", "saved_by"])
    .where("kind", "=", kind)
    .where("action", "!=", PREVIEW_ACTION)
    .orderBy("version", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    action: row.action,
    savedAt: toDate(row.saved_at),
    savedBy: row.saved_by,
  }));
}

/** Puts revision `revisionId`'s document back as a new version (and revision) over version `expected`. */
export async function restoreContent(
  db: Kysely<Database>,
  kind: ContentKind,
  revisionId: number,
  expected: number,
  actor: Actor,
  now = new Date(),
): Promise<ContentSaveResult> {
  return db.transaction().execute(async (trx) => {
    const revision = await trx
      .selectFrom("site_content_revisions")
      .select(["document", "version"])
      .where("id", "=", revisionId)
      .where("kind", "=", kind)
      .where("action", "!=", PREVIEW_ACTION)
      .executeTakeFirst();
    if (!revision) return { ok: false, problem: "missing" } as const;
    return saveIn(trx, kind, expected, revision.document, actor, now, `Restored version ${revision.version}`);
  });
}
