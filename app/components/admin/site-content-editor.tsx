import type { ReactNode } from "react";
import { Form } from "react-router";
import type { FieldErrors } from "#app/components/admin/mapped-field.tsx";
import { RevisionsSection } from "#app/components/admin/revisions.tsx";
import { CsrfField, Notice } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import type { FormValues } from "#app/content/field-map.ts";

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
}

/**
 * A site-content editor's page (server/site-content/editor.server.ts): the version it was opened at, what
 * the last save or restore did, a refused save's messages over what was typed, the fields, the revisions.
 */
export function SiteContentEditor({
  title,
  shownOn,
  saveLabel,
  loaderData,
  actionData,
  children,
}: {
  title: string;
  shownOn: string;
  saveLabel: string;
  loaderData: EditorLoaderData;
  actionData: EditorActionData | undefined;
  children: (values: FormValues, errors: FieldErrors) => ReactNode;
}) {
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors ?? {};
  const version = actionData?.version ?? loaderData.version;
  const errorCount = Object.keys(errors).length;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-sm text-slate-600">
        {loaderData.note} What is saved shows on {shownOn} on every instance within seconds.
      </p>
      {loaderData.done && !actionData && <Notice>{loaderData.done}</Notice>}
      {actionData?.problem && <Notice tone="error">{actionData.problem}</Notice>}
      {errorCount > 0 && (
        <Notice tone="error">
          {errorCount === 1 ? "One field needs" : `${errorCount} fields need`} a change before this can be saved: see the messages below.
        </Notice>
      )}
      <Form key={version} method="post" className="space-y-4">
        <CsrfField token={loaderData.csrf} />
        <input type="hidden" name="version" value={version} />
        {children(values, errors)}
        <button type="submit" name="intent" value="save" className={buttonClass({ size: "sm" })}>
          {saveLabel}
        </button>
      </Form>

      <RevisionsSection revisions={loaderData.revisions} current={loaderData.version} csrf={loaderData.csrf} canRestore />
    </div>
  );
}
