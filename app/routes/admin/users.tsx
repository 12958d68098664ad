import type { ReactNode } from "react";
import { data, Form, redirect } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { CsrfField, inputClass, labelClass, ListTable, Notice, Section } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { adminRoles, roleLabel } from "#app/lib/inbox.ts";
import { refusalHeaders } from "#app/lib/cache-control.ts";
import { z } from "#app/lib/zod.ts";
import { formatSast } from "#app/lib/sast.ts";
import { recordAudit } from "#server/admin/audit.ts";
import { actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
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
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => adminMeta("Users");

// A refusal's Retry-After reaches a browser without JavaScript too.
export { answerHeaders as headers } from "#app/lib/cache-control.ts";

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

export async function loader({ request, context }: Route.LoaderArgs) {
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
    // Left empty, a first password is made for them.
    if (ctx.value.password) refusePassword(ctx, ctx.value.password, ctx.value.email);
  });

/**
 * The page's forms. Every change but adding names its user, checked first: a
 * user that is no more is a 404, whatever was asked of it.
 */
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

export async function action({ request, context }: Route.ActionArgs) {
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

/** One change of one user, a button of its own (the button's text names the user to a screen reader). */
function UserAction({
  csrf,
  intent,
  user,
  className,
  children,
}: {
  csrf: string;
  intent: "reset-second-factor" | "new-password" | "remove";
  user: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={className}>
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="user" value={user} />
      <button type="submit" className={buttonClass({ variant: "ghost", size: "sm" })}>
        {children}
      </button>
    </Form>
  );
}

export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { users, csrf, me } = loaderData;
  const created = actionData?.created;
  const given = actionData && "newPassword" in actionData ? actionData.newPassword : null;
  return (
    <div className="max-w-5xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">Users</h1>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
        {adminRoles.map((role) => (
          <li key={role.key}>
            <strong className="text-ink">{role.label}</strong> {role.may}.
          </li>
        ))}
      </ul>
      {loaderData.done && !actionData && <Notice>{loaderData.done}</Notice>}
      {actionData?.error && <Notice tone="error">{actionData.error}</Notice>}
      {created && (
        <Notice>
          Added {created.email}.{" "}
          {created.password ? (
            <>
              Give them this password, which is shown only now: <code className="font-mono font-semibold">{created.password}</code>.
            </>
          ) : (
            "Give them the password you typed."
          )}{" "}
          At their first sign-in they choose their own and set up an authenticator app.
        </Notice>
      )}
      {given && (
        <Notice>
          {given.email} has a new password, shown only now: <code className="font-mono font-semibold">{given.password}</code>. Give it to
          them: at their next sign-in they choose their own. Their sessions and any sign-in under way are ended, and a lock of their codes
          is lifted.
        </Notice>
      )}

      <ListTable
        caption="Users of the inbox"
        columns={["Email", "Role", "Second factor", "Password", "Last sign-in (SAST)", "Remove"]}
        empty={null}
      >
        {users.map((user) => (
          <tr key={user.id} className="align-top">
            <td className="px-3 py-2 break-all">
              {user.email}
              {user.id === me && <span className="text-slate-600"> (you)</span>}
            </td>
            <td className="px-3 py-2">
              <Form method="post" className="flex items-center gap-2">
                <CsrfField token={csrf} />
                <input type="hidden" name="intent" value="role" />
                <input type="hidden" name="user" value={user.id} />
                <label htmlFor={`role-${user.id}`} className="sr-only">
                  Role of {user.email}
                </label>
                <select id={`role-${user.id}`} name="role" defaultValue={user.role} className={`${inputClass} w-auto`}>
                  {adminRoles.map((role) => (
                    <option key={role.key} value={role.key}>
                      {role.label}
                    </option>
                  ))}
                </select>
                <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                  Save<span className="sr-only"> the role of {user.email}</span>
                </button>
              </Form>
            </td>
            <td className="px-3 py-2">
              {user.secondFactor ? "App set up" : "Not yet"}
              {user.passkeys > 0 && `, ${user.passkeys === 1 ? "1 passkey" : `${user.passkeys} passkeys`}`}
              {user.secondFactor && (
                <UserAction csrf={csrf} intent="reset-second-factor" user={user.id} className="mt-1">
                  Reset<span className="sr-only"> the authenticator app and passkeys of {user.email}</span>
                </UserAction>
              )}
            </td>
            <td className="px-3 py-2">
              {user.id !== me && (
                <UserAction csrf={csrf} intent="new-password" user={user.id}>
                  New password<span className="sr-only"> for {user.email}</span>
                </UserAction>
              )}
            </td>
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">{user.lastSignIn}</td>
            <td className="px-3 py-2">
              {user.id !== me && (
                <UserAction csrf={csrf} intent="remove" user={user.id}>
                  Remove<span className="sr-only"> {user.email}</span>
                </UserAction>
              )}
            </td>
          </tr>
        ))}
      </ListTable>

      <Section title="Add a user" id="add-user">
        <Form method="post" className="grid gap-3 sm:grid-cols-3">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="add" />
          <div>
            <label htmlFor="add-email" className={labelClass}>
              Email
            </label>
            <input id="add-email" name="email" type="email" required autoComplete="off" className={`${inputClass} mt-1`} />
          </div>
          <div>
            <label htmlFor="add-role" className={labelClass}>
              Role
            </label>
            <select id="add-role" name="role" defaultValue="reader" className={`${inputClass} mt-1`}>
              {adminRoles.map((role) => (
                <option key={role.key} value={role.key}>
                  {role.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="add-password" className={labelClass}>
              First password (optional)
            </label>
            <input
              id="add-password"
              name="password"
              type="text"
              autoComplete="off"
              aria-describedby="add-password-hint"
              className={`${inputClass} mt-1`}
            />
            <p id="add-password-hint" className="mt-1 text-xs text-slate-600">
              Left empty, one is made and shown once. Either way they choose their own at first sign-in.
            </p>
          </div>
          <div>
            <button type="submit" className={buttonClass({ size: "sm" })}>
              Add user
            </button>
          </div>
        </Form>
      </Section>
    </div>
  );
}
