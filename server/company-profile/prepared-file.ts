import { isDeepStrictEqual } from "node:util";
import { type PricingContent, specPricing } from "#app/content/pricing.ts";
import { companyProfilePdf } from "#app/forms/company-profile-pdf.ts";
import type { StaticFiles } from "#server/http/static.ts";
import { log } from "#server/log.ts";
import type { SiteServices } from "#server/services.ts";

/**
 * The company profile PDF follows the live pricing: drawn again in the heavy-work process (never on the
 * threads a lead waits on) whenever the pricing changes, and served from memory as the build's one is.
 * The build's PDF already shows SPEC.md's pricing, so an instance serving it draws nothing until the
 * pricing differs; once it drew one, a restore of SPEC.md's pricing is drawn too.
 */
export async function prepareCompanyProfile({
  services,
  files,
}: {
  services: SiteServices;
  files: Pick<StaticFiles, "putFile">;
}): Promise<void> {
  let servingTheBuilds = true;
  const draw = async (pricing: PricingContent) => {
    if (servingTheBuilds && isDeepStrictEqual(pricing, specPricing)) return;
    try {
      const pdf = await services.heavyWork.run("profile", { pricing });
      // Only if no newer pricing arrived while it was drawn.
      if (services.siteContent.content("pricing") !== pricing) return;
      files.putFile(companyProfilePdf.path, Buffer.from(pdf));
      servingTheBuilds = false;
    } catch (error) {
      log.error("Company profile: could not draw it from the live pricing; the last one is served:", error);
    }
  };
  // After the pages' preparer: a visitor's page before the PDF.
  services.siteContent.prepareWith("pricing", draw);
  await draw(services.siteContent.content("pricing"));
}
