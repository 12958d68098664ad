import { Form } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { PasskeyAdd } from "#app/components/admin/passkeys.tsx";
import { CsrfField, inputClass, labelClass, ListTable, Notice, RecoveryCodes, RowAction, Section } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import type { Route } from "./+types/account";
import { accountLoader, accountAction } from "#server/admin/account-page.server.ts";

export const meta: Route.MetaFunction = () => adminMeta("Account");

// A refusal's Retry-After reaches a browser without JavaScript too.
export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const loader = (args: Route.LoaderArgs) => accountLoader(args);
export const action = (args: Route.ActionArgs) => accountAction(args);

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
                      <RowAction
                        csrf={csrf}
                        intent="remove-passkey"
                        name="passkey"
                        value={passkey.id}
                        label="Remove"
                        which={`the passkey ${passkey.name}`}
                      />
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
