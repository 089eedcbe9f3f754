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

export function product(siteUrl: string, company: { name: string }, p: ProductForSchema): JsonLd {
  const url = `${base(siteUrl)}/${p.slug}`;
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

/** Serialises JSON-LD for a <script> element: "<" escaped so no text can close the element. */
export function jsonLdText(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
