import { redirect } from "react-router";
import { recordAudit } from "#server/audit/audit.ts";
import { actorOf, adminOf, LOGIN_PATH, requireSession } from "#server/admin/guard.ts";
import { clearCookie, destroySession, readCookie } from "#server/admin/sessions.ts";
import type { Route } from "./+types/logout";

// Sign-out is a post (with the session's token); a link here only leads back to the inbox.
export function loader() {
  return redirect("/admin");
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = requireSession(context);
  const { db, cookies: names, secure } = adminOf(context);
  await destroySession(db, readCookie(request.headers.get("cookie"), names.session));
  await recordAudit(db, actorOf(session), { action: "sign-out", detail: "signed out" });
  return redirect(`${LOGIN_PATH}?signed-out=1`, { status: 303, headers: { "Set-Cookie": clearCookie(names.session, secure) } });
}
