import { findPreviewCard, previewHeaders } from "#server/articles/preview.ts";
import { servicesOf } from "#server/services.ts";
import type { Route } from "./+types/article-preview-card";

/**
 * The social card a previewed article without an image of its own shows in
 * its place (docs/decisions/0046), as its live page will show its card: for
 * whoever holds the preview link, and answered as the link is (revoked or
 * expired, no card).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { database, secrets, articles } = servicesOf(context);
  const found = await findPreviewCard(database.db, secrets.articlePreview, params.token);
  const card = found.state === "card" ? articles.previewCard(found.path, found.title) : null;
  if (!card) return new Response(null, { status: found.state === "expired" ? 410 : 404, headers: previewHeaders });
  return new Response(new Uint8Array(await card), { headers: { ...previewHeaders, "Content-Type": "image/png" } });
}
