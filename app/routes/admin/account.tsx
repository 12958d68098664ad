import { data, Form, redirect } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { PasskeyAdd } from "#app/components/admin/passkeys.tsx";
import { CsrfField, inputClass, labelClass, ListTable, Notice, RecoveryCodes, Section } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { refusalHeaders } from "#app/lib/cache-control.ts";
import { formatSast } from "#app/lib/sast.ts";
import { z } from "#app/lib/zod.ts";
import { recordAudit } from "#server/admin/audit.ts";
import { actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { checkCurrentPassword, loginRateLimitMessage } from "#server/admin/login.ts";
import { listPasskeys, PASSKEY_NAME_MAX_LENGTH, passkeysAt, removePasskey } from "#server/admin/passkeys.ts";
import { PASSWORDS_BUSY, PASSWORDS_BUSY_RETRY_SECONDS } from "#server/admin/password.ts";
import { checkPost, posted, readPost, refusePassword } from "#server/admin/posts.ts";
import { recoveryCodesLeft, replaceRecoveryCodes } from "#server/admin/second-factor.ts";
import { changeOwnPassword } from "#server/admin/users.ts";
import { clientAddressContext } from "#server/services.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => adminMeta("Account");

// A refusal's Retry-After reaches a browser without JavaScript too.
export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
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
    /** Why passkeys cannot be added from this page's address, or null when they can. */
    passkeysElsewhere: here.ok ? null : here.why,
    passkeyNameMaxLength: PASSKEY_NAME_MAX_LENGTH,
    changed: params.has("changed"),
    removed: params.has("passkey-removed"),
  };
}

/** New recovery codes, a passkey removed, or a new password (the current one first). */
const accountPost = z.object({ intent: posted, current: posted, password: posted, repeat: posted, passkey: posted });

/** A new password for the account of `email`: typed the same twice, and one password.ts accepts. */
const newPassword = (email: string) =>
  z
    .object({ password: posted, repeat: posted })
    .check(
      z.refine(({ password, repeat }) => password === repeat, { error: "The two new passwords differ.", path: ["repeat"], abort: true }),
    )
    .check((ctx) => refusePassword(ctx, ctx.value.password, email));

export async function action({ request, context }: Route.ActionArgs) {
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
  // The current password is checked as a sign-in's is (counted, in a turn of the hashing); the new one is hashed in the same turn.
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

const passwordFields = [
  { name: "current", label: "Current password", autoComplete: "current-password" },
  { name: "password", label: "New password", autoComplete: "new-password" },
  { name: "repeat", label: "New password again", autoComplete: "new-password" },
] as const;

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, email, mustChangePassword, codesLeft, changed, removed, passkeys, passkeysElsewhere } = loaderData;
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">Your account</h1>
      <p className="text-sm text-slate-600">{email}</p>
      {mustChangePassword && (
        <Notice tone="error">Choose your own password before you go on: the one you signed in with was given to you.</Notice>
      )}
      {changed && !actionData && <Notice>Password changed. Your other sessions are ended.</Notice>}
      {removed && !actionData && <Notice>Passkey removed.</Notice>}
      {actionData?.error && <Notice tone="error">{actionData.error}</Notice>}

      <Section title="Password" id="change-password">
        <Form method="post" className="space-y-3">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="password" />
          {passwordFields.map((f) => (
            <div key={f.name}>
              <label htmlFor={`account-${f.name}`} className={labelClass}>
                {f.label}
              </label>
              <input
                id={`account-${f.name}`}
                name={f.name}
                type="password"
                required
                autoComplete={f.autoComplete}
                className={`${inputClass} mt-1`}
                {...(f.name === "password" ? { "aria-describedby": "account-password-hint", minLength: 12 } : {})}
              />
            </div>
          ))}
          <p id="account-password-hint" className="text-xs text-slate-600">
            At least 12 characters, not one of the most common passwords, nor your email address. A few words you will remember do well.
          </p>
          <button type="submit" className={buttonClass({ size: "sm" })}>
            Change password
          </button>
        </Form>
      </Section>

      {!mustChangePassword && (
        <Section title="Passkeys" id="passkeys">
          <div className="space-y-3">
            <p className="text-sm text-slate-700">
              A passkey (this computer&apos;s or phone&apos;s screen lock, or a security key) signs you in after your password in place of a
              code. Your authenticator app and recovery codes keep working beside it.
            </p>
            {passkeys.length ? (
              <ListTable caption="Your passkeys" columns={["Name", "Added (SAST)", "Last used (SAST)", "Remove"]} empty={null}>
                {passkeys.map((passkey) => (
                  <tr key={passkey.id} className="align-top">
                    <td className="px-3 py-2 break-all">{passkey.name}</td>
                    <td className="px-3 py-2 whitespace-nowrap tabular-nums">{passkey.added}</td>
                    <td className="px-3 py-2 whitespace-nowrap tabular-nums">{passkey.lastUsed}</td>
                    <td className="px-3 py-2">
                      <Form method="post">
                        <CsrfField token={csrf} />
                        <input type="hidden" name="intent" value="remove-passkey" />
                        <input type="hidden" name="passkey" value={passkey.id} />
                        <button type="submit" className={buttonClass({ variant: "ghost", size: "sm" })}>
                          Remove<span className="sr-only"> the passkey {passkey.name}</span>
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </ListTable>
            ) : (
              <p className="text-sm text-slate-700">You have no passkey yet.</p>
            )}
            {passkeysElsewhere ? (
              <p className="text-sm text-slate-700">{passkeysElsewhere}</p>
            ) : (
              <PasskeyAdd csrf={csrf} nameMaxLength={loaderData.passkeyNameMaxLength} />
            )}
          </div>
        </Section>
      )}

      {!mustChangePassword && (
        <Section title="Recovery codes" id="recovery-codes">
          {actionData?.recoveryCodes ? (
            <div className="space-y-3">
              <Notice>New recovery codes: keep them now, they are shown only this once. The earlier ones no longer work.</Notice>
              <RecoveryCodes codes={actionData.recoveryCodes} />
            </div>
          ) : (
            <Form method="post" className="space-y-3">
              <p className="text-sm">
                {codesLeft === 1 ? "1 recovery code is left." : `${codesLeft} recovery codes are left.`} New ones replace every earlier one.
              </p>
              <CsrfField token={csrf} />
              <input type="hidden" name="intent" value="recovery-codes" />
              <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                Make new recovery codes
              </button>
            </Form>
          )}
        </Section>
      )}
    </div>
  );
}
