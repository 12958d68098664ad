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

// The enhanced form (its schema, bot check and toasts) loads when the dialog is wanted, not with the page.
const loadForm = () => import("#app/components/forms/company-profile-form.tsx");
type EnhancedForm = Awaited<ReturnType<typeof loadForm>>["CompanyProfileForm"];

/** After the frame that shows the answer to a press: work started in the press would hold that frame up. */
const afterNextFrame = (work: () => void) => requestAnimationFrame(() => setTimeout(work));

/** Starts fetching the enhanced form's code as the visitor reaches for an entry (on a phone, the tap itself). */
export function prepareCompanyProfileForm() {
  afterNextFrame(() => void loadForm());
}

/** The ids the HTML form's fields take (the enhanced form has its own). */
const htmlForm = { baseId: COMPANY_PROFILE_DIALOG_ID, errors: {}, values: undefined, autoFocusName: undefined };

/** What the visitor did in the HTML form, carried into the enhanced one. */
interface Carried {
  values: Record<string, string>;
  focused: string | null;
  /** Continue was pressed once React was there but before the enhanced form was: it presses it again. */
  continued: boolean;
}

/**
 * The company profile dialog (SPEC.md), opened from the footer, About and
 * Services pages: a native modal `<dialog>` in the page's HTML, so it opens
 * at the first press before React, and its first step is an HTML form whose
 * Continue posts to /company-profile (which answers with step 2), before React
 * and without JavaScript. Once React is there and the dialog is open, the
 * enhanced two-step form takes the HTML one's place with what the visitor
 * typed and where the focus was: the same fields, labels, messages and states.
 */
export function CompanyProfileDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [wanted, setWanted] = useState(false);
  const page = useFetcher<{ formPage: FormPageData }>();
  const requested = useRef(false);

  useEffect(() => {
    const element = dialog.current!;
    const want = () => element.open && setWanted(true);
    // Opened before React came, or later (once the dialog has painted open).
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

  // The HTML form stays until both the code and the data are there, then hands over in one frame.
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
              // Once React is here the enhanced form is on its way: it answers Continue, in the dialog.
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

/** Puts what the visitor typed in the HTML form into the enhanced one, before it paints. */
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

/**
 * Step 1 as HTML, the same as the enhanced form's: Continue posts it to
 * /company-profile, whose action checks name and email and answers with step 2.
 */
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
