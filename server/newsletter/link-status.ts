import type { LeaveMethod } from "#server/db/newsletter-tables.ts";
import type { LinkState } from "#server/newsletter/subscribers.ts";
import { readForm } from "#server/http/request.ts";

/** The HTTP status of a link's page: 404 for a link that is not one of ours, 410 for one past its days. */
export function linkStatus(found: LinkState): number {
  return found.state === "invalid" ? 404 : found.state === "expired" ? 410 : 200;
}

/** RFC 8058: a mail client's one-click POST carries List-Unsubscribe=One-Click; the page's button does not. */
export async function leaveMethodOf(request: Request): Promise<LeaveMethod> {
  const read = await readForm(request, new Set());
  return read.ok && read.fields["List-Unsubscribe"] === "One-Click" ? "one-click" : "page";
}
