/** Types of testkit/search-queries.cjs (the queries the search is measured and tested with). */

export interface CatalogueProduct {
  slug: string;
  name: string;
  category: string;
  models?: string[];
  shortDescription?: string;
  [key: string]: unknown;
}

export interface Catalogue {
  english: { products: CatalogueProduct[]; categories: { slug: string; name: string }[] };
  arabic: { products: CatalogueProduct[]; categories: { slug: string; name: string }[] };
  /** Products without an Arabic overlay (or without an Arabic name in it). */
  missingArabic: string[];
}

export interface Query {
  kind: string;
  query: string;
  /** The products that answer it. */
  expect: string[];
}

export interface Miss extends Query {
  found: string[];
  first: boolean;
  top3: boolean;
}

export interface Figures {
  total: number;
  first: number;
  top3: number;
  misses: Miss[];
}

export function readCatalogue(root: string): Catalogue;
export function arabicVariants(name: string): { kind: string; query: string }[];
export function indicDigits(code: string, extended?: boolean): string;
export function englishQueries(products: CatalogueProduct[]): Query[];
export function arabicQueries(products: CatalogueProduct[]): Query[];
export function rankFigures(search: (query: string) => string[], queries: Query[]): Figures;
export const ARABIC_EXTRA_QUERIES: { query: string; expect: string[] }[];
