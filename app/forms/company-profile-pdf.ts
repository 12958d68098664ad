import { site } from "#app/config/site.ts";

export const companyProfilePath = "/company-profile";

export const companyProfilePdf = {
  path: "/company-profile.pdf",
  fileName: `${site.name.replace(/\s+/g, "-")}-Company-Profile.pdf`,
} as const;

export function downloadCompanyProfile(): void {
  const link = document.createElement("a");
  link.href = companyProfilePdf.path;
  link.download = companyProfilePdf.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
