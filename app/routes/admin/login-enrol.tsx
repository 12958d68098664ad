import { data, Form, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { inputClass, labelClass, Notice, QrCode, RecoveryCodes } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { adminOf, loginFormToken, loginTokenContext, nextPath, secondStep } from "#server/admin/guard.ts";
import { confirmEnrolment, enrolmentOffer } from "#server/admin/login.ts";
import { findSignIn, readCookie } from "#server/admin/sessions.ts";
import type { Route } from "./+types/login-enrol";

// The sign-in's second step for a user without an authenticator app: set one up, confirm it with a code, keep the recovery codes.
export const middleware: Route.MiddlewareFunction[] = [loginFormToken];

// A refusal's Retry-After reaches a browser without JavaScript too.
export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const meta: Route.MetaFunction = () => adminMeta("Sign in: set up your authenticator app");

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  const next = nextPath(new URL(request.url).searchParams.get("next"));
  // Without a waiting sign-in the page says so rather than redirect: right after the set-up it shows the recovery codes.
  const pending = await findSignIn(admin.db, readCookie(request.headers.get("cookie"), admin.cookies.pending));
  if (pending?.enrolled) throw redirect(`/admin/login/code?${new URLSearchParams({ next })}`);
  return { token: context.get(loginTokenContext), next, offer: pending ? await enrolmentOffer(admin, pending) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const step = await secondStep(request, context, confirmEnrolment);
  if (!step.ok) return step.answer;
  return data({ recoveryCodes: step.recoveryCodes, next: step.next }, { headers: step.cookies });
}

// The recovery codes are shown once, from the action's answer: nothing to load again.
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return actionResult && typeof actionResult === "object" && "recoveryCodes" in actionResult ? false : defaultShouldRevalidate;
}

export default function SignInEnrol({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData && "recoveryCodes" in actionData) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <h1 className="text-2xl font-bold tracking-tight">Keep your recovery codes</h1>
        <div className="mt-6 space-y-4">
          <Notice>Your authenticator app is set up, and you are signed in.</Notice>
          <p className="text-sm text-slate-700">
            If you lose your phone, each of these codes signs you in once in place of the app&apos;s code. Print them or keep them in your
            password manager now: they are shown only this once. An admin can also reset your authenticator app.
          </p>
          <RecoveryCodes codes={actionData.recoveryCodes} />
          <a href={actionData.next} className={buttonClass({ className: "w-full" })}>
            Continue to the inbox
          </a>
        </div>
      </div>
    );
  }
  const { offer } = loaderData;
  if (!offer) {
    return (
      <div className="mx-auto max-w-sm px-4 py-16">
        <h1 className="text-2xl font-bold tracking-tight">Set up your authenticator app</h1>
        <div className="mt-6 space-y-4">
          <Notice tone="error">This sign-in is over. Sign in again with your password.</Notice>
          <a href="/admin/login" className={buttonClass({ className: "w-full" })}>
            Sign in
          </a>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">Set up your authenticator app</h1>
      <p className="mt-2 text-sm text-slate-600">
        The lead inbox asks for a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Bitwarden or the
        like) at every sign-in, after your password.
      </p>
      <div className="mt-6 space-y-4">
        {actionData?.error && <Notice tone="error">{actionData.error}</Notice>}
        <ol className="list-decimal space-y-4 rounded-lg border border-slate-200 bg-white p-5 pl-10 text-sm">
          <li>
            <p>Scan this QR code with the app:</p>
            <QrCode {...offer.qr} label="QR code for your authenticator app" />
            <p className="mt-2">
              Or, in the app, add an account by its key:{" "}
              <code id="totp-secret" className="font-mono font-semibold break-all text-ink">
                {offer.secret}
              </code>{" "}
              (time-based). On a phone,{" "}
              <a href={offer.uri} className="font-medium text-brand-700 underline">
                open it in the app
              </a>
              .
            </p>
          </li>
          <li>
            <Form method="post" className="space-y-3">
              <input type="hidden" name="token" value={loaderData.token} />
              <input type="hidden" name="next" value={loaderData.next} />
              <label htmlFor="enrol-code" className={labelClass}>
                Code from the app
              </label>
              <input
                id="enrol-code"
                name="code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                required
                maxLength={6}
                aria-describedby="enrol-code-hint"
                className={`${inputClass} font-mono tracking-wider`}
              />
              <p id="enrol-code-hint" className="text-xs text-slate-600">
                The 6 digits the app now shows for the lead inbox.
              </p>
              <button type="submit" disabled={busy} className={buttonClass({ className: "w-full" })}>
                {busy ? "Checking…" : "Confirm"}
              </button>
            </Form>
          </li>
        </ol>
      </div>
    </div>
  );
}
