import { Outlet } from "react-router";
import { adminHeaders } from "#server/admin/guard.ts";
import type { Route } from "./+types/layout";

// Every /admin answer: no-store, noindex, same-origin referrer. Kept out of the sitemap and the prerender.
export const middleware: Route.MiddlewareFunction[] = [adminHeaders];

export default function AdminLayout() {
  return (
    <div data-inbox className="bg-slate-50">
      <Outlet />
    </div>
  );
}
