/**
 * The document library (/downloads): one record per document the site
 * offers, made from the same data as the product pages, the PDFs and
 * /assets/json/downloads.json (src/build/catalogue-assets/). Pure: the sizes come
 * from a function the build gives (the built files' sizes, see sizes.ts).
 */
import { orderedProducts, categoryNames } from "../build/catalogue-assets/integrator-json";
import { productDocuments, tableConverts, toolsConvert } from "../build/catalogue-assets/product-documents";
import type { CatalogueAssetsData, DocumentKind, Product } from "../build/catalogue-assets/types";
import { catalogDocumentUrl, sampleDocumentUrl } from "../utils/downloads";
import { suppliedDocument } from "../shared/utils/media";

/** Types of document, in the order the filter lists them. */
export const LIBRARY_TYPES = ["catalogue", "data-sheet", "manual", "questionnaire", "policy", "certificate"] as const;
export type LibraryType = (typeof LIBRARY_TYPES)[number];

/** A product document's kind (data/products/*.json) as a library type. */
const TYPE_OF_KIND: Record<DocumentKind, LibraryType> = {
  catalog: "catalogue",
  datasheet: "data-sheet",
  manual: "manual",
  questionnaire: "questionnaire",
};

/** The kinds whose PDF prints the product's specification tables (product-documents.ts, renderProductDocument). */
const KINDS_WITH_FIGURES: readonly DocumentKind[] = ["catalog", "datasheet", "manual"];

export type UnitSystemId = "metric" | "imperial";

export interface LibraryDocument {
  /** Unique: the product document's id, or the policy's or certificate's id. */
  id: string;
  title: string;
  type: LibraryType;
  /** The product it belongs to; null for policies and certificates. */
  product: { slug: string; name: string } | null;
  /** The product's category; null for policies and certificates. */
  category: { slug: string; name: string } | null;
  /** The unit systems its figures are printed in; empty when it has no figure that converts. */
  units: UnitSystemId[];
  /** Only PDF files are published. */
  format: "pdf";
  /** Bytes of the built file; null when the build could not tell. */
  size: number | null;
  /** Where the file is served, linked directly. */
  url: string;
}

export interface LibraryOption {
  value: string;
  label: string;
}

/** The filters' choices, all taken from the records (so no choice ever leads to an empty list by itself). */
export interface LibraryOptions {
  categories: LibraryOption[];
  /** Products grouped under their category, in the site's order. */
  products: (LibraryOption & { category: string })[];
  types: LibraryType[];
}

/** True when some figure of a product's specification prints differently in metric and imperial. */
function productConverts(product: Product): boolean {
  return product.tabs.some(
    (tab) =>
      (tab.kind === "specifications" || tab.kind === "consumables") &&
      ((tab.tables ?? []).some(tableConverts) || toolsConvert(tab.tools ?? [])),
  );
}

/**
 * Every document: the products' documents (catalogues, data sheets, manuals,
 * questionnaires) in the site's product order, then the policies and the
 * certificates. A document the company has not supplied yet (not available)
 * has no file and is not listed.
 */
export function libraryDocuments(data: CatalogueAssetsData, sizeOf: (url: string) => number | null): LibraryDocument[] {
  const names = categoryNames(data);
  const products = orderedProducts(data).flatMap((product) => {
    const category = { slug: product.category, name: names.get(product.category) ?? product.category };
    const converts = productConverts(product);
    return productDocuments(product).map((doc): LibraryDocument => {
      const url = catalogDocumentUrl(doc.id);
      return {
        id: doc.id,
        title: doc.label,
        type: TYPE_OF_KIND[doc.kind],
        product: { slug: product.slug, name: product.name },
        category,
        // The build's own PDFs print their figures in both systems; what the company's own PDF prints is not known.
        units: converts && KINDS_WITH_FIGURES.includes(doc.kind) && !suppliedDocument(doc) ? ["metric", "imperial"] : [],
        format: "pdf",
        size: sizeOf(url),
        url,
      };
    });
  });
  const samples = [
    ...data.documents.policies.map((d) => ({ d, type: "policy" as const })),
    ...data.documents.certificates.map((d) => ({ d, type: "certificate" as const })),
  ].map(({ d, type }): LibraryDocument => {
    const url = sampleDocumentUrl(d.fileName);
    return { id: d.id, title: d.title, type, product: null, category: null, units: [], format: "pdf", size: sizeOf(url), url };
  });
  return [...products, ...samples];
}

/** The choices of the three filters, in the order the documents come. */
export function libraryOptions(documents: readonly LibraryDocument[]): LibraryOptions {
  const categories = new Map<string, LibraryOption>();
  const products = new Map<string, LibraryOption & { category: string }>();
  const types = new Set<LibraryType>();
  for (const doc of documents) {
    if (doc.category && !categories.has(doc.category.slug)) categories.set(doc.category.slug, { value: doc.category.slug, label: doc.category.name });
    if (doc.product && !products.has(doc.product.slug)) {
      products.set(doc.product.slug, { value: doc.product.slug, label: doc.product.name, category: doc.category?.slug ?? "" });
    }
    types.add(doc.type);
  }
  return {
    categories: [...categories.values()],
    products: [...products.values()],
    types: LIBRARY_TYPES.filter((t) => types.has(t)),
  };
}

/** Checks the records: ids unique. Returns the problems found (empty when none). */
export function libraryProblems(documents: readonly LibraryDocument[]): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const doc of documents) {
    if (seen.has(doc.id)) problems.push(`two documents share the id ${doc.id}`);
    seen.add(doc.id);
    if (doc.size === null) problems.push(`the size of ${doc.url} is not known`);
  }
  return problems;
}
