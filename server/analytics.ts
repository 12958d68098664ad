import { TAG_ORIGIN } from "#app/lib/analytics.ts";
import type { CspAllowances } from "#server/http/security.ts";

const COLLECT_ORIGINS = ["https://*.google-analytics.com", "https://*.analytics.google.com", TAG_ORIGIN];

export function withAnalytics(allow: CspAllowances, measurementId: string | undefined): CspAllowances {
  if (!measurementId) return allow;
  return {
    ...allow,
    script: [...allow.script, TAG_ORIGIN],
    connect: [...allow.connect, ...COLLECT_ORIGINS],
    img: [...allow.img, ...COLLECT_ORIGINS],
  };
}
