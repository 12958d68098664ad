import type { Kysely, Selectable } from "kysely";
import { type Attribution, type ClickIds, leadChannel, type Touch } from "#app/lib/attribution.ts";
import type { LeadTable } from "#server/db/columns.ts";
import type { Database, LeadAttributionsTable } from "#server/db/schema.ts";

// Written in the lead's own transaction, so a lead never exists without the campaign that brought it.

type TouchName = LeadAttributionsTable["touch"];

function rowOf(table: LeadTable, leadId: number, name: TouchName, touch: Touch) {
  const ids = Object.keys(touch.clickIds).length ? JSON.stringify(touch.clickIds) : null;
  return {
    lead_table: table,
    lead_id: leadId,
    touch: name,
    at: new Date(touch.at),
    landing_page: touch.landing,
    referrer: touch.referrer,
    utm_source: touch.utm.utm_source ?? null,
    utm_medium: touch.utm.utm_medium ?? null,
    utm_campaign: touch.utm.utm_campaign ?? null,
    utm_term: touch.utm.utm_term ?? null,
    utm_content: touch.utm.utm_content ?? null,
    click_ids: ids,
  };
}

/** The inbox row was written by the lead table's trigger a moment before, in this transaction. */
export async function recordAttribution(
  trx: Kysely<Database>,
  table: LeadTable,
  leadId: number,
  attribution: Attribution | null | undefined,
): Promise<void> {
  const channel = leadChannel(attribution ?? null);
  if (attribution) {
    const touches = (["visit", "first", "last"] as const).flatMap((name) => {
      const touch = attribution[name];
      return touch ? [rowOf(table, leadId, name, touch)] : [];
    });
    await trx.insertInto("lead_attributions").values(touches).execute();
  }
  await trx
    .updateTable("leads")
    .set({ source: channel.source, medium: channel.medium, campaign: channel.campaign, marketing_consent: attribution?.marketing === true })
    .where("lead_table", "=", table)
    .where("lead_id", "=", leadId)
    .execute();
}

export interface StoredTouch {
  touch: TouchName;
  at: Date;
  landing: string;
  referrer: string | null;
  utm: Touch["utm"];
  clickIds: ClickIds;
}

function storedTouch(row: Selectable<LeadAttributionsTable>): StoredTouch {
  const utm: Touch["utm"] = {};
  for (const key of ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const) {
    const value = row[key];
    if (value) utm[key] = value;
  }
  let clickIds: ClickIds = {};
  try {
    clickIds = row.click_ids ? (JSON.parse(row.click_ids) as ClickIds) : {};
  } catch {
    // Written by this module as JSON; anything else is not worth failing a page for.
  }
  return { touch: row.touch, at: new Date(row.at), landing: row.landing_page, referrer: row.referrer, utm, clickIds };
}

const touchOrder: Record<TouchName, number> = { first: 0, last: 1, visit: 2 };

/** One query per lead table with its ids listed: a page's worth, as thousands would reach the databases' limits. */
export async function touchesOfMany(
  db: Kysely<Database>,
  leads: ReadonlyArray<{ table: LeadTable; id: number }>,
): Promise<Map<string, StoredTouch[]>> {
  const found = new Map<string, StoredTouch[]>();
  for (const [table, ofTable] of Map.groupBy(leads, (lead) => lead.table)) {
    const rows = await db
      .selectFrom("lead_attributions")
      .selectAll()
      .where("lead_table", "=", table)
      .where(
        "lead_id",
        "in",
        ofTable.map((lead) => lead.id),
      )
      .execute();
    for (const row of rows) {
      const key = `${row.lead_table}:${row.lead_id}`;
      found.set(key, [...(found.get(key) ?? []), storedTouch(row)]);
    }
  }
  for (const touches of found.values()) touches.sort((a, b) => touchOrder[a.touch] - touchOrder[b.touch]);
  return found;
}

export async function touchesOf(db: Kysely<Database>, table: LeadTable, leadId: number): Promise<StoredTouch[]> {
  return (await touchesOfMany(db, [{ table, id: leadId }])).get(`${table}:${leadId}`) ?? [];
}

export async function forgetAttribution(trx: Kysely<Database>, table: LeadTable, leadIds: readonly number[]): Promise<void> {
  if (leadIds.length) await trx.deleteFrom("lead_attributions").where("lead_table", "=", table).where("lead_id", "in", leadIds).execute();
}
