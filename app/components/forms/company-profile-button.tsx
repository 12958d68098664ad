import type { ReactNode } from "react";
import { COMPANY_PROFILE_DIALOG_ID, prepareCompanyProfileForm } from "#app/components/forms/company-profile-dialog.tsx";

/** An invoker command the browser runs at the first press, before React (app/before-react/README.md); the loader where it cannot. */
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
