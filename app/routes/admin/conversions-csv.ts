import { data } from "react-router";
import { sastDay } from "#app/lib/sast.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { csvDownload } from "#server/admin/csv.ts";
import { actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import {
  CLICK_COLUMNS,
  clickConversionRows,
  ENHANCED_COLUMNS,
  enhancedConversionRows,
  TIME_ZONE_ROW,
} from "#server/attribution/conversions.ts";
import { ADJUSTMENT_COLUMNS, noShowAdjustmentRows } from "#server/booking/no-show-adjustments.ts";
import type { Route } from "./+types/conversions-csv";

const files = {
  "google-ads-clicks": { columns: CLICK_COLUMNS, rows: clickConversionRows, what: "Google Ads click conversions" },
  "google-ads-leads": { columns: ENHANCED_COLUMNS, rows: enhancedConversionRows, what: "Google Ads enhanced conversions for leads" },
  "google-ads-adjustments": {
    columns: ADJUSTMENT_COLUMNS,
    rows: noShowAdjustmentRows,
    what: "Google Ads conversion adjustments (no-shows)",
  },
} as const;

// The qualified and won leads as Google Ads imports them (server/attribution/conversions.ts), streamed page by page.
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireRoleFor(context, "export");
  // Two routes share this module (app/routes.ts); the path says which file.
  const name =
    new URL(request.url).pathname
      .split("/")
      .at(-1)
      ?.replace(/\.csv$/, "") ?? "";
  if (!Object.hasOwn(files, name)) throw data(null, { status: 404 });
  const file = files[name as keyof typeof files];
  const { db } = adminOf(context);
  await recordAudit(db, actorOf(session), { action: "export", detail: `exported the ${file.what}` });
  return csvDownload(`${name}-${sastDay(new Date())}.csv`, [TIME_ZONE_ROW, file.columns], file.rows(db));
}
