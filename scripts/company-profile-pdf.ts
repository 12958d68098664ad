// The company profile PDF the build serves until the server prepares one from the records (server/company-profile/).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { specContact } from "#app/content/contact-details.ts";
import { specPricing } from "#app/content/pricing.ts";
import { specServiceWords } from "#app/content/service-words.ts";
import { specFigures } from "#app/content/stats.ts";
import { specTeam } from "#app/content/team.ts";
import { companyProfilePdf } from "#app/forms/company-profile-pdf.ts";
import { drawCompanyProfile } from "#server/company-profile/draw.ts";

const root = path.resolve(import.meta.dirname, "..");
const output = path.resolve(root, process.argv[2] ?? path.join("build/client", companyProfilePdf.path));

const bytes = await drawCompanyProfile({
  pricing: specPricing,
  figures: specFigures,
  team: specTeam,
  contact: specContact,
  serviceWords: specServiceWords,
});
mkdirSync(path.dirname(output), { recursive: true });
writeFileSync(output, bytes);
console.log(`company-profile-pdf: wrote ${path.relative(root, output)} (${Math.round(bytes.length / 1024)} KB)`);
