import fs from "fs";
import path from "path";
import { localePath, type Lang } from "../shared/i18n/lang";
import { mergeOverlay } from "../shared/i18n/overlay.cjs";
import { jobPosting, organizationWithContacts, type CompanyForSchema, type ContactCardForSchema, type JsonLd, type RoleForSchema } from "../utils/structured-data";

/**
 * The company's logo as job postings name it: the square mark the build draws
 * (scripts/build/service-worker.mjs copies it to public/icons/, the icon of
 * the web app manifest).
 */
export const COMPANY_LOGO = "/icons/icon-512.png";

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, "utf8"));

/** A data file in a language: the English file, or its Arabic overlay merged onto it. */
const readData = <T>(dataDir: string, file: string, lang: Lang = "en"): T => {
  const english = readJson(path.join(dataDir, file));
  const overlay = path.join(dataDir, file.replace(/\.json$/, ".ar.json"));
  return (lang === "ar" && fs.existsSync(overlay) ? mergeOverlay(english, readJson(overlay)) : english) as T;
};

/**
 * The structured data of the pages of src/pages that have their own: one
 * JobPosting per opening on /careers (data/careers.json), the organisation with
 * one ContactPoint per contact card on /contact (data/contact.json), both with
 * data/company.json. Worked out at build time (gatsby-node.ts, onCreatePage), like the product pages',
 * so the pages carry no code to build it; by path, or undefined.
 */
export function pageStructuredData(dataDir: string, pagePath: string, lang: Lang = "en"): JsonLd[] | undefined {
  const company = readData<CompanyForSchema>(dataDir, "company.json", lang);
  if (pagePath === "/careers") {
    const careers = readData<{ openings: { responsibilitiesLabel: string; roles: RoleForSchema[] } }>(dataDir, "careers.json", lang);
    // The page's own form takes the application (résumé and cover letter, for the role chosen): a direct application.
    const page = { path: localePath(lang, "/careers"), responsibilitiesLabel: careers.openings.responsibilitiesLabel, directApply: true };
    return careers.openings.roles.map((role) => jobPosting({ ...company, logo: COMPANY_LOGO }, role, page));
  }
  if (pagePath === "/contact") {
    const contact = readData<{ contactCards: ContactCardForSchema[] }>(dataDir, "contact.json", lang);
    return [organizationWithContacts(company, contact.contactCards)];
  }
  return undefined;
}
