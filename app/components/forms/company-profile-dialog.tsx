import { type FormEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { RequiredNote, TextField } from "#app/components/forms/fields.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { Icon } from "#app/components/ui/icon.tsx";
import type { FormPageData } from "#app/forms/captcha-config.ts";
import { companyProfileFields } from "#app/forms/company-profile-fields.ts";
import { companyProfilePath } from "#app/forms/company-profile-pdf.ts";
import { stepField, stepIntent } from "#app/forms/steps.ts";

export const COMPANY_PROFILE_DIALOG_ID = "company-profile";

const loadForm = () => import("#app/components/forms/company-profile-form.tsx");
type EnhancedForm = Awaited<ReturnType<typeof loadForm>>["CompanyProfileForm"];

/** Work started in the press would hold up the frame that answers it. */
const afterNextFrame = (work: () => void) => requestAnimationFrame(() => setTimeout(work));

export function prepareCompanyProfileForm() {
  afterNextFrame(() => void loadForm());
}

const htmlForm = { baseId: COMPANY_PROFILE_DIALOG_ID, errors: {}, values: undefined, autoFocusName: undefined };

interface Carried {
  values: Record<string, string>;
  focused: string | null;
  continued: boolean;
}

/** A native `<dialog>` with an HTML first step that works before React; the enhanced form takes its place with what was typed. */
export function CompanyProfileDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [wanted, setWanted] = useState(false);
  const page = useFetcher<{ formPage: FormPageData }>();
  const requested = useRef(false);

  useEffect(() => {
    const element = dialog.current!;
    const want = () => element.open && setWanted(true);
    want();
    const wantAfterFrame = () => afterNextFrame(want);
    element.addEventListener("toggle", wantAfterFrame);
    return () => element.removeEventListener("toggle", wantAfterFrame);
  }, []);
  useEffect(() => {
    if (!wanted || requested.current) return;
    requested.current = true;
    void page.load(companyProfilePath);
  }, [wanted, page]);

  const [Form, setForm] = useState<EnhancedForm>();
  useEffect(() => {
    if (wanted) void loadForm().then((module) => setForm(() => module.CompanyProfileForm));
  }, [wanted]);

  const [carried, setCarried] = useState<Carried>();
  const continued = useRef(false);
  const ready = Form !== undefined && page.data !== undefined;
  useLayoutEffect(() => {
    if (!ready || carried) return;
    const form = dialog.current!.querySelector("form")!;
    const values = Object.fromEntries(["name", "email"].map((name) => [name, (form.elements.namedItem(name) as HTMLInputElement).value]));
    const active = document.activeElement;
    setCarried({
      values,
      focused: active instanceof HTMLInputElement && form.contains(active) ? active.name : null,
      continued: continued.current,
    });
  }, [ready, carried]);

  return (
    <dialog
      ref={dialog}
      id={COMPANY_PROFILE_DIALOG_ID}
      closedby="any"
      aria-labelledby={`${COMPANY_PROFILE_DIALOG_ID}-title`}
      aria-describedby={`${COMPANY_PROFILE_DIALOG_ID}-lead`}
      className="profile-dialog"
    >
      <h2 id={`${COMPANY_PROFILE_DIALOG_ID}-title`} className="pr-8 text-2xl font-bold text-ink">
        Download Our Company Profile
      </h2>
      <p id={`${COMPANY_PROFILE_DIALOG_ID}-lead`} className="mt-2 text-slate-600">
        Our services, prices, process, guarantees and team in one PDF. Tell us where to find you and the download starts straight away.
      </p>
      <div className="mt-6">
        {carried && Form && page.data ? (
          <Enhanced carried={carried}>
            <Form page={page.data.formPage} onFinished={(ok) => ok && dialog.current?.close()} />
          </Enhanced>
        ) : (
          <HtmlStepOne
            onSubmit={(event) => {
              event.preventDefault();
              continued.current = true;
              event.currentTarget.querySelector("button")?.setAttribute("aria-busy", "true");
            }}
          />
        )}
      </div>
      <button
        type="button"
        command="close"
        commandfor={COMPANY_PROFILE_DIALOG_ID}
        className="absolute top-4 right-4 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-ink"
        aria-label="Close"
      >
        <Icon name="x" className="size-5" />
      </button>
    </dialog>
  );
}

function Enhanced({ carried, children }: { carried: Carried; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const form = box.current!.querySelector("form")!;
    for (const [name, value] of Object.entries(carried.values)) (form.elements.namedItem(name) as HTMLInputElement).value = value;
    if (carried.focused) (form.elements.namedItem(carried.focused) as HTMLInputElement).focus();
    if (carried.continued) form.requestSubmit(form.querySelector<HTMLButtonElement>(`button[value="${stepIntent.next}"]`));
  }, [carried]);
  return <div ref={box}>{children}</div>;
}

function HtmlStepOne({ onSubmit }: { onSubmit?: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <form method="post" action={companyProfilePath} onSubmit={onSubmit} className="space-y-5">
      <p className="text-sm font-medium text-brand-700">Step 1 of 2</p>
      <input type="hidden" name={stepField} value={1} />
      <div className="space-y-5">
        <RequiredNote />
        <TextField lead={htmlForm} field={companyProfileFields.name} />
        <TextField lead={htmlForm} field={companyProfileFields.email} />
      </div>
      <button type="submit" name="intent" value={stepIntent.next} className={buttonClass({ size: "lg", className: "w-full" })}>
        Continue
      </button>
    </form>
  );
}
