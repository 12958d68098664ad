import { CSRF_FIELD } from "~/lib/inbox";
import type { RunningServer } from "./server";

/** A signed-in agency user's requests to the inbox, without a browser: the session cookie on each, a post's Origin and form token. */
export interface InboxSession {
  get(pathname: string, headers?: Record<string, string>): Promise<Response>;
  /** Posts one of the inbox's forms as the page would, its synchronizer token added. */
  post(pathname: string, fields: Record<string, string>): Promise<Response>;
}

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((line) => line.split(";")[0]!);

/** Signs in through the sign-in page, as a person does. */
export async function signInToInbox(server: RunningServer, email: string, password: string): Promise<InboxSession> {
  const form = await fetch(`${server.url}/admin/login`);
  const token = /name="token" value="([^"]+)"/.exec(await form.text())?.[1];
  if (!token) throw new Error("the sign-in page carries no form token");
  const answer = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, cookie: cookiesOf(form).join("; ") },
    body: new URLSearchParams({ token, email, password, next: "/admin" }),
  });
  const cookie = cookiesOf(answer).join("; ");
  if (answer.status !== 303 || !cookie) throw new Error(`sign-in answered ${answer.status}`);
  const get = (pathname: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${pathname}`, { redirect: "manual", headers: { cookie, ...headers } });
  const csrf = /name="csrf" value="([^"]+)"/.exec(await (await get("/admin")).text())?.[1];
  if (!csrf) throw new Error("the inbox carries no form token");
  return {
    get,
    post: (pathname, fields) =>
      fetch(`${server.url}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, origin: server.url },
        body: new URLSearchParams({ ...fields, [CSRF_FIELD]: csrf }),
      }),
  };
}
