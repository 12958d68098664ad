import { Form } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AddUserSection, UserAction } from "#app/components/admin/users.tsx";
import { CsrfField, inputClass, ListTable, Notice } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { adminRoles } from "#app/lib/inbox.ts";
import type { Route } from "./+types/users";
import { usersLoader, usersAction } from "#server/admin/users-page.server.ts";
export const meta: Route.MetaFunction = () => adminMeta("Users");

// A refusal's Retry-After reaches a browser without JavaScript too.
export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const loader = (args: Route.LoaderArgs) => usersLoader(args);
export const action = (args: Route.ActionArgs) => usersAction(args);

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

      <AddUserSection csrf={csrf} />
    </div>
  );
}
