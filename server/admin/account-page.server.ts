import { data, redirect } from "react-router";
import { refusalHeaders } from "#app/lib/cache-control.ts";
import { formatSast } from "#app/lib/sast.ts";
import { z } from "#app/lib/zod.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { type AdminRouteArgs, actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { checkCurrentPassword, loginRateLimitMessage } from "#server/admin/login.ts";
import { listPasskeys, PASSKEY_NAME_MAX_LENGTH, passkeysAt, removePasskey } from "#server/admin/passkeys.ts";
import { PASSWORDS_BUSY, PASSWORDS_BUSY_RETRY_SECONDS } from "#server/admin/password.ts";
import { checkPost, posted, readPost, refusePassword } from "#server/admin/posts.ts";
import { recoveryCodesLeft, replaceRecoveryCodes } from "#server/admin/second-factor.ts";
import { changeOwnPassword } from "#server/admin/users.ts";
import { clientAddressContext } from "#server/services.ts";

// Loader and action of app/routes/admin/account.tsx.

export async function accountLoader({ request, context }: AdminRouteArgs) {
  const session = requireRoleFor(context, "read");
  const { db, settings } = adminOf(context);
  const here = passkeysAt(request.url, settings.SITE_URL);
  const params = new URL(request.url).searchParams;
  return {
    csrf: session.csrfToken,
    email: session.user.email,
    mustChangePassword: session.user.mustChangePassword,
    codesLeft: await recoveryCodesLeft(db, session.user.id),
    passkeys: (await listPasskeys(db, session.user.id)).map((passkey) => ({
      id: passkey.id,
      name: passkey.name,
      added: formatSast(passkey.createdAt),
      lastUsed: passkey.lastUsedAt ? formatSast(passkey.lastUsedAt) : "Not yet",
    })),
    passkeysElsewhere: here.ok ? null : here.why,
    passkeyNameMaxLength: PASSKEY_NAME_MAX_LENGTH,
    changed: params.has("changed"),
    removed: params.has("passkey-removed"),
  };
}

const accountPost = z.object({ intent: posted, current: posted, password: posted, repeat: posted, passkey: posted });

const newPassword = (email: string) =>
  z
    .object({ password: posted, repeat: posted })
    .check(
      z.refine(({ password, repeat }) => password === repeat, { error: "The two new passwords differ.", path: ["repeat"], abort: true }),
    )
    .check((ctx) => refusePassword(ctx, ctx.value.password, email));

export async function accountAction({ request, context }: AdminRouteArgs) {
  const session = requireRoleFor(context, "read");
  const actor = actorOf(session);
  const admin = adminOf(context);
  const { db } = admin;
  const refused = (error: string, status: number, headers?: Record<string, string>) =>
    data({ error, recoveryCodes: null }, { status, headers });
  const post = await readPost(request, accountPost);
  if (!post.ok) return refused(post.error, post.status);
  if (post.data.intent === "recovery-codes") {
    const recoveryCodes = await replaceRecoveryCodes(db, session.user.id);
    await recordAudit(db, actor, { action: "second-factor", detail: "made new recovery codes" });
    return { error: null, recoveryCodes };
  }
  if (post.data.intent === "remove-passkey") {
    const name = await removePasskey(db, session.user.id, Number(post.data.passkey));
    if (name === undefined) return refused("That passkey is already removed.", 404);
    await recordAudit(db, actor, { action: "passkey", detail: `removed a passkey (${name})` });
    return redirect("/admin/account?passkey-removed=1", { status: 303 });
  }
  // Counted and hashed as a sign-in's password is; the new one is hashed in the same turn.
  const checked = await checkCurrentPassword(
    admin,
    { user: session.user, password: post.data.current, client: context.get(clientAddressContext) },
    async () => {
      const chosen = checkPost(newPassword(session.user.email), post.data);
      if (chosen.ok) await changeOwnPassword(db, session.user.id, chosen.data.password, session.id);
      return chosen;
    },
  );
  if (!checked.ok) {
    if (checked.reason === "busy") return refused(PASSWORDS_BUSY, 503, refusalHeaders(PASSWORDS_BUSY_RETRY_SECONDS));
    if (checked.reason === "rate-limit") {
      return refused(loginRateLimitMessage(checked.retryAfterMinutes), 429, refusalHeaders(checked.retryAfterMinutes * 60));
    }
    return refused("Your current password is not right.", 401);
  }
  if (!checked.value.ok) return refused(checked.value.error, checked.value.status);
  await recordAudit(db, actor, { action: "set-password", detail: "changed their password; their other sessions ended" });
  return redirect("/admin/account?changed=1", { status: 303 });
}
