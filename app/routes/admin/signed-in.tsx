import { Form, Link, Outlet, useLocation } from "react-router";
import { CsrfField } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { cn } from "#app/lib/cn.ts";
import { type InboxWork, roleAllows, roleLabel } from "#app/lib/inbox.ts";
import { requireSession, sessionRequired } from "#server/admin/guard.ts";
import type { Route } from "./+types/signed-in";

// A session, a same-site origin and the session's token on every post, before any loader or action below runs.
export const middleware: Route.MiddlewareFunction[] = [sessionRequired];

export function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const { email, role, mustChangePassword } = session.user;
  return { email, role, csrf: session.csrfToken, mustChangePassword };
}

/** The inbox's sections, each shown to the roles that may use it; one is current on its pages and those it groups. */
const sections: Array<{ to: string; label: string; end: boolean; work: InboxWork; groups?: string[] }> = [
  { to: "/admin", label: "Leads", end: true, work: "read" },
  { to: "/admin/calls", label: "Calls", end: false, work: "read" },
  { to: "/admin/report", label: "Report", end: false, work: "read" },
  { to: "/admin/newsletter", label: "Newsletter", end: false, work: "read" },
  { to: "/admin/articles", label: "Articles", end: false, work: "write-articles" },
  // The site-content editors, one section: each editor links to the others (SiteContentEditor).
  {
    to: "/admin/pricing",
    label: "Site content",
    end: false,
    work: "edit-site-content",
    groups: ["/admin/testimonials", "/admin/badges", "/admin/case-studies", "/admin/figures", "/admin/team", "/admin/contact"],
  },
  { to: "/admin/forget", label: "Forget a person", end: false, work: "forget" },
  { to: "/admin/audit", label: "Audit log", end: false, work: "audit" },
  { to: "/admin/system", label: "System", end: false, work: "system" },
  { to: "/admin/users", label: "Users", end: false, work: "manage-users" },
  { to: "/admin/sessions", label: "Sessions", end: false, work: "read" },
  { to: "/admin/account", label: "Account", end: false, work: "read" },
];

const under = (pathname: string, to: string, end: boolean) => pathname === to || (!end && pathname.startsWith(`${to}/`));

export default function SignedInLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <>
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-2 sm:px-6 lg:px-8">
          <nav aria-label="Lead inbox">
            <ul className="flex flex-wrap gap-1">
              {sections
                .filter((section) => !loaderData.mustChangePassword || section.to === "/admin/account")
                .filter((section) => roleAllows(loaderData.role, section.work))
                .map((section) => {
                  const current = [section.to, ...(section.groups ?? [])].some((to) => under(pathname, to, section.end));
                  return (
                    <li key={section.to}>
                      <Link
                        to={section.to}
                        aria-current={current ? "page" : undefined}
                        className={cn(
                          "block rounded-md px-3 py-1.5 text-sm font-medium",
                          current ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-ink",
                        )}
                      >
                        {section.label}
                      </Link>
                    </li>
                  );
                })}
            </ul>
          </nav>
          <Form method="post" action="/admin/logout" className="flex items-center gap-3 text-sm">
            <span className="text-slate-600">
              Signed in as <span className="font-medium text-ink">{loaderData.email}</span> ({roleLabel(loaderData.role)})
            </span>
            <CsrfField token={loaderData.csrf} />
            <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
              Sign out
            </button>
          </Form>
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <Outlet />
      </div>
    </>
  );
}
