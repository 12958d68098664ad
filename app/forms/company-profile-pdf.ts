import { site } from "#app/config/site.ts";

/** The page holding the two-step form; its action receives the dialog's posts too. */
export const companyProfilePath = "/company-profile";

/** The PDF the form unlocks: a static file written at build by scripts/company-profile-pdf.ts. */
export const companyProfilePdf = {
  path: "/company-profile.pdf",
  fileName: `${site.name.replace(/\s+/g, "-")}-Company-Profile.pdf`,
} as const;

/** Starts the download with a generated link, clicked: the browser's own download, named by the link. */
export function downloadCompanyProfile(): void {
  const link = document.createElement("a");
  link.href = companyProfilePdf.path;
  link.download = companyProfilePdf.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
