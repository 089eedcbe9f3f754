/**
 * The JSON files the build publishes for integrators, made from the same data
 * as the pages: /assets/json/products.json (product catalogue entries) and
 * /assets/json/downloads.json (download file records).
 */
import { catalogDocumentUrl, sampleDocumentUrl, type DownloadCategory, type DownloadRecord } from "../../utils/downloads";
import { documentOffered, productPictures } from "../../shared/utils/media";
import type { CatalogueAssetsData, Product } from "./types";

/**
 * A product catalogue entry: name, image ids (the drawn images,
 * /assets/images/<id>.png), link (the page name) and the category's name; and
 * `photos` when the company gave the product's photos: their URLs, which
 * replace the drawn images (the first is the main one).
 */
export interface ProductRecord {
  name: string;
  imageIds: number[];
  photos?: string[];
  link: string;
  category: string;
}

/**
 * Products in the order the site shows them: categories in the order of the
 * header's Products menu, each category's products in its page's order; any
 * product no category lists comes last, by slug.
 */
export function orderedProducts(data: CatalogueAssetsData): Product[] {
  const bySlug = new Map(data.products.nodes.map((p) => [p.slug, p]));
  const menu = data.navigation.header.flatMap((item) => item.children.map((c) => c.to.replace(/^\//, "")));
  const rank = (slug: string) => {
    const i = menu.indexOf(slug);
    return i === -1 ? menu.length : i;
  };
  const categories = [...data.categories.nodes].sort((a, b) => rank(a.slug) - rank(b.slug) || a.slug.localeCompare(b.slug));
  const ordered: Product[] = [];
  for (const category of categories) {
    for (const { slug } of category.products) {
      const product = bySlug.get(slug);
      if (product && !ordered.includes(product)) ordered.push(product);
    }
  }
  const rest = data.products.nodes.filter((p) => !ordered.includes(p)).sort((a, b) => a.slug.localeCompare(b.slug));
  return [...ordered, ...rest];
}

export function categoryNames(data: CatalogueAssetsData): Map<string, string> {
  return new Map(data.categories.nodes.map((c) => [c.slug, c.name]));
}

export function productRecords(data: CatalogueAssetsData): ProductRecord[] {
  const names = categoryNames(data);
  return orderedProducts(data).map((p) => {
    const photos = productPictures(p)
      .filter((picture) => picture.photo)
      .map((picture) => picture.url);
    return {
      name: p.name,
      imageIds: p.imageIds,
      ...(photos.length > 0 ? { photos } : {}),
      link: p.slug,
      category: names.get(p.category) ?? p.category,
    };
  });
}

const PRODUCT_DOWNLOADS: Record<string, DownloadCategory> = {
  catalog: "product-catalog",
  questionnaire: "product-questionnaire",
};

/**
 * Download file records: policies and certificates (data/documents.json),
 * then every product's available catalogue and order questionnaire.
 */
export function downloadRecords(data: CatalogueAssetsData): DownloadRecord[] {
  const samples = [
    ...data.documents.policies.map((d) => ({ d, category: "policy" as const })),
    ...data.documents.certificates.map((d) => ({ d, category: "certificate" as const })),
  ].map(({ d, category }) => ({ id: d.id, name: d.fileName, url: sampleDocumentUrl(d.fileName), category, productId: null }));

  const products = orderedProducts(data).flatMap((p) =>
    p.tabs
      .flatMap((t) => t.documents ?? [])
      .filter((doc) => documentOffered(doc) && doc.kind in PRODUCT_DOWNLOADS)
      .map((doc) => ({
        id: doc.id,
        name: `${doc.id}.pdf`,
        url: catalogDocumentUrl(doc.id),
        category: PRODUCT_DOWNLOADS[doc.kind],
        productId: p.slug,
      })),
  );
  return [...samples, ...products];
}
