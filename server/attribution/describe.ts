import type { ClickIds } from "#app/lib/attribution.ts";
import { formatSast } from "#app/lib/sast.ts";
import type { StoredTouch } from "#server/attribution/store.ts";

export const touchTitles: Record<StoredTouch["touch"], string> = {
  first: "First campaign visit",
  last: "Latest campaign visit",
  visit: "The visit that sent it",
};

export function clickIdsText(ids: ClickIds): string {
  return Object.entries(ids)
    .map(([key, value]) => `${key}=${value}`)
    .join(", ");
}

export function touchFields(touch: StoredTouch): Array<{ label: string; value: string }> {
  return [
    { label: "When", value: `${formatSast(touch.at)} SAST` },
    { label: "Landing page", value: touch.landing },
    { label: "Referrer", value: touch.referrer ?? "" },
    { label: "Source", value: touch.utm.utm_source ?? "" },
    { label: "Medium", value: touch.utm.utm_medium ?? "" },
    { label: "Campaign", value: touch.utm.utm_campaign ?? "" },
    { label: "Term", value: touch.utm.utm_term ?? "" },
    { label: "Content", value: touch.utm.utm_content ?? "" },
    { label: "Click ids", value: clickIdsText(touch.clickIds) },
  ].filter((field) => field.value !== "");
}

export function touchSummary(touch: StoredTouch | undefined): string {
  if (!touch) return "";
  const utm = [touch.utm.utm_source, touch.utm.utm_medium, touch.utm.utm_campaign].filter(Boolean).join(" / ");
  return [`${formatSast(touch.at)} SAST`, touch.landing, utm, touch.referrer ? `from ${touch.referrer}` : ""].filter(Boolean).join(" · ");
}
