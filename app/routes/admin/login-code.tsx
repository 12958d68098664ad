import { Form, redirect, useNavigation } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { PasskeySignIn } from "#app/components/admin/passkeys.tsx";
import { inputClass, labelClass, Notice } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { adminOf, loginFormToken, loginTokenContext, nextPath, requirePendingSignIn, secondStep } from "#server/admin/guard.ts";
import { attemptSecondFactor } from "#server/admin/login.ts";
import { hasPasskeys, passkeysAt } from "#server/admin/passkeys.ts";
import type { Route } from "./+types/login-code";

// The sign-in's second step: a code from the user's authenticator app, or a recovery code.
export const middleware: Route.MiddlewareFunction[] = [loginFormToken];

// A refusal's Retry-After reaches a browser without JavaScript too.
export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const meta: Route.MetaFunction = () => adminMeta("Sign in: code");

export async function loader({ request, context }: Route.LoaderArgs) {
  const pending = await requirePendingSignIn(request, context);
  const next = nextPath(new URL(request.url).searchParams.get("next"));
  if (!pending.enrolled) throw redirect(`/admin/login/enrol?${new URLSearchParams({ next })}`);
  const { db, settings } = adminOf(context);
  // A passkey is offered where the browser can sign for the site: at its own address.
  const passkey = passkeysAt(request.url, settings.SITE_URL).ok && (await hasPasskeys(db, pending.userId));
  return { token: context.get(loginTokenContext), next, passkey };
}

export async function action({ request, context }: Route.ActionArgs) {
  const step = await secondStep(request, context, attemptSecondFactor);
  if (!step.ok) return step.answer;
  return redirect(step.next, { status: 303, headers: step.cookies });
}

export default function SignInCode({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-sm px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">Enter your code</h1>
      <p className="mt-2 text-sm text-slate-600">
        Open your authenticator app and enter the 6-digit code it shows for the lead inbox. Lost your phone? Enter one of your recovery
        codes instead.
      </p>
      <div className="mt-6 space-y-4">
        {actionData?.error && <Notice tone="error">{actionData.error}</Notice>}
        {loaderData.passkey && <PasskeySignIn token={loaderData.token} next={loaderData.next} />}
        <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
          <input type="hidden" name="token" value={loaderData.token} />
          <input type="hidden" name="next" value={loaderData.next} />
          <div>
            <label htmlFor="sign-in-code" className={labelClass}>
              Code
            </label>
            <input
              id="sign-in-code"
              name="code"
              type="text"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={40}
              aria-describedby="sign-in-code-hint"
              className={`${inputClass} mt-1 font-mono tracking-wider`}
            />
            <p id="sign-in-code-hint" className="mt-1 text-xs text-slate-600">
              6 digits from the app, or a recovery code like abcd-efgh-jkmn-pqrs.
            </p>
          </div>
          <button type="submit" disabled={busy} className={buttonClass({ className: "w-full" })}>
            {busy ? "Checking…" : "Verify"}
          </button>
        </Form>
      </div>
    </div>
  );
}
