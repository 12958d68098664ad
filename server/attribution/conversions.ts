import { createHash } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { ClickIds } from "#app/lib/attribution.ts";
import { SAST_OFFSET_MS } from "#app/lib/sast.ts";
import type { Database } from "#server/db/schema.ts";
import type { LeadsTable } from "#server/db/inbox-tables.ts";
import { type Cursor, pagedAfter } from "#server/admin/filter.ts";
import { randOf } from "#server/admin/fields.ts";
import { keysetPages } from "#server/db/pages.ts";
import { touchesOfMany } from "#server/attribution/store.ts";

// Only leads whose visitor allowed marketing go to Google Ads; emails and phones hashed as Google specifies.

export const conversionNames = { qualified: "Qualified lead", won: "Won lead" } as const;
const converted = Object.keys(conversionNames) as Array<keyof typeof conversionNames>;

export const TIME_ZONE_ROW = ["Parameters:TimeZone=Africa/Johannesburg"];
export const CLICK_COLUMNS = ["Google Click ID", "Conversion Name", "Conversion Time", "Conversion Value", "Conversion Currency"];
export const ENHANCED_COLUMNS = ["Email", "Phone Number", "Conversion Name", "Conversion Time", "Conversion Value", "Conversion Currency"];
const CURRENCY = "ZAR";

/** SAST has no daylight saving. */
export function conversionTime(at: Date): string {
  return new Date(at.getTime() + SAST_OFFSET_MS).toISOString().replace("T", " ").slice(0, 19);
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** As Google normalises it before hashing. */
export function normalisedEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  const [name, domain] = [lower.slice(0, at), lower.slice(at + 1)];
  return domain === "gmail.com" || domain === "googlemail.com" ? `${name.replaceAll(".", "")}@${domain}` : lower;
}

/** E.164, as Google wants it before hashing. */
export function e164(phone: string | null): string | null {
  if (!phone) return null;
  // "+27 (0)82 ...": the (0) is the trunk prefix dialled at home only.
  const digits = phone.replace(/^(\s*(?:\+|00)\d{1,3})\s*\(0\)/, "$1").replace(/[\s().-]/g, "");
  let international: string;
  if (/^\+\d+$/.test(digits)) international = digits;
  else if (/^00\d+$/.test(digits)) international = `+${digits.slice(2)}`;
  else if (/^0\d{9}$/.test(digits)) international = `+27${digits.slice(1)}`;
  else return null;
  if (international.startsWith("+270")) international = `+27${international.slice(4)}`;
  return /^\+[1-9]\d{7,14}$/.test(international) ? international : null;
}

export const hashedEmail = (email: string) => sha256(normalisedEmail(email));
export const hashedPhone = (phone: string | null) => {
  const number = e164(phone);
  return number ? sha256(number) : "";
};

interface Conversion {
  name: string;
  time: string;
  value: string;
}

const CONVERSIONS_PAGE = 500;

/** Each status oldest first, its index's order, so a file of any size is as quick per row. */
async function* convertedLeads(db: Kysely<Database>) {
  for (const status of converted) {
    yield* keysetPages(
      CONVERSIONS_PAGE,
      (after: Cursor | undefined, size) =>
        pagedAfter(
          db
            .selectFrom("leads")
            .select(["id", "lead_table", "lead_id", "email", "phone", "status", "status_changed_at", "created_at", "value_cents"])
            .where("status", "=", status)
            .where("marketing_consent", "=", true),
          after,
          "newer",
        )
          .orderBy("created_at")
          .orderBy("id")
          .limit(size)
          .execute(),
      (lead) => ({ at: new Date(lead.created_at), id: lead.id }),
    );
  }
}

function conversionOf(lead: Pick<Selectable<LeadsTable>, "status" | "status_changed_at" | "created_at" | "value_cents">): Conversion {
  const status = lead.status as keyof typeof conversionNames;
  return {
    name: conversionNames[status],
    time: conversionTime(new Date(lead.status_changed_at ?? lead.created_at)),
    value: lead.value_cents === null ? "" : randOf(lead.value_cents),
  };
}

/** The latest campaign touch's click first. */
export function clickOf(touches: ReadonlyArray<{ touch: string; clickIds: ClickIds }>): string | undefined {
  return ["last", "first", "visit"].map((name) => touches.find((t) => t.touch === name)?.clickIds).find((ids) => ids?.gclid)?.gclid;
}

export async function* clickConversionRows(db: Kysely<Database>): AsyncGenerator<string[]> {
  for await (const leads of convertedLeads(db)) {
    const touches = await touchesOfMany(
      db,
      leads.map((lead) => ({ table: lead.lead_table, id: lead.lead_id })),
    );
    for (const lead of leads) {
      const gclid = clickOf(touches.get(`${lead.lead_table}:${lead.lead_id}`) ?? []);
      if (!gclid) continue;
      const conversion = conversionOf(lead);
      yield [gclid, conversion.name, conversion.time, conversion.value, conversion.value ? CURRENCY : ""];
    }
  }
}

export async function* enhancedConversionRows(db: Kysely<Database>): AsyncGenerator<string[]> {
  for await (const leads of convertedLeads(db)) {
    for (const lead of leads) {
      const conversion = conversionOf(lead);
      yield [
        hashedEmail(lead.email),
        hashedPhone(lead.phone),
        conversion.name,
        conversion.time,
        conversion.value,
        conversion.value ? CURRENCY : "",
      ];
    }
  }
}
