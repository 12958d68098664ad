import { data, redirect } from "react-router";
import { badgesValuesOf, readBadgesPost } from "#app/content/badges-form.ts";
import { caseStudiesValuesOf, readCaseStudiesPost } from "#app/content/case-studies-form.ts";
import { contactValuesOf, readContactPost } from "#app/content/contact-form.ts";
import { type FormErrors, type FormValues, imagePathNameOf, REMOVE } from "#app/content/field-map.ts";
import { figuresValuesOf, readFiguresPost } from "#app/content/figures-form.ts";
import { pricingValuesOf, readPricingPost } from "#app/content/pricing-form.ts";
import { readServiceWordsPost, serviceWordsValuesOf } from "#app/content/service-words-form.ts";
import { authorsRemoved, readTeamPost, teamValuesOf } from "#app/content/team-form.ts";
import { readTestimonialsPost, testimonialsValuesOf } from "#app/content/testimonials-form.ts";
import { refusalHeaders } from "#app/lib/cache-control.ts";
import { formatSast } from "#app/lib/sast.ts";
import type { Actor } from "#server/audit/audit.ts";
import { type AdminRouteArgs, actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { refuse } from "#server/admin/posts.ts";
import { listArticles } from "#server/articles/store.ts";
import { type ImagePost, isUploaded, readImagePost, storeImageUpload } from "#server/articles/upload.ts";
import { servicesOf } from "#server/services.ts";
import type { ContentKind, SiteContent } from "#server/site-content/kinds.ts";
import { createContentPreview, type PreviewLinks } from "#server/site-content/preview.ts";
import { SITE_CONTENT_POST_MAX_BYTES } from "#server/site-content/post-limits.ts";
import { siteContentPublishing } from "#server/site-content/publishing.ts";
import { findContent, listContentRevisions } from "#server/site-content/store.ts";

/**
 * The site-content editors' loaders and actions (app/routes/admin/pricing.tsx, testimonials.tsx, badges.tsx,
 * case-studies.tsx, figures.tsx, team.tsx, contact.tsx, service-pages.tsx; docs/decisions/0052): editor role and up, refused by the server for a reader. Save and
 * restore write through the publishing service, which has the pages re-prepared before the answer; a refused
 * save shows every field's message beside what was typed. An image posted with a save goes through the
 * article editor's upload (server/articles/upload.ts) and fills in its row's image path.
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
  /** The uploaded images the content shows, by the field that holds each path: each must be one stored here. */
  images?: (values: FormValues) => string[];
  /** For an editor of long lists: how many fields its post may have. */
  maxFields?: number;
  /** What a well-formed edit may still not do, by what the records hold (a team member who wrote an article). */
  refuse?: (content: SiteContent[K], values: FormValues, live: SiteContent[K], context: AdminRouteArgs["context"]) => Promise<FormErrors>;
}

const NOT_UPLOADED = "No image was uploaded at that path: upload the image again, or empty the path.";
const ONE_IMAGE_A_SAVE = "One image a save: another row's was uploaded. Choose this one again and save once more.";

function siteContentEditor<K extends ContentKind, Extra>(rules: EditorRules<K, Extra>) {
  const live = (context: AdminRouteArgs["context"]) => servicesOf(context).siteContent.stored(rules.kind);
  const answer = (
    values: FormValues,
    status: number,
    extra: { errors?: FormErrors; problem?: string; version?: number; preview?: PreviewLinks },
    headers?: HeadersInit,
  ) =>
    data(
      {
        values,
        errors: {} as FormErrors,
        problem: null as string | null,
        version: null as number | null,
        preview: null as PreviewLinks | null,
        ...extra,
      },
      { status, headers },
    );

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
    const post = await readImagePost(request, { maxFields: rules.maxFields, maxBytes: SITE_CONTENT_POST_MAX_BYTES });
    if (!post.ok) throw refuse(post.status, post.message);
    const { fields } = post;
    const version = Number(fields.version);
    const typed = fields.intent === "save" || fields.intent === "preview";
    if (typed) {
      const uploaded = await upload(context, actor, post);
      if (uploaded) return uploaded;
    }
    const publishing = siteContentPublishing(servicesOf(context));
    let result;
    let values: FormValues;
    if (fields.intent === "restore") {
      result = await publishing.restore(rules.kind, Number(fields.revision), version, actor);
      values = rules.valuesOf(live(context));
    } else if (typed) {
      const read = rules.read(fields, live(context));
      if (!read.ok) return answer(read.values, 400, { errors: read.errors });
      const refused = (await rules.refuse?.(read.content, read.values, live(context), context)) ?? {};
      if (Object.keys(refused).length) return answer(read.values, 400, { errors: refused });
      const missing = await notUploaded(context, read.values);
      if (missing.length) return answer(read.values, 400, { errors: Object.fromEntries(missing.map((name) => [name, NOT_UPLOADED])) });
      // Seen before it is saved: the form shows again as typed, with the links.
      if (fields.intent === "preview") {
        const services = servicesOf(context);
        const preview = await createContentPreview(services, services.settings.SITE_URL, rules.kind, version, read.content, actor);
        return answer(read.values, 200, { preview });
      }
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

  /** Stores a save's image (its path then in its row's field), or answers why not, with what was typed. */
  async function upload(context: AdminRouteArgs["context"], actor: Actor, post: Extract<ImagePost, { ok: true }>) {
    const { fields, file, others } = post;
    const typed = () => rules.read(fields, live(context)).values;
    // Only an editor of images stores one, and only from a row's own file input.
    const pathName = file && rules.images && imagePathNameOf(file.field);
    if (!file || !pathName) return null;
    const stored = await storeImageUpload(servicesOf(context), actor, file);
    if (!stored.ok)
      return answer(typed(), stored.status, { errors: { [file.field]: stored.problem } }, refusalHeaders(stored.retryAfterSeconds));
    fields[pathName] = stored.path;
    if (!others.length) return null;
    return answer(typed(), 400, { errors: Object.fromEntries(others.map((name) => [name, ONE_IMAGE_A_SAVE])) });
  }

  async function notUploaded(context: AdminRouteArgs["context"], values: FormValues) {
    const names = rules.images?.(values) ?? [];
    const known = await Promise.all(names.map((name) => isUploaded(adminOf(context).db, values[name]!)));
    return names.filter((_, index) => !known[index]);
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

export const caseStudiesEditor = siteContentEditor({
  kind: "caseStudies",
  path: "/admin/case-studies",
  noun: "the case studies",
  done: {
    save: "Saved: /case-studies and the service pages show them now.",
    restore: "Restored: that version is the case studies again, as a new revision.",
  },
  valuesOf: caseStudiesValuesOf,
  read: (fields) => readCaseStudiesPost(fields),
  extra: () => ({}),
  // A removed row's image is not shown: it need not be one.
  images: (values) =>
    Object.keys(values).filter((name) => name.endsWith(".image") && values[name] && values[name.replace(/image$/, REMOVE)] !== "on"),
  // Up to 25 rows of 12 fields.
  maxFields: 320,
});

export const figuresEditor = siteContentEditor({
  kind: "figures",
  path: "/admin/figures",
  noun: "the figures",
  done: {
    save: "Saved: the home page, /about, /services, /free-audit, the service pages that quote them and the company profile show them now.",
    restore: "Restored: that version is the figures again, as a new revision.",
  },
  valuesOf: figuresValuesOf,
  read: readFiguresPost,
  extra: () => ({}),
});

export const teamEditor = siteContentEditor({
  kind: "team",
  path: "/admin/team",
  noun: "the team",
  done: {
    save: "Saved: /about, their articles and the company profile show them now.",
    restore: "Restored: that version is the team again, as a new revision.",
  },
  valuesOf: teamValuesOf,
  read: readTeamPost,
  extra: () => ({}),
  refuse: async (content, values, live, context) => authorsRemoved(live, content, values, await listArticles(adminOf(context).db)),
});

export const contactEditor = siteContentEditor({
  kind: "contact",
  path: "/admin/contact",
  noun: "the contact details",
  done: {
    save: "Saved: every page's footer, /contact, the legal pages, the company profile and the mails made from now show them.",
    restore: "Restored: that version is the contact details again, as a new revision.",
  },
  valuesOf: contactValuesOf,
  read: (fields) => readContactPost(fields),
  extra: () => ({}),
});

export const serviceWordsEditor = siteContentEditor({
  kind: "serviceWords",
  path: "/admin/service-pages",
  noun: "the service pages' words",
  done: {
    save: "Saved: the service pages, their cards on /services and the home page, and the company profile show them now.",
    restore: "Restored: that version is the service pages' words again, as a new revision.",
  },
  valuesOf: serviceWordsValuesOf,
  read: readServiceWordsPost,
  // Which metrics quote a figure, and which services have a card: the form draws only their fields.
  extra: (words) => ({
    figureMetrics: Object.fromEntries(
      Object.entries(words.pages).map(([slug, page]) => [slug, page.metrics.map((metric) => ("figure" in metric ? metric.figure : null))]),
    ),
  }),
  // Eight services of about 37 fields each.
  maxFields: 340,
});
