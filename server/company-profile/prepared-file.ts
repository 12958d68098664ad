import { isDeepStrictEqual } from "node:util";
import { specPricing } from "#app/content/pricing.ts";
import { companyProfilePdf } from "#app/forms/company-profile-pdf.ts";
import type { StaticFiles } from "#server/http/static.ts";
import { log } from "#server/log.ts";
import type { SiteServices } from "#server/services.ts";

/**
 * The company profile PDF follows the live pricing: drawn again in the heavy-work process (never on the
 * threads a lead waits on) whenever the pricing changes, and served from memory as the build's one is.
 * The build's PDF already shows SPEC.md's pricing, so a site that never edited it draws nothing.
 */
export function prepareCompanyProfile({ services, files }: { services: SiteServices; files: Pick<StaticFiles, "putFile"> }): void {
  services.siteContent.prepareWith(async (pricing) => {
    if (isDeepStrictEqual(pricing, specPricing)) return;
    try {
      const pdf = await services.heavyWork.run("profile", { pricing });
      // Only if no newer pricing arrived while it was drawn.
      if (services.siteContent.pricing() === pricing) files.putFile(companyProfilePdf.path, Buffer.from(pdf));
    } catch (error) {
      log.error("Company profile: could not draw it from the live pricing; the last one is served:", error);
    }
  });
}
