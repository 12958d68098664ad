import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import type { FieldErrors } from "#app/components/admin/mapped-field.tsx";
import { RevisionsSection } from "#app/components/admin/revisions.tsx";
import { CsrfField, Notice } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import type { FormValues } from "#app/content/field-map.ts";
import { cn } from "#app/lib/cn.ts";

interface EditorLoaderData {
  csrf: string;
  version: number;
  note: string;
  done: string | null;
  values: FormValues;
  revisions: ReadonlyArray<{ id: number; version: number; action: string; savedAt: string; savedBy: string }>;
}

interface EditorActionData {
  values: FormValues;
  errors: FieldErrors;
  problem: string | null;
  version: number | null;
  /** A preview's links: the edit, not saved, on each page that shows it (server/site-content/preview.ts). */
  preview: { until: string; pages: ReadonlyArray<{ path: string; url: string }> } | null;
}

/** The site-content editors, one section of the inbox's navigation. */
const editors = [
  { to: "/admin/pricing", label: "Pricing" },
  { to: "/admin/testimonials", label: "Testimonials" },
  { to: "/admin/badges", label: "Partner badges" },
  { to: "/admin/case-studies", label: "Case studies" },
  { to: "/admin/figures", label: "Figures" },
  { to: "/admin/team", label: "Team" },
  { to: "/admin/contact", label: "Contact details" },
  { to: "/admin/service-pages", label: "Service pages" },
];

/**
 * A site-content editor's page (server/site-content/editor.server.ts): the version it was opened at, what
 * the last save or restore did, a refused save's messages over what was typed, the fields, the revisions.
 */
export function SiteContentEditor({
  title,
  shownOn,
  saveLabel,
  withImages = false,
  loaderData,
  actionData,
  children,
}: {
  title: string;
  shownOn: string;
  saveLabel: string;
  /** Its fields include images, uploaded with the save: the form posts multipart (server/articles/upload.ts). */
  withImages?: boolean;
  loaderData: EditorLoaderData;
  actionData: EditorActionData | undefined;
  children: (values: FormValues, errors: FieldErrors) => ReactNode;
}) {
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors ?? {};
  const version = actionData?.version ?? loaderData.version;
  const errorCount = Object.keys(errors).length;
  const { pathname } = useLocation();
  return (
    <div className="space-y-4">
      <nav aria-label="Site content">
        <ul className="flex flex-wrap gap-1 text-sm">
          {editors.map((editor) => (
            <li key={editor.to}>
              <Link
                to={editor.to}
                aria-current={pathname === editor.to ? "page" : undefined}
                className={cn(
                  "block rounded-md px-2.5 py-1 font-medium",
                  pathname === editor.to ? "bg-slate-200 text-ink" : "text-slate-700 hover:bg-slate-100 hover:text-ink",
                )}
              >
                {editor.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-sm text-slate-600">
        {loaderData.note} What is saved shows on {shownOn} on every instance within seconds.
      </p>
      {loaderData.done && !actionData && <Notice>{loaderData.done}</Notice>}
      {actionData?.problem && <Notice tone="error">{actionData.problem}</Notice>}
      {actionData?.preview && (
        <div role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          <p>
            Not saved yet: the pages below show this edit to whoever has their link, until {actionData.preview.until}. Save to put it live.
          </p>
          <ul className="mt-2 space-y-1">
            {actionData.preview.pages.map((page) => (
              <li key={page.path}>
                <a href={page.url} target="_blank" rel="noreferrer" className="font-medium underline">
                  {`Preview of ${page.path}`}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {errorCount > 0 && (
        <Notice tone="error">
          {errorCount === 1 ? "One field needs" : `${errorCount} fields need`} a change before this can be saved: see the messages below.
        </Notice>
      )}
      <Form key={version} method="post" encType={withImages ? "multipart/form-data" : undefined} className="space-y-4">
        <CsrfField token={loaderData.csrf} />
        <input type="hidden" name="version" value={version} />
        {children(values, errors)}
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="save" className={buttonClass({ size: "sm" })}>
            {saveLabel}
          </button>
          <button type="submit" name="intent" value="preview" className={buttonClass({ variant: "secondary", size: "sm" })}>
            Preview before saving
          </button>
        </div>
      </Form>

      <RevisionsSection revisions={loaderData.revisions} current={loaderData.version} csrf={loaderData.csrf} canRestore />
    </div>
  );
}
