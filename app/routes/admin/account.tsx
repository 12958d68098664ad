import { data, Form, redirect } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { CsrfField, inputClass, labelClass, Notice, RecoveryCodes, Section } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { z } from "#app/lib/zod.ts";
import { recordAudit } from "#server/admin/audit.ts";
import { actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { verifyPassword } from "#server/admin/password.ts";
import { checkPost, posted, readPost, refusePassword } from "#server/admin/posts.ts";
import { recoveryCodesLeft, replaceRecoveryCodes } from "#server/admin/second-factor.ts";
import { changeOwnPassword, findUserForLogin } from "#server/admin/users.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => adminMeta("Account");

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireRoleFor(context, "read");
  return {
    csrf: session.csrfToken,
    email: session.user.email,
    mustChangePassword: session.user.mustChangePassword,
    codesLeft: await recoveryCodesLeft(adminOf(context).db, session.user.id),
    changed: new URL(request.url).searchParams.has("changed"),
  };
}

/** New recovery codes, or a new password (the current one first). */
const accountPost = z.object({ intent: posted, current: posted, password: posted, repeat: posted });

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
  const { db } = adminOf(context);
  const post = await readPost(request, accountPost);
  if (!post.ok) return data({ error: post.error, recoveryCodes: null }, { status: post.status });
  if (post.data.intent === "recovery-codes") {
    const recoveryCodes = await replaceRecoveryCodes(db, session.user.id);
    await recordAudit(db, actor, { action: "second-factor", detail: "made new recovery codes" });
    return { error: null, recoveryCodes };
  }
  const user = (await findUserForLogin(db, session.user.email))!;
  const refused = (error: string, status: number) => data({ error, recoveryCodes: null }, { status });
  if (!(await verifyPassword(post.data.current, user.password_hash))) return refused("Your current password is not right.", 401);
  const chosen = checkPost(newPassword(session.user.email), post.data);
  if (!chosen.ok) return refused(chosen.error, chosen.status);
  await changeOwnPassword(db, session.user.id, chosen.data.password, session.id);
  await recordAudit(db, actor, { action: "set-password", detail: "changed their password; their other sessions ended" });
  return redirect("/admin/account?changed=1", { status: 303 });
}

const passwordFields = [
  { name: "current", label: "Current password", autoComplete: "current-password" },
  { name: "password", label: "New password", autoComplete: "new-password" },
  { name: "repeat", label: "New password again", autoComplete: "new-password" },
] as const;

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, email, mustChangePassword, codesLeft, changed } = loaderData;
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">Your account</h1>
      <p className="text-sm text-slate-600">{email}</p>
      {mustChangePassword && (
        <Notice tone="error">Choose your own password before you go on: the one you signed in with was given to you.</Notice>
      )}
      {changed && !actionData && <Notice>Password changed. Your other sessions are ended.</Notice>}
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
