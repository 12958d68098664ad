import { Icon } from "#app/components/ui/icon.tsx";
import { Dialog } from "radix-ui";
import { type RefObject, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { FormPageData } from "#app/forms/captcha-config.ts";
import { companyProfilePath } from "#app/forms/company-profile-pdf.ts";
import { CompanyProfileForm } from "#app/components/forms/company-profile-form.tsx";

/**
 * The company profile dialog. Loaded only when a visitor opens it; it asks the
 * /company-profile page for a fresh form token and the bot check to run, so
 * prerendered pages can open it too.
 */
export default function CompanyProfileDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The entry that opened it: the dialog has no Radix trigger of its own, so focus is handed back by hand. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const page = useFetcher<{ formPage: FormPageData }>();
  const requested = useRef(false);
  useEffect(() => {
    if (!open || requested.current) return;
    requested.current = true;
    void page.load(companyProfilePath);
  }, [open, page]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl sm:p-8"
        >
          <Dialog.Title className="pr-8 text-2xl font-bold text-ink">Download Our Company Profile</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-600">
            Our services, prices, process, guarantees and team in one PDF. Tell us where to find you and the download starts straight away.
          </Dialog.Description>
          <div className="mt-6">
            {page.data ? (
              <CompanyProfileForm page={page.data.formPage} onFinished={(ok) => ok && onOpenChange(false)} />
            ) : (
              <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
                <Icon name="loader-circle" className="size-4 animate-spin" /> Loading the form...
              </p>
            )}
          </div>
          <Dialog.Close
            className="absolute top-4 right-4 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-ink"
            aria-label="Close"
          >
            <Icon name="x" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
