import type { ReactNode } from "react";
import { COMPANY_PROFILE_DIALOG_ID, prepareCompanyProfileForm } from "#app/components/forms/company-profile-dialog.tsx";

/**
 * "Download Company Profile": opens the company profile dialog by an invoker
 * command, which the browser runs at the first press, before React and without
 * JavaScript (app/before-react/README.md); the loader runs it where the browser
 * cannot. Reaching for it fetches the form React enhances the dialog with.
 */
export function CompanyProfileButton({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <button
      type="button"
      command="show-modal"
      commandfor={COMPANY_PROFILE_DIALOG_ID}
      aria-haspopup="dialog"
      className={className}
      onPointerEnter={prepareCompanyProfileForm}
      onFocus={prepareCompanyProfileForm}
    >
      {children}
    </button>
  );
}
