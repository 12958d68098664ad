import { data, redirect } from "react-router";
import { badgesValuesOf, readBadgesPost } from "#app/content/badges-form.ts";
import type { FormErrors, FormValues } from "#app/content/field-map.ts";
import { pricingValuesOf, readPricingPost } from "#app/content/pricing-form.ts";
import { readTestimonialsPost, testimonialsValuesOf } from "#app/content/testimonials-form.ts";
import { formatSast } from "#app/lib/sast.ts";
import { type AdminRouteArgs, actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { refuse } from "#server/admin/posts.ts";
import { readForm } from "#server/http/request.ts";
import { servicesOf } from "#server/services.ts";
import type { ContentKind, SiteContent } from "#server/site-content/kinds.ts";
import { siteContentPublishing } from "#server/site-content/publishing.ts";
import { findContent, listContentRevisions } from "#server/site-content/store.ts";

/**
 * The site-content editors' loaders and actions (app/routes/admin/pricing.tsx, testimonials.tsx;
 * docs/decisions/0052): editor role and up, refused by the server for a reader. Save and restore write
 * through the publishing service, which has the pages re-prepared before the answer; a refused save
 * shows every field's message beside what was typed.
 */

type Read<K extends ContentKind> =
  { ok: true; content: SiteContent[K]; values: FormValues } | { ok: false; errors: FormErrors; values: FormValues };

interface EditorRules<K extends ContentKind, Extra> {
  kind: K;
  path: string;
  /** The content as the agency calls it: "the pricing". */
  noun: string;
  done: { save: string; restore: string };
  valuesOf: (content: SiteContent[K]) => FormValues;
  read: (fields: Readonly<Record<string, unknown>>, live: SiteContent[K]) => Read<K>;
  /** What else the form shows, from the live content (the pricing's groups), sent with the page. */
  extra: (content: SiteContent[K]) => Extra;
}

function siteContentEditor<K extends ContentKind, Extra>(rules: EditorRules<K, Extra>) {
  const live = (context: AdminRouteArgs["context"]) => servicesOf(context).siteContent.stored(rules.kind);
  const answer = (values: FormValues, status: number, extra: { errors?: FormErrors; problem?: string; version?: number }) =>
    data({ values, errors: {} as FormErrors, problem: null as string | null, version: null as number | null, ...extra }, { status });

  async function loader({ context, request }: AdminRouteArgs) {
    const session = requireRoleFor(context, "edit-site-content");
    const record = await findContent(adminOf(context).db, rules.kind);
    if (!record) throw data(null, { status: 404 });
    const saved = new URL(request.url).searchParams.get("done");
    const revisions = await listContentRevisions(adminOf(context).db, rules.kind);
    return {
      csrf: session.csrfToken,
      version: record.version,
      note: `Version ${record.version}, saved ${formatSast(record.updatedAt)} by ${record.updatedBy}.`,
      done: saved === "save" || saved === "restore" ? rules.done[saved] : null,
      values: rules.valuesOf(live(context)),
      revisions: revisions.map((revision) => ({ ...revision, savedAt: formatSast(revision.savedAt) })),
      ...rules.extra(live(context)),
    };
  }

  async function action({ context, request }: AdminRouteArgs) {
    const actor = actorOf(requireRoleFor(context, "edit-site-content"));
    const form = await readForm(request, new Set());
    if (!form.ok) throw refuse(form.status, "That form could not be read.");
    const { fields } = form;
    const version = Number(fields.version);
    const publishing = siteContentPublishing(servicesOf(context));
    let result;
    let values: FormValues;
    if (fields.intent === "restore") {
      result = await publishing.restore(rules.kind, Number(fields.revision), version, actor);
      values = rules.valuesOf(live(context));
    } else if (fields.intent === "save") {
      const read = rules.read(fields, live(context));
      if (!read.ok) return answer(read.values, 400, { errors: read.errors });
      result = await publishing.save(rules.kind, version, read.content, actor);
      values = read.values;
    } else {
      throw refuse(400, "Unknown action.");
    }
    if (!result.ok && result.problem === "missing") throw data(null, { status: 404 });
    if (!result.ok) {
      return answer(values, 409, {
        version: result.version,
        problem: `${result.by} saved ${rules.noun} at ${formatSast(result.at)} (SAST), after you opened it, so this was not saved. What you typed is still below: save again to replace their version with yours.`,
      });
    }
    return redirect(`${rules.path}?done=${String(fields.intent)}`, { status: 303 });
  }

  return { loader, action };
}

export const pricingEditor = siteContentEditor({
  kind: "pricing",
  path: "/admin/pricing",
  noun: "the pricing",
  done: {
    save: "Saved: /pricing, the service pages and the order wizard show it now.",
    restore: "Restored: that version is the pricing again, as a new revision.",
  },
  valuesOf: pricingValuesOf,
  read: readPricingPost,
  extra: (pricing) => ({ groups: pricing.groups.map((group) => ({ key: group.key, title: group.title })) }),
});

export const testimonialsEditor = siteContentEditor({
  kind: "testimonials",
  path: "/admin/testimonials",
  noun: "the testimonials",
  done: {
    save: "Saved: the home page and the free audit page show them now.",
    restore: "Restored: that version is the testimonials again, as a new revision.",
  },
  valuesOf: testimonialsValuesOf,
  read: (fields) => readTestimonialsPost(fields),
  extra: () => ({}),
});

export const badgesEditor = siteContentEditor({
  kind: "partners",
  path: "/admin/badges",
  noun: "the partner badges",
  done: {
    save: "Saved: the home page shows them now.",
    restore: "Restored: that version is the partner badges again, as a new revision.",
  },
  valuesOf: badgesValuesOf,
  read: (fields) => readBadgesPost(fields),
  extra: () => ({}),
});
