import { data, Form, redirect } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { CsrfField, ListTable, Notice, RowAction } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { roleAllows } from "#app/lib/inbox.ts";
import { formatSast } from "#app/lib/sast.ts";
import { z } from "#app/lib/zod.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { actorOf, adminOf, LOGIN_PATH, requireRoleFor } from "#server/admin/guard.ts";
import { posted, readPost } from "#server/admin/posts.ts";
import { clearCookie, listSessions, revokeSession, type SessionRow, signOutEverywhere } from "#server/admin/sessions.ts";
import type { Route } from "./+types/sessions";

export const meta: Route.MetaFunction = () => adminMeta("Sessions");

function shown(row: SessionRow, current: string) {
  return {
    id: row.id,
    email: row.email,
    current: row.id === current,
    signedIn: formatSast(row.createdAt),
    lastActive: formatSast(row.lastSeenAt),
    address: row.clientAddress ?? "",
    browser: row.userAgent ?? "",
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireRoleFor(context, "read");
  const { db } = adminOf(context);
  const everyone = roleAllows(session.user.role, "manage-users");
  const ended = Number(new URL(request.url).searchParams.get("ended"));
  return {
    csrf: session.csrfToken,
    ended: Number.isSafeInteger(ended) && ended > 0 ? ended : null,
    mine: (await listSessions(db, session.user.id)).map((row) => shown(row, session.id)),
    others: everyone
      ? (await listSessions(db)).filter((row) => row.email !== session.user.email).map((row) => shown(row, session.id))
      : null,
  };
}

/** Sign out everywhere else, or end the one session named. */
const sessionPost = z.object({ intent: posted, session: posted });

export async function action({ request, context }: Route.ActionArgs) {
  const session = requireRoleFor(context, "read");
  const { db, cookies, secure } = adminOf(context);
  const post = await readPost(request, sessionPost);
  if (!post.ok) return data({ error: post.error }, { status: post.status });
  if (post.data.intent === "others") {
    const count = await signOutEverywhere(db, session.user.id, session.id);
    await recordAudit(db, actorOf(session), { action: "end-sessions", detail: `signed out everywhere else (${count} sessions)` });
    return redirect(`/admin/sessions?ended=${count}`, { status: 303 });
  }
  // Anyone ends their own sessions; an admin anyone's.
  const id = post.data.session;
  const ended = await revokeSession(db, id, roleAllows(session.user.role, "manage-users") ? undefined : session.user.id);
  if (!ended) return data({ error: "That session has already ended." }, { status: 404 });
  await recordAudit(db, actorOf(session), { action: "end-session", detail: `ended a session of ${ended.email}` });
  if (id === session.id) {
    return redirect(`${LOGIN_PATH}?signed-out=1`, { status: 303, headers: { "Set-Cookie": clearCookie(cookies.session, secure) } });
  }
  return redirect("/admin/sessions?ended=1", { status: 303 });
}

type Shown = ReturnType<typeof shown>;

function SessionTable({ caption, rows, csrf, withEmail }: { caption: string; rows: Shown[]; csrf: string; withEmail: boolean }) {
  return (
    <ListTable
      caption={caption}
      columns={["Signed in (SAST)", "Last active (SAST)", ...(withEmail ? ["User"] : []), "Address", "Browser", "End"]}
      empty={rows.length === 0 ? "None." : null}
    >
      {rows.map((row) => (
        <tr key={row.id} className="align-top">
          <td className="px-3 py-2 whitespace-nowrap tabular-nums">{row.signedIn}</td>
          <td className="px-3 py-2 whitespace-nowrap tabular-nums">{row.lastActive}</td>
          {withEmail && <td className="px-3 py-2 break-all">{row.email}</td>}
          <td className="px-3 py-2 break-all">{row.address}</td>
          <td className="max-w-xs px-3 py-2 text-xs break-words text-slate-600">{row.browser}</td>
          <td className="px-3 py-2">
            <RowAction
              csrf={csrf}
              intent="end"
              name="session"
              value={row.id}
              label={row.current ? "Sign out" : "End"}
              which={`the session ${row.current ? "you are using" : `of ${row.email} signed in at ${row.signedIn}`}`}
              variant="secondary"
            />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

export default function SessionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mine, others, csrf, ended } = loaderData;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">Sessions</h1>
      <p className="max-w-3xl text-sm text-slate-600">
        Every browser signed in to the inbox. End one you do not recognise, then change your password on the Account page.
      </p>
      {ended !== null && !actionData && <Notice>{ended === 1 ? "1 session ended." : `${ended} sessions ended.`}</Notice>}
      {actionData?.error && <Notice tone="error">{actionData.error}</Notice>}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Yours</h2>
        {mine.length > 1 && (
          <Form method="post">
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="others" />
            <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
              Sign out everywhere else
            </button>
          </Form>
        )}
      </div>
      <SessionTable caption="Your sessions, the latest active first" rows={mine} csrf={csrf} withEmail={false} />
      {others && (
        <>
          <h2 className="text-lg font-semibold">Everyone else&apos;s</h2>
          <SessionTable caption="Other users' sessions, the latest active first" rows={others} csrf={csrf} withEmail />
        </>
      )}
    </div>
  );
}
