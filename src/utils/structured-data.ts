/** schema.org structured data (JSON-LD) for the Head of pages. */
import { formatCell, isMeasure, type Cell } from "./units";

export interface CompanyForSchema {
  name: string;
  legalName: string;
  siteUrl: string;
  phone: string;
  email: string;
  description: string;
  address: { locality: string; country: string };
}

export type JsonLd = Record<string, unknown>;

const base = (siteUrl: string) => siteUrl.replace(/\/+$/, "");

export function organization(company: CompanyForSchema, sameAs: string[] = []): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: company.name,
    legalName: company.legalName,
    url: base(company.siteUrl),
    description: company.description,
    email: company.email,
    telephone: company.phone,
    address: { "@type": "PostalAddress", addressLocality: company.address.locality, addressCountry: company.address.country },
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbList(siteUrl: string, crumbs: Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: `${base(siteUrl)}${c.path === "/" ? "" : c.path}` || base(siteUrl),
    })),
  };
}

export interface ProductForSchema {
  slug: string;
  name: string;
  shortDescription: string;
  categoryName: string;
  models: string[];
  /** Absolute or site-relative URL of the main image. */
  image?: string;
  tabs: { kind: string; tables?: { columns: { label: string; unit?: string | null }[]; rows: unknown }[] | null }[];
}

/**
 * Key specifications as PropertyValues: the rows of parameter/value tables
 * (two columns, first a name) whose value the specification gives, in metric.
 */
export function keySpecifications(product: ProductForSchema): { name: string; value: string }[] {
  const specs: { name: string; value: string }[] = [];
  for (const tab of product.tabs) {
    if (tab.kind !== "specifications") continue;
    for (const table of tab.tables ?? []) {
      if (table.columns.length !== 2 || !Array.isArray(table.rows)) continue;
      for (const row of table.rows as unknown[]) {
        if (!Array.isArray(row) || typeof row[0] !== "string") continue;
        const cell = row[1] as Cell;
        if (cell === null || cell === undefined) continue;
        if (typeof cell !== "string" && typeof cell !== "number" && !Array.isArray(cell) && !isMeasure(cell)) continue;
        specs.push({ name: row[0], value: formatCell(cell, "metric", table.columns[1].unit ?? undefined) });
      }
    }
  }
  return specs;
}

export function product(siteUrl: string, company: { name: string }, p: ProductForSchema, pagePath = `/${p.slug}`): JsonLd {
  const url = `${base(siteUrl)}${pagePath}`;
  const specs = keySpecifications(p);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    description: p.shortDescription,
    url,
    category: p.categoryName,
    brand: { "@type": "Brand", name: company.name },
    manufacturer: { "@type": "Organization", name: company.name },
    ...(p.image ? { image: p.image.startsWith("http") ? p.image : `${base(siteUrl)}${p.image}` } : {}),
    ...(p.models.length > 0 ? { model: p.models.join(", ") } : {}),
    ...(specs.length > 0 ? { additionalProperty: specs.map((s) => ({ "@type": "PropertyValue", name: s.name, value: s.value })) } : {}),
  };
}

export { jsonLdText } from "./json-ld-text";

/** Text as HTML text: the characters that mean markup escaped. */
function htmlText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A job opening as data/careers.json gives it (openings.roles[]). */
export interface RoleForSchema {
  title: string;
  description: string;
  responsibilities: string[];
  /** schema.org's value: FULL_TIME, PART_TIME, CONTRACTOR, TEMPORARY, INTERN... */
  employmentType: string;
  /** YYYY-MM-DD. */
  datePosted: string;
  /** YYYY-MM-DD; none while the opening stays open. */
  validThrough?: string | null;
  /** Where the job is, "Locality, Country", when not at the company's address. */
  location?: string | null;
}

/** The company as a job posting names it: data/company.json, and the address of its logo. */
export interface HiringCompany {
  name: string;
  siteUrl: string;
  address: { locality: string; country: string };
  /** Absolute or site-relative URL of the company's logo. */
  logo?: string;
}

/**
 * A job's place as a PostalAddress: the role's own location ("Locality,
 * Country": the country is the part after the last comma; without a comma the
 * text is the locality and the country is not said), else the company's.
 */
export function jobAddress(role: Pick<RoleForSchema, "location">, company: Pick<HiringCompany, "address">): JsonLd {
  const location = role.location?.trim();
  if (!location) return { "@type": "PostalAddress", addressLocality: company.address.locality, addressCountry: company.address.country };
  const comma = location.lastIndexOf(",");
  if (comma < 0) return { "@type": "PostalAddress", addressLocality: location };
  const locality = location.slice(0, comma).trim();
  return { "@type": "PostalAddress", ...(locality ? { addressLocality: locality } : {}), addressCountry: location.slice(comma + 1).trim() };
}

/**
 * One job opening as a schema.org JobPosting (what job search engines list):
 * its title, its description and responsibilities (as HTML, the form search
 * engines read), the day it was posted and, when given, the last day it takes
 * applications, its employment type, the hiring company (name, site, logo)
 * and where the job is. `directApply` says whether the page itself takes the
 * application (the careers page does: its form sends the résumé and cover
 * letter for that role).
 */
export function jobPosting(
  company: HiringCompany,
  role: RoleForSchema,
  page: { path: string; responsibilitiesLabel: string; directApply: boolean },
): JsonLd {
  const site = base(company.siteUrl);
  const description = [
    `<p>${htmlText(role.description)}</p>`,
    ...(role.responsibilities.length > 0
      ? [`<p>${htmlText(page.responsibilitiesLabel)}:</p>`, `<ul>${role.responsibilities.map((item) => `<li>${htmlText(item)}</li>`).join("")}</ul>`]
      : []),
  ].join("");
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: role.title,
    description,
    datePosted: role.datePosted,
    ...(role.validThrough ? { validThrough: role.validThrough } : {}),
    employmentType: role.employmentType,
    url: `${site}${page.path}`,
    hiringOrganization: {
      "@type": "Organization",
      name: company.name,
      sameAs: site,
      ...(company.logo ? { logo: company.logo.startsWith("http") ? company.logo : `${site}${company.logo}` } : {}),
    },
    jobLocation: { "@type": "Place", address: jobAddress(role, company) },
    directApply: page.directApply,
  };
}

/** A contact card of data/contact.json: the team, its address and what else the data gives. */
export interface ContactCardForSchema {
  title: string;
  email?: string | null;
  telephone?: string | null;
  areaServed?: string | string[] | null;
  availableLanguage?: string | string[] | null;
}

/** One ContactPoint per card: its title as the contactType, and only the fields the card gives. */
export function contactPoints(cards: ContactCardForSchema[]): JsonLd[] {
  const given = (value: string | string[] | null | undefined) => (Array.isArray(value) ? value.length > 0 : typeof value === "string" && value.trim() !== "");
  return cards.map((card) => ({
    "@type": "ContactPoint",
    contactType: card.title,
    ...(given(card.email) ? { email: card.email } : {}),
    ...(given(card.telephone) ? { telephone: card.telephone } : {}),
    ...(given(card.areaServed) ? { areaServed: card.areaServed } : {}),
    ...(given(card.availableLanguage) ? { availableLanguage: card.availableLanguage } : {}),
  }));
}

/** The organisation with the contact points of its teams (the contact page). */
export function organizationWithContacts(company: CompanyForSchema, cards: ContactCardForSchema[]): JsonLd {
  return { ...organization(company), contactPoint: contactPoints(cards) };
}
