import { redirect } from "react-router";
import { adminOf, passkeyStep } from "#server/admin/guard.ts";
import { passkeysAt } from "#server/admin/passkeys.ts";
import type { Route } from "./+types/login-passkey";

// The sign-in's second step with a passkey: the code page's script asks for the options, then posts the signed answer (JSON both ways).
export function loader() {
  return redirect("/admin/login/code");
}

export async function action({ request, context }: Route.ActionArgs) {
  const here = passkeysAt(request.url, adminOf(context).settings.SITE_URL);
  if (!here.ok) return Response.json({ error: here.why }, { status: 409 });
  return passkeyStep(request, context, here.rp);
}
