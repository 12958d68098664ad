import { isDeepStrictEqual } from "node:util";
import { companyProfilePdf } from "#app/forms/company-profile-pdf.ts";
import type { ProfileContent } from "#server/company-profile/draw.ts";
import type { StaticFiles } from "#server/http/static.ts";
import { log } from "#server/log.ts";
import type { SiteServices } from "#server/services.ts";
import { contentKinds } from "#server/site-content/kinds.ts";

/** The kinds of site content the profile shows. */
const shown = ["pricing", "figures", "team", "contact", "serviceWords"] as const satisfies ReadonlyArray<keyof ProfileContent>;

/**
 * The company profile PDF follows the live pricing, figures, team, contact details and service words: drawn again in the heavy-work
 * process (never on the threads a lead waits on) whenever one changes, and served from memory as the build's
 * one is. The build's PDF already shows SPEC.md's, so an instance serving it draws nothing until the
 * content differs; once it drew one, a restore of SPEC.md's is drawn too.
 */
export async function prepareCompanyProfile({
  services,
  files,
}: {
  services: SiteServices;
  files: Pick<StaticFiles, "putFile">;
}): Promise<void> {
  let servingTheBuilds = true;
  const live = (): ProfileContent => ({
    pricing: services.siteContent.content("pricing"),
    figures: services.siteContent.content("figures"),
    team: services.siteContent.content("team"),
    contact: services.siteContent.content("contact"),
    serviceWords: services.siteContent.content("serviceWords"),
  });
  const draw = async () => {
    const content = live();
    if (servingTheBuilds && shown.every((kind) => isDeepStrictEqual(content[kind], contentKinds[kind].spec))) return;
    try {
      const pdf = await services.heavyWork.run("profile", content);
      // Only if no newer content arrived while it was drawn.
      if (shown.some((kind) => services.siteContent.content(kind) !== content[kind])) return;
      files.putFile(companyProfilePdf.path, Buffer.from(pdf));
      servingTheBuilds = false;
    } catch (error) {
      log.error("Company profile: could not draw it from the live content; the last one is served:", error);
    }
  };
  // After the pages' preparer: a visitor's page before the PDF.
  for (const kind of shown) services.siteContent.prepareWith(kind, draw);
  await draw();
}
