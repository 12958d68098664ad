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

/**
 * Conversions back to Google Ads: the leads the agency marked qualified or
 * won, as the two files Google Ads imports. Each conversion action must exist
 * in Google Ads under the name below (Goals → Conversions → Import).
 *
 * - Click conversions: Google's "Google Click ID" template, the time zone in
 *   its Parameters row, one row per lead that arrived with a gclid (kept only
 *   with the visitor's consent to marketing).
 * - Enhanced conversions for leads: the email and phone normalised and
 *   SHA-256 hashed as Google specifies, so no address leaves in clear.
 *
 * Both hold only leads whose visitor allowed marketing when they sent them
 * (the privacy notice says so): without that consent Google hears nothing.
 */

export const conversionNames = { qualified: "Qualified lead", won: "Won lead" } as const;
const converted = Object.keys(conversionNames) as Array<keyof typeof conversionNames>;

export const TIME_ZONE_ROW = ["Parameters:TimeZone=Africa/Johannesburg"];
export const CLICK_COLUMNS = ["Google Click ID", "Conversion Name", "Conversion Time", "Conversion Value", "Conversion Currency"];
export const ENHANCED_COLUMNS = ["Email", "Phone Number", "Conversion Name", "Conversion Time", "Conversion Value", "Conversion Currency"];
const CURRENCY = "ZAR";

/** "2026-11-24 14:30:00": the wall-clock time in the Parameters row's zone (SAST has no daylight saving). */
export function conversionTime(at: Date): string {
  return new Date(at.getTime() + SAST_OFFSET_MS).toISOString().replace("T", " ").slice(0, 19);
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * An email as Google normalises it before hashing: trimmed and lowercased;
 * for gmail.com and googlemail.com addresses the dots of the name removed.
 */
export function normalisedEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  const [name, domain] = [lower.slice(0, at), lower.slice(at + 1)];
  return domain === "gmail.com" || domain === "googlemail.com" ? `${name.replaceAll(".", "")}@${domain}` : lower;
}

/**
 * A phone number in E.164 (+27821234567), as Google wants it before hashing:
 * a South African number written the local way (082 123 4567) gains +27;
 * an international one keeps its country code, without a trunk prefix
 * written after it ("+27 (0)82", "+27 082"). Null when it is no number.
 */
export function e164(phone: string | null): string | null {
  if (!phone) return null;
  // "+27 (0)82 ...": the (0) is the trunk prefix dialled at home only, never part of the international number.
  const digits = phone.replace(/^(\s*(?:\+|00)\d{1,3})\s*\(0\)/, "$1").replace(/[\s().-]/g, "");
  let international: string;
  if (/^\+\d+$/.test(digits)) international = digits;
  else if (/^00\d+$/.test(digits)) international = `+${digits.slice(2)}`;
  else if (/^0\d{9}$/.test(digits)) international = `+27${digits.slice(1)}`;
  else return null;
  // A South African number has no 0 after +27 (+27 082 ... is the local form pasted behind the code).
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

/** Leads per page: a page and its touches are read, and its rows written, in a few milliseconds. */
const CONVERSIONS_PAGE = 500;

/**
 * The qualified and won leads sent with marketing allowed, a page at a time:
 * each status in turn, oldest first, which is its index's order (keyset
 * pages on `leads_status_created`), so a file of any size is as quick per row.
 */
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

/** The Google Click ID a lead's conversion follows: the latest campaign touch's click first. */
export function clickOf(touches: ReadonlyArray<{ touch: string; clickIds: ClickIds }>): string | undefined {
  return ["last", "first", "visit"].map((name) => touches.find((t) => t.touch === name)?.clickIds).find((ids) => ids?.gclid)?.gclid;
}

/** The click conversions file's rows (after its Parameters row and header), one per converted lead that arrived with a gclid. */
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

/** The enhanced conversions for leads file's rows: every qualified or won lead with consent, matched by its hashed email and phone. */
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
