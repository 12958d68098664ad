import { data, redirect } from "react-router";
import { type PricingErrors, pricingValuesOf, type PricingValues, readPricingPost } from "#app/content/pricing-form.ts";
import { formatSast } from "#app/lib/sast.ts";
import { type AdminRouteArgs, actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { refuse } from "#server/admin/posts.ts";
import { readForm } from "#server/http/request.ts";
import { servicesOf } from "#server/services.ts";
import { siteContentPublishing } from "#server/site-content/publishing.ts";
import { findContent, listContentRevisions } from "#server/site-content/store.ts";

/**
 * The pricing editor's loader and action (app/routes/admin/pricing.tsx,
 * docs/decisions/0052): editor role and up, refused by the server for a
 * reader. Save and restore write through the publishing service, which has
 * the pages re-prepared before the answer; a refused save shows every
 * field's message beside what was typed.
 */

export const PRICING_EDITOR_PATH = "/admin/pricing";

const done = {
  save: "Saved: /pricing, the service pages and the order wizard show it now.",
  restore: "Restored: that version is the pricing again, as a new revision.",
} as const;

async function current(context: AdminRouteArgs["context"]) {
  const record = await findContent(adminOf(context).db, "pricing");
  if (!record) throw data(null, { status: 404 });
  return record;
}

export async function pricingEditorLoader({ context, request }: AdminRouteArgs) {
  const session = requireRoleFor(context, "edit-site-content");
  const record = await current(context);
  const saved = new URL(request.url).searchParams.get("done");
  const revisions = await listContentRevisions(adminOf(context).db, "pricing");
  return {
    csrf: session.csrfToken,
    groups: servicesOf(context)
      .siteContent.pricing()
      .groups.map((group) => ({ key: group.key, title: group.title })),
    version: record.version,
    note: `Version ${record.version}, saved ${formatSast(record.updatedAt)} by ${record.updatedBy}.`,
    done: saved && saved in done ? done[saved as keyof typeof done] : null,
    values: pricingValuesOf(servicesOf(context).siteContent.pricing()),
    revisions: revisions.map((revision) => ({ ...revision, savedAt: formatSast(revision.savedAt) })),
  };
}

const answer = (values: PricingValues, status: number, extra: { errors?: PricingErrors; problem?: string; version?: number }) =>
  data({ values, errors: {}, problem: null, version: null, ...extra }, { status });

export async function pricingEditorAction({ context, request }: AdminRouteArgs) {
  const session = requireRoleFor(context, "edit-site-content");
  const actor = actorOf(session);
  const form = await readForm(request, new Set());
  if (!form.ok) throw refuse(form.status, "That form could not be read.");
  const fields = form.fields;
  const version = Number(fields.version);
  const publishing = siteContentPublishing(servicesOf(context));
  const live = servicesOf(context).siteContent.pricing();
  let result;
  let values: PricingValues;
  if (fields.intent === "restore") {
    result = await publishing.restorePricing(Number(fields.revision), version, actor);
    values = pricingValuesOf(live);
  } else if (fields.intent === "save") {
    const read = readPricingPost(fields, live);
    if (!read.ok) return answer(read.values, 400, { errors: read.errors });
    result = await publishing.savePricing(version, read.content, actor);
    values = read.values;
  } else {
    throw refuse(400, "Unknown action.");
  }
  if (!result.ok && result.problem === "missing") throw data(null, { status: 404 });
  if (!result.ok) {
    return answer(values, 409, {
      version: result.version,
      problem: `${result.by} saved the pricing at ${formatSast(result.at)} (SAST), after you opened it, so this was not saved. What you typed is still below: save again to replace their version with yours.`,
    });
  }
  return redirect(`${PRICING_EDITOR_PATH}?done=${String(fields.intent)}`, { status: 303 });
}
