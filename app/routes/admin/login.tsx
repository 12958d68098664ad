import { data, Form, redirect, useNavigation } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { inputClass, labelClass, Notice } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { refusalHeaders } from "#app/lib/cache-control.ts";
import { minutesText } from "#app/forms/messages.ts";
import { commonFields } from "#app/forms/common-fields.ts";
import { adminOf, loginFormToken, loginTokenContext, nextPath, readSignInPost } from "#server/admin/guard.ts";
import { attemptLogin, LOGIN_FAILED, loginRateLimitMessage } from "#server/admin/login.ts";
import { PASSWORDS_BUSY, PASSWORDS_BUSY_RETRY_SECONDS } from "#server/admin/password.ts";
import { oneLine, posted } from "#server/admin/posts.ts";
import { findSession, readCookie, serializeCookie, SIGN_IN_PENDING_MINUTES } from "#server/admin/sessions.ts";
import { clientAddressContext } from "#server/services.ts";
import type { Route } from "./+types/login";

export const middleware: Route.MiddlewareFunction[] = [loginFormToken];

export const meta: Route.MetaFunction = () => adminMeta("Sign in");

// A refusal's Retry-After reaches a browser without JavaScript too.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = nextPath(url.searchParams.get("next"));
  const { db, settings, cookies } = adminOf(context);
  const lookup = await findSession(db, readCookie(request.headers.get("cookie"), cookies.session), settings.ADMIN_SESSION_IDLE_MINUTES);
  if (lookup.state === "valid") throw redirect(next);
  const notice = url.searchParams.has("expired")
    ? `You were signed out after ${minutesText(settings.ADMIN_SESSION_IDLE_MINUTES)} without activity. Sign in again.`
    : url.searchParams.has("signed-out")
      ? "You are signed out."
      : url.searchParams.has("start-again")
        ? "That sign-in took too long or had too many wrong codes. Start again with your password."
        : null;
  return { token: context.get(loginTokenContext), next, notice };
}

/** Refused before the account is looked up: PostgreSQL cannot even compare a NUL. */
const signInEmail = oneLine(commonFields.email.shortLabel);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const post = await readSignInPost(request, admin, { email: signInEmail, password: posted });
  // A refused token keeps the address typed; one with characters no address can hold is not shown again.
  if (!post.ok) return data({ error: post.error, email: post.status === 403 ? post.typed("email") : "" }, { status: post.status });
  const { email, password, next } = post.data;
  const names = admin.cookies;
  const result = await attemptLogin(admin, {
    email,
    password,
    client: context.get(clientAddressContext),
    previousPending: readCookie(request.headers.get("cookie"), names.pending),
  });
  if (!result.ok) {
    if (result.reason === "rate-limit") {
      return data(
        { error: loginRateLimitMessage(result.retryAfterMinutes), email },
        { status: 429, headers: refusalHeaders(result.retryAfterMinutes * 60) },
      );
    }
    if (result.reason === "busy") {
      return data({ error: PASSWORDS_BUSY, email }, { status: 503, headers: refusalHeaders(PASSWORDS_BUSY_RETRY_SECONDS) });
    }
    return data({ error: LOGIN_FAILED, email }, { status: 401 });
  }
  // The password was right: on to the second factor, which starts the session.
  const cookie = serializeCookie(names.pending, result.pending, { secure: admin.secure, maxAgeSeconds: SIGN_IN_PENDING_MINUTES * 60 });
  const step = result.secondStep === "code" ? "/admin/login/code" : "/admin/login/enrol";
  return redirect(`${step}?${new URLSearchParams({ next: nextPath(next) })}`, { status: 303, headers: { "Set-Cookie": cookie } });
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-sm px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">Sign in to the lead inbox</h1>
      <p className="mt-2 text-sm text-slate-600">
        For the agency's team: your password, then a code from your authenticator app or your passkey. Accounts are made by an admin.
      </p>
      <div className="mt-6 space-y-4">
        {loaderData.notice && !actionData && <Notice>{loaderData.notice}</Notice>}
        {actionData?.error && <Notice tone="error">{actionData.error}</Notice>}
        <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
          <input type="hidden" name="token" value={loaderData.token} />
          <input type="hidden" name="next" value={loaderData.next} />
          <div>
            <label htmlFor="login-email" className={labelClass}>
              Email
            </label>
            <input
              id="login-email"
              name="email"
              type="email"
              autoComplete="username"
              required
              defaultValue={actionData?.email}
              className={`${inputClass} mt-1`}
            />
          </div>
          <div>
            <label htmlFor="login-password" className={labelClass}>
              Password
            </label>
            <input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className={`${inputClass} mt-1`}
            />
          </div>
          <button type="submit" disabled={busy} className={buttonClass({ className: "w-full" })}>
            {busy ? "Signing in…" : "Sign in"}
          </button>
        </Form>
      </div>
    </div>
  );
}
