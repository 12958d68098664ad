import { createContext, data, type MiddlewareFunction, redirect, type RouterContextProvider } from "react-router";
import { CSRF_FIELD, type InboxWork, roleAllows } from "#app/lib/inbox.ts";
import { z } from "#app/lib/zod.ts";
import { readFormField } from "#server/http/multipart.ts";
import { DOCUMENT_FORM_MAX_BYTES, isCrossSite } from "#server/http/request.ts";
import type { Actor } from "#server/audit/audit.ts";
import {
  attemptPasskey,
  CODE_FAILED,
  codesLockedMessage,
  loginRateLimitMessage,
  type SecondStepInput,
  type SecondStepResult,
} from "#server/admin/login.ts";
import { type RelyingParty, signInOptions } from "#server/admin/passkeys.ts";
import { posted, readPost, refuse } from "#server/admin/posts.ts";
import { clientAddressContext, servicesOf } from "#server/services.ts";
import type { AdminServices } from "#server/admin/services.ts";
import {
  type AdminSession,
  clearCookie,
  findSession,
  findSignIn,
  type PendingSignIn,
  randomToken,
  readCookie,
  sameToken,
  serializeCookie,
} from "#server/admin/sessions.ts";
import { NO_STORE, refusalHeaders } from "#app/lib/cache-control.ts";

// Session, origin and CSRF token checked before any loader or action; each then asks for its role (decision 0051).

export const LOGIN_PATH = "/admin/login";
const START_AGAIN = `${LOGIN_PATH}?start-again=1`;
export const ACCOUNT_PATH = "/admin/account";

const LOGIN_TOKEN_MAX_AGE_S = 60 * 60;

export interface AdminRouteArgs<Params = Record<string, string | undefined>> {
  params: Params;
  context: Readonly<RouterContextProvider>;
  request: Request;
}

const adminSessionContext = createContext<AdminSession | null>(null);

export function adminOf(context: Readonly<RouterContextProvider>): AdminServices {
  return servicesOf(context).admin;
}

export function requireSession(context: Readonly<RouterContextProvider>): AdminSession {
  const session = context.get(adminSessionContext);
  if (!session) throw redirect(LOGIN_PATH);
  return session;
}

export const NOT_ALLOWED = "Your role in the inbox does not allow this. An admin can change it on the Users page.";

/** Every inbox loader and action asks it first, so a role's limits hold whatever a browser asks for. */
export function requireRoleFor(context: Readonly<RouterContextProvider>, work: InboxWork): AdminSession {
  const session = requireSession(context);
  if (!roleAllows(session.user.role, work)) throw refuse(403, NOT_ALLOWED);
  return session;
}

export function actorOf(session: AdminSession): Actor {
  return { userId: session.user.id, name: session.user.email };
}

/** The site's Referrer-Policy already keeps their paths to us. */
export const adminHeaders: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set("Cache-Control", NO_STORE);
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
};

function loginUrl(request: Request, expired: boolean): string {
  const params = new URLSearchParams();
  const url = new URL(request.url);
  if (request.method === "GET") {
    const search = new URLSearchParams(url.search);
    search.delete("_routes");
    const target = url.pathname.replace(/\.data$/, "") + (search.size ? `?${search}` : "");
    if (target !== "/admin") params.set("next", target);
  }
  if (expired) params.set("expired", "1");
  const query = params.toString();
  return query ? `${LOGIN_PATH}?${query}` : LOGIN_PATH;
}

export const CROSS_SITE_REFUSED = "Cross-site form posts are refused.";

/** The server checks this before React Router already; checked again so the inbox does not depend on that order. */
export function crossSite(request: Request, admin: AdminServices): boolean {
  return isCrossSite(
    { origin: request.headers.get("origin") ?? undefined, fetchSite: request.headers.get("sec-fetch-site") ?? undefined },
    admin.settings.SITE_URL,
    new URL(request.url).origin,
  );
}

export const sessionRequired: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const admin = adminOf(context);
  const { db, settings, secure, cookies: names } = admin;
  const lookup = await findSession(db, readCookie(request.headers.get("cookie"), names.session), settings.ADMIN_SESSION_IDLE_MINUTES);
  if (lookup.state !== "valid") {
    const headers = lookup.state === "expired" ? { "Set-Cookie": clearCookie(names.session, secure) } : undefined;
    throw redirect(loginUrl(request, lookup.state === "expired"), { status: 303, headers });
  }
  if (request.method !== "GET" && request.method !== "HEAD") {
    if (crossSite(request, admin)) return refuse(403, CROSS_SITE_REFUSED);
    // A post with a file is read only as far as its token; the action reads the rest.
    const token = await readFormField(request.clone(), CSRF_FIELD, DOCUMENT_FORM_MAX_BYTES);
    if (token === undefined || !sameToken(token, lookup.session.csrfToken)) {
      return refuse(403, "This form has expired. Go back, reload the page and try again.");
    }
  }
  const page = new URL(request.url).pathname.replace(/\.data$/, "");
  if (lookup.session.user.mustChangePassword && page !== ACCOUNT_PATH && page !== "/admin/logout") throw redirect(ACCOUNT_PATH, 303);
  context.set(adminSessionContext, lookup.session);
  return next();
};

export async function requirePendingSignIn(request: Request, context: Readonly<RouterContextProvider>): Promise<PendingSignIn> {
  const admin = adminOf(context);
  const pending = await findSignIn(admin.db, readCookie(request.headers.get("cookie"), admin.cookies.pending));
  if (!pending) throw redirect(START_AGAIN, { status: 303, headers: pendingCleared(admin) });
  return pending;
}

/** So the sign-in pages cannot send anyone elsewhere. */
export function nextPath(value: string | null): string {
  return value && /^\/admin(\/|\?|$)/.test(value) && !value.startsWith("//") ? value : "/admin";
}

export const SIGN_IN_FORM_EXPIRED = "This sign-in form has expired. Try again.";

export async function readSignInPost<const T extends Record<string, z.ZodMiniType>>(request: Request, admin: AdminServices, shape: T) {
  if (crossSite(request, admin)) throw refuse(403, CROSS_SITE_REFUSED);
  const cookieToken = readCookie(request.headers.get("cookie"), admin.cookies.login);
  const token = posted.check(z.refine((typed) => sameToken(typed, cookieToken), { error: SIGN_IN_FORM_EXPIRED, abort: true }));
  return readPost(request, z.extend(z.object({ token, next: posted }), shape), { token: 403 });
}

function secondStepInput(request: Request, context: Readonly<RouterContextProvider>, admin: AdminServices, code: string): SecondStepInput {
  const cookie = request.headers.get("cookie");
  return {
    pending: readCookie(cookie, admin.cookies.pending),
    code,
    client: context.get(clientAddressContext),
    userAgent: request.headers.get("user-agent"),
    previousSession: readCookie(cookie, admin.cookies.session),
  };
}

export async function secondStep(
  request: Request,
  context: Readonly<RouterContextProvider>,
  check: (admin: AdminServices, input: SecondStepInput) => Promise<SecondStepResult>,
) {
  const admin = adminOf(context);
  const post = await readSignInPost(request, admin, { code: posted });
  if (!post.ok) return { ok: false, answer: data({ error: post.error }, { status: post.status }) } as const;
  const result = await check(admin, secondStepInput(request, context, admin, post.data.code));
  if (!result.ok) {
    const refusal = secondStepRefusal(admin, result);
    if ("startAgain" in refusal) throw redirect(START_AGAIN, { status: 303, headers: refusal.startAgain });
    return { ok: false, answer: data({ error: refusal.error }, { status: refusal.status, headers: refusal.headers }) } as const;
  }
  return {
    ok: true,
    cookies: signedInCookies(admin, result.session),
    next: nextPath(post.data.next),
    recoveryCodes: result.recoveryCodes ?? [],
  } as const;
}

export const PASSKEY_FAILED = "That passkey was not accepted. Try again, or enter a code.";

/** Posted by the code page's script (it needs JavaScript): `options`, then `verify` with the signed answer. */
export async function passkeyStep(request: Request, context: Readonly<RouterContextProvider>, rp: RelyingParty): Promise<Response> {
  const admin = adminOf(context);
  const post = await readSignInPost(request, admin, { intent: posted, response: posted });
  if (!post.ok) return Response.json({ error: post.error }, { status: post.status });
  const input = secondStepInput(request, context, admin, post.data.response);
  const startAgain = (headers: Headers) => Response.json({ next: START_AGAIN }, { headers });
  if (post.data.intent === "options") {
    const pending = await findSignIn(admin.db, input.pending);
    const options = pending?.enrolled ? await signInOptions(admin.db, rp, pending) : null;
    return options ? Response.json({ options }) : startAgain(pendingCleared(admin));
  }
  const result = await attemptPasskey(admin, rp, input);
  if (result.ok) return Response.json({ next: nextPath(post.data.next) }, { headers: signedInCookies(admin, result.session) });
  const refusal = secondStepRefusal(admin, result);
  if ("startAgain" in refusal) return startAgain(refusal.startAgain);
  const error = result.reason === "invalid" ? PASSKEY_FAILED : refusal.error;
  return Response.json({ error }, { status: refusal.status, headers: refusal.headers });
}

const pendingCleared = (admin: AdminServices) => new Headers({ "Set-Cookie": clearCookie(admin.cookies.pending, admin.secure) });

function signedInCookies(admin: AdminServices, session: string): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", serializeCookie(admin.cookies.session, session, { secure: admin.secure }));
  headers.append("Set-Cookie", clearCookie(admin.cookies.pending, admin.secure));
  headers.append("Set-Cookie", clearCookie(admin.cookies.login, admin.secure));
  return headers;
}

type Refusal = { startAgain: Headers } | { status: number; error: string; headers?: Record<string, string> };

function secondStepRefusal(admin: AdminServices, result: Exclude<SecondStepResult, { ok: true }>): Refusal {
  if (result.reason === "start-again") return { startAgain: pendingCleared(admin) };
  if (result.reason === "rate-limit" || result.reason === "locked") {
    const message = result.reason === "locked" ? codesLockedMessage : loginRateLimitMessage;
    return { status: 429, error: message(result.retryAfterMinutes), headers: refusalHeaders(result.retryAfterMinutes * 60) };
  }
  return { status: 401, error: CODE_FAILED };
}

/** Double-submit: set before there is a session. */
export const loginTokenContext = createContext<string>("");

export const loginFormToken: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { secure, cookies } = adminOf(context);
  const name = cookies.login;
  const existing = readCookie(request.headers.get("cookie"), name);
  const fresh = !/^[\w-]{43}$/.test(existing);
  const token = fresh ? randomToken() : existing;
  context.set(loginTokenContext, token);
  const response = await next();
  if (fresh) response.headers.append("Set-Cookie", serializeCookie(name, token, { secure, maxAgeSeconds: LOGIN_TOKEN_MAX_AGE_S }));
  return response;
};
