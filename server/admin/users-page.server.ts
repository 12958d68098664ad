import { data, redirect } from "react-router";
import { adminRoles, roleLabel } from "#app/lib/inbox.ts";
import { refusalHeaders } from "#app/lib/cache-control.ts";
import { z } from "#app/lib/zod.ts";
import { formatSast } from "#app/lib/sast.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { type AdminRouteArgs, actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { keysOf, posted, postedEmail, readPost, refusePassword } from "#server/admin/posts.ts";
import { inHashingTurn, PASSWORDS_BUSY, PASSWORDS_BUSY_RETRY_SECONDS } from "#server/admin/password.ts";
import { resetSecondFactor } from "#server/admin/second-factor.ts";
import {
  changeRole,
  createUser,
  emailOfUser,
  initialPassword,
  listUsers,
  removeUser,
  setPassword,
  type RoleChange,
  type UserChange,
  UserExistsError,
} from "#server/admin/users.ts";

const done = {
  role: "Role changed.",
  lowered: "Role changed. As it is lower, their sessions and any sign-in under way are ended: they sign in again.",
  removed: "User removed; their sessions are ended.",
  reset: "Their authenticator app and passkeys are reset: they set up a new app at their next sign-in, and their sessions are ended.",
} as const;

const refusals: Record<Exclude<UserChange, { ok: true }>["problem"], string> = {
  "no-user": "There is no such user any more.",
  yourself: "You cannot remove yourself: another admin can.",
  "last-admin": "The inbox needs at least one admin: make another user an admin first.",
};

export async function usersLoader({ request, context }: AdminRouteArgs) {
  const session = requireRoleFor(context, "manage-users");
  const users = await listUsers(adminOf(context).db);
  const saved = new URL(request.url).searchParams.get("done");
  return {
    csrf: session.csrfToken,
    me: session.user.id,
    done: saved && saved in done ? done[saved as keyof typeof done] : null,
    users: users.map((user) => ({
      id: user.id,
      email: user.email,
      role: user.role,
      secondFactor: user.secondFactor,
      passkeys: user.passkeys,
      lastSignIn: user.last_login_at ? formatSast(user.last_login_at) : "Never",
    })),
  };
}

const role = z.enum(keysOf(adminRoles), { error: "Choose a role." });

const addUser = z
  .object({ intent: z.literal("add"), email: postedEmail("Enter the new user's email address."), role, password: posted })
  .check((ctx) => {
    if (ctx.value.password) refusePassword(ctx, ctx.value.password, ctx.value.email);
  });

/** A user that is no more is a 404, whatever was asked of it. */
const userPost = z.intersection(
  z.object({ intent: posted, user: z.pipe(posted, z.transform(Number)) }).check(
    z.refine(({ intent, user }) => intent === "add" || (Number.isSafeInteger(user) && user > 0), {
      error: refusals["no-user"],
      path: ["user"],
    }),
  ),
  z.discriminatedUnion(
    "intent",
    [
      addUser,
      z.object({ intent: z.literal("role"), role }),
      z.object({ intent: z.literal("remove") }),
      z.object({ intent: z.literal("reset-second-factor") }),
      z.object({ intent: z.literal("new-password") }),
    ],
    { error: "Unknown action." },
  ),
);

export async function usersAction({ request, context }: AdminRouteArgs) {
  const session = requireRoleFor(context, "manage-users");
  const actor = actorOf(session);
  const { db, dialect } = adminOf(context);
  const back = (what: keyof typeof done) => redirect(`/admin/users?done=${what}`, { status: 303 });
  const refused = (problem: string, status = 400, headers?: Record<string, string>) =>
    data({ error: problem, created: null }, { status, headers });
  const post = await readPost(request, userPost, { user: 404 });
  if (!post.ok) return refused(post.error, post.status);
  const asked = post.data;

  const busy = () => refused(PASSWORDS_BUSY, 503, refusalHeaders(PASSWORDS_BUSY_RETRY_SECONDS));
  if (asked.intent === "add") {
    const { email } = asked;
    const password = asked.password || initialPassword();
    try {
      if ((await inHashingTurn(() => createUser(db, email, password, { role: asked.role, mustChangePassword: true }))) === "busy")
        return busy();
    } catch (error) {
      if (error instanceof UserExistsError) return refused(`${email} already has an account.`, 409);
      throw error;
    }
    await recordAudit(db, actor, { action: "add-user", detail: `added the user ${email} as ${roleLabel(asked.role)}` });
    return { error: null, created: { email, password: asked.password ? null : password } };
  }

  const userId = asked.user;
  let change: RoleChange;
  switch (asked.intent) {
    case "role": {
      change = await changeRole(db, dialect, userId, asked.role);
      if (!change.ok) break;
      const ended = change.signedOut ? "; their sessions and sign-ins under way ended" : "";
      await recordAudit(db, actor, { action: "change-role", detail: `made ${change.email} ${roleLabel(asked.role)}${ended}` });
      return back(change.signedOut ? "lowered" : "role");
    }
    case "new-password": {
      const email = await emailOfUser(db, userId);
      if (!email) return refused(refusals["no-user"], 404);
      const password = initialPassword();
      if ((await inHashingTurn(() => setPassword(db, email, password, { mustChange: true }))) === "busy") return busy();
      await recordAudit(db, actor, { action: "set-password", detail: `gave ${email} a new password` });
      return { error: null, created: null, newPassword: { email, password } };
    }
    case "remove":
      change = await removeUser(db, dialect, userId, session.user.id);
      if (!change.ok) break;
      await recordAudit(db, actor, { action: "remove-user", detail: `removed the user ${change.email}` });
      return back("removed");
    case "reset-second-factor": {
      const email = await emailOfUser(db, userId);
      if (!email) return refused(refusals["no-user"], 404);
      await resetSecondFactor(db, userId);
      await recordAudit(db, actor, { action: "reset-second-factor", detail: `reset the authenticator app of ${email}` });
      return back("reset");
    }
  }
  return refused(refusals[change.problem], change.problem === "no-user" ? 404 : 409);
}
