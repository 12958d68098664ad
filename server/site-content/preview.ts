import type { RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { NO_STORE } from "#app/lib/cache-control.ts";
import { formatLongDate, sastClock } from "#app/lib/sast.ts";
import type { Actor } from "#server/audit/audit.ts";
import { pageRenderer } from "#server/http/react-router-handler.ts";
import { log } from "#server/log.ts";
import { pageContextOf, type SiteServices } from "#server/services.ts";
import { type ContentKind, contentKindNames, contentKinds, type SiteContent } from "#server/site-content/kinds.ts";
import { servicesShowing } from "#server/site-content/overlay.ts";
import { addPreviewDraft, findPreviewDraft } from "#server/site-content/store.ts";
import { signExpiringToken, verifyExpiringToken } from "#server/signed-tokens.ts";

/**
 * An edit of the site's words seen before it is saved (decision 0052): the editor's "Preview" keeps what was
 * typed as a draft revision and gives a signed link, valid for a week, to each page that shows the kind,
 * rendered with the draft in place of the live content. A preview is rendered per request, without the
 * pages' scripts (a picture of the page: its links lead to the live site), never kept and never indexed.
 */

export const SITE_PREVIEW_PATH = "/preview/site";
const PURPOSE = "site-content-preview";
const PREVIEW_DAYS = 7;

const previewHeaders = {
  "Cache-Control": NO_STORE,
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

export interface PreviewLinks {
  until: string;
  pages: Array<{ path: string; url: string }>;
}

export async function createContentPreview<K extends ContentKind>(
  services: SiteServices,
  siteUrl: string,
  kind: K,
  version: number,
  content: SiteContent[K],
  actor: Actor,
  now = new Date(),
): Promise<PreviewLinks> {
  const expiresAt = new Date(now.getTime() + PREVIEW_DAYS * 24 * 60 * 60 * 1000);
  expiresAt.setMilliseconds(0);
  const id = await addPreviewDraft(services.database.db, kind, version, JSON.stringify(content), actor, now);
  const token = signExpiringToken(services.secrets.siteContentPreview, PURPOSE, id, expiresAt);
  return {
    until: `${formatLongDate(expiresAt)}, ${sastClock(expiresAt)} (SAST)`,
    pages: contentKinds[kind].shownOn.map((path) => ({ path, url: `${siteUrl}${SITE_PREVIEW_PATH}/${token}${path}` })),
  };
}

/** The services with `kind`'s live content replaced by `draft`, as the pages would show it now. */
const withDraft = <K extends ContentKind>(services: SiteServices, kind: K, draft: SiteContent[K]): SiteServices =>
  servicesShowing(services, kind, contentKinds[kind].shownAt?.(draft, Date.now()) ?? draft);

// A picture of the page: its scripts would hydrate it with the live data. A note says what it is.
const staticPicture = (html: string, note: string) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "")
    .replace(/<body([^>]*)>/, `<body$1><p role="note" class="bg-ink px-4 py-2 text-center text-sm font-semibold text-white">${note}</p>`);

const failure = (status: number, text: string) => ({ status, text });

export function contentPreviewHandler({
  services,
  build,
  siteUrl,
}: {
  services: SiteServices;
  build: () => Promise<ServerBuild>;
  siteUrl: string;
}): RequestHandler {
  const render = pageRenderer({ build, siteUrl, context: () => new RouterContextProvider() });
  return async (req, res, next) => {
    try {
      const answer = await preview(String(req.params.token), `/${[req.params.page ?? []].flat().join("/")}`);
      res
        .status(answer.status)
        .set(previewHeaders)
        .type(answer.status === 200 ? "html" : "text")
        .send(answer.text);
    } catch (error) {
      next(error);
    }
  };

  async function preview(token: string, path: string) {
    // Checked before the database is asked anything: a made-up link costs a hash.
    const check = verifyExpiringToken(services.secrets.siteContentPreview, PURPOSE, token, new Date());
    if (!check.ok)
      return check.reason === "expired"
        ? failure(410, "This preview link has expired: preview links work for seven days. Ask the person who sent it for a new one.")
        : failure(404, "This preview link does not work: it is incomplete or was changed.");
    const draft = await findPreviewDraft(services.database.db, check.id);
    const kind = contentKindNames.find((name) => name === draft?.kind);
    if (!draft || !kind) return failure(404, "This preview is no longer here.");
    if (!contentKinds[kind].shownOn.includes(path)) return failure(404, "This page does not show what was previewed.");
    const content = contentKinds[kind].parse(draft.document);
    if (!content) return failure(404, "This preview is no longer here.");
    const page = await render(path, pageContextOf(withDraft(services, kind, content)));
    if (page.status !== 200) {
      log.warn(`Site content preview: ${path} answered ${page.status}`);
      return failure(502, "This page could not be drawn with the preview's content.");
    }
    return { status: 200, text: staticPicture(page.text, "Preview of an edit not saved yet: the live site does not show it.") };
  }
}
