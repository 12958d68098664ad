import { redirect } from "react-router";
import { z } from "#app/lib/zod.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { addPasskey, PASSKEY_NAME_MAX_LENGTH, passkeysAt, registrationOptions } from "#server/admin/passkeys.ts";
import { oneLine, posted, readPost } from "#server/admin/posts.ts";
import type { Route } from "./+types/account-passkey";

// Adding a passkey on the Account page: its script asks for the options, then posts the new passkey (JSON both ways).
export function loader() {
  return redirect("/admin/account");
}

/** `options`, or `add` with the browser's new passkey and the name the user gave it. */
const passkeyPost = z.object({
  intent: posted,
  response: posted,
  name: z
    .pipe(
      oneLine("The passkey's name"),
      z.transform((name) => name.trim()),
    )
    .check(z.maxLength(PASSKEY_NAME_MAX_LENGTH, `Give the passkey a name of at most ${PASSKEY_NAME_MAX_LENGTH} characters.`)),
});

export async function action({ request, context }: Route.ActionArgs) {
  const session = requireRoleFor(context, "read");
  const { db, settings } = adminOf(context);
  const here = passkeysAt(request.url, settings.SITE_URL);
  if (!here.ok) return Response.json({ error: here.why }, { status: 409 });
  const post = await readPost(request, passkeyPost);
  if (!post.ok) return Response.json({ error: post.error }, { status: post.status });
  if (post.data.intent === "options") {
    return Response.json({ options: await registrationOptions(db, here.rp, session.user, session.id) });
  }
  const name = post.data.name || "Passkey";
  const added = await addPasskey(db, here.rp, session.user.id, session.id, { response: post.data.response, name });
  if (!added.ok) return Response.json({ error: added.problem }, { status: 400 });
  await recordAudit(db, actorOf(session), { action: "passkey", detail: `added a passkey (${name})` });
  return Response.json({ added: name });
}
