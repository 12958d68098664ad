import type { LeaveMethod } from "#server/db/newsletter-tables.ts";
import type { LinkState } from "#server/newsletter/subscribers.ts";
import { readForm } from "#server/http/request.ts";

export function linkStatus(found: LinkState): number {
  return found.state === "invalid" ? 404 : found.state === "expired" ? 410 : 200;
}

/** RFC 8058: a mail client's one-click POST carries List-Unsubscribe=One-Click; the page's button does not. */
export async function leaveMethodOf(request: Request): Promise<LeaveMethod> {
  const read = await readForm(request, new Set());
  return read.ok && read.fields["List-Unsubscribe"] === "One-Click" ? "one-click" : "page";
}
