/**
 * Everything the site links to besides its pages, written into public/ at the
 * end of the build from the data the pages are made from:
 *   assets/catalog/<document id>.pdf   every product document the pages link to
 *   assets/documents/<file name>       policies and certificates
 *   assets/json/products.json          product catalogue entries (integrators, search)
 *   assets/json/downloads.json         download file records (Certifications page)
 *   assets/images/<id>.png             the drawn product images, by id
 *   assets/images/photos/<file name>   the company's product photos, as given
 * A document whose data names the company's PDF (`file`, in
 * data/media/documents/) is that file, byte for byte; the others are written
 * by the build (a policy or certificate then says it is a sample).
 */
import fs from "fs";
import path from "path";
import { categoryNames, downloadRecords, orderedProducts, productRecords } from "./integrator-json";
import { documentPath, isDocumentKind, productDocuments, renderProductDocument } from "./product-documents";
import { renderSampleDocument } from "./sample-documents";
import type { CatalogueAssetsData } from "./types";
import { copyAsGiven, publishProductPhotos } from "../media";
import { suppliedDocument } from "../../shared/utils/media";

export { CATALOGUE_ASSETS_QUERY, catalogueAssetsQuery, PRODUCT_CONTENT_FRAGMENT } from "./query";
export type { CatalogueAssetsData } from "./types";

/** The part of Gatsby's reporter used here (console works too). */
export interface AssetReporter {
  info(message: string): void;
  warn(message: string): void;
}

export interface CatalogueAssetsOptions {
  data: CatalogueAssetsData;
  /** The build's output folder (public/). */
  publicDir: string;
  /** Where the product images are drawn (generated/images/products); null to skip copying them. */
  imagesDir: string | null;
  /** The data folder (data/), whose media/ holds the company's photos and PDFs; by default ./data. */
  dataDir?: string;
  reporter: AssetReporter;
}

/** The data folder when none is given: data/ of the folder the build runs in. */
export const DEFAULT_DATA_DIR = path.resolve("data");

export interface CatalogueAssetsResult {
  documents: string[];
  samples: string[];
  images: number[];
  photos: string[];
}

/** Writes through a temporary file and a rename, so a server never sends a half-written file. */
async function writeFile(file: string, content: Buffer | string): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(temporary, content);
  await fs.promises.rename(temporary, file);
}

/** Removes files of a folder this step owns that it did not write this time (documents dropped from the data); "" for every extension. */
async function removeStale(dir: string, keep: Set<string>, extension: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return;
  }
  await Promise.all(
    names.filter((n) => n.toLowerCase().endsWith(extension) && !keep.has(path.join(dir, n))).map((n) => fs.promises.rm(path.join(dir, n), { force: true })),
  );
}

/** The PDFs of every product document, one file per document id: the company's own as given, else written from the data. */
export async function writeProductDocuments(data: CatalogueAssetsData, publicDir: string, reporter: AssetReporter, dataDir = DEFAULT_DATA_DIR): Promise<string[]> {
  const names = categoryNames(data);
  const written: string[] = [];
  for (const product of orderedProducts(data)) {
    const categoryName = names.get(product.category);
    if (!categoryName) reporter.warn(`Catalogue assets: product ${product.slug} names an unknown category "${product.category}"`);
    for (const tab of product.tabs) {
      for (const doc of tab.documents ?? []) {
        if (doc.available && !isDocumentKind(doc.kind)) reporter.warn(`Catalogue assets: document ${doc.id} has an unknown kind "${doc.kind}"`);
      }
    }
    const ctx = { product, categoryName: categoryName ?? product.category, company: data.company, ui: data.ui, texts: data.documents.pdf };
    for (const doc of productDocuments(product)) {
      const file = path.join(publicDir, documentPath(doc.id));
      const own = suppliedDocument(doc);
      if (own) await copyAsGiven(path.join(dataDir, own), file);
      else await writeFile(file, await renderProductDocument(ctx, doc.kind, doc.label));
      written.push(file);
    }
  }
  return written;
}

/** The policies and certificates: the company's own PDF as given, else a sample that says it is one. */
export async function writeSampleDocuments(data: CatalogueAssetsData, publicDir: string, dataDir = DEFAULT_DATA_DIR): Promise<string[]> {
  const written: string[] = [];
  for (const doc of [...data.documents.policies, ...data.documents.certificates]) {
    const file = path.join(publicDir, "assets", "documents", doc.fileName);
    const own = suppliedDocument(doc);
    if (own) await copyAsGiven(path.join(dataDir, own), file);
    else await writeFile(file, await renderSampleDocument(doc, data.company, data.documents));
    written.push(file);
  }
  return written;
}

/** Copies generated/images/products/<id>.png to assets/images/<id>.png; warns for a referenced id not drawn. */
export async function copyProductImages(data: CatalogueAssetsData, imagesDir: string, publicDir: string, reporter: AssetReporter): Promise<number[]> {
  const target = path.join(publicDir, "assets", "images");
  let available: string[] = [];
  try {
    available = (await fs.promises.readdir(imagesDir)).filter((n) => /^\d+\.png$/.test(n));
  } catch {
    reporter.warn(`Catalogue assets: no product images in ${imagesDir}`);
  }
  await fs.promises.mkdir(target, { recursive: true });
  for (const name of available) await fs.promises.copyFile(path.join(imagesDir, name), path.join(target, name));
  const copied = available.map((n) => Number(n.replace(/\.png$/, ""))).sort((a, b) => a - b);
  const missing = [...new Set(data.products.nodes.flatMap((p) => p.imageIds))].filter((id) => !copied.includes(id)).sort((a, b) => a - b);
  if (missing.length > 0) reporter.warn(`Catalogue assets: product image ids not drawn yet: ${missing.join(", ")}`);
  return copied;
}

/** Checks the download records are usable: unique ids and file names. */
function checkRecords(records: { id: string; name: string }[], reporter: AssetReporter): void {
  const seen = new Set<string>();
  for (const r of records) {
    if (seen.has(r.id)) reporter.warn(`Catalogue assets: two downloads share the id ${r.id}`);
    seen.add(r.id);
  }
}

export async function writeCatalogueAssets({ data, publicDir, imagesDir, dataDir = DEFAULT_DATA_DIR, reporter }: CatalogueAssetsOptions): Promise<CatalogueAssetsResult> {
  const documents = await writeProductDocuments(data, publicDir, reporter, dataDir);
  await removeStale(path.join(publicDir, "assets", "catalog"), new Set(documents), ".pdf");
  const samples = await writeSampleDocuments(data, publicDir, dataDir);
  await removeStale(path.join(publicDir, "assets", "documents"), new Set(samples), ".pdf");

  const products = productRecords(data);
  const downloads = downloadRecords(data);
  checkRecords(downloads, reporter);
  await writeFile(path.join(publicDir, "assets", "json", "products.json"), `${JSON.stringify(products, null, 2)}\n`);
  await writeFile(path.join(publicDir, "assets", "json", "downloads.json"), `${JSON.stringify(downloads, null, 2)}\n`);

  const images = imagesDir ? await copyProductImages(data, imagesDir, publicDir, reporter) : [];
  const photos = await publishProductPhotos(data.products.nodes, dataDir, publicDir);
  await removeStale(path.join(publicDir, "assets", "images", "photos"), new Set(photos), "");
  const own = [...data.products.nodes.flatMap((p) => productDocuments(p)), ...data.documents.policies, ...data.documents.certificates].filter((d) => suppliedDocument(d));
  reporter.info(
    `Catalogue assets: ${documents.length} product PDFs, ${samples.length} policies and certificates (${own.length} of these documents the company's own, as given), ${products.length} products, ${downloads.length} downloads, ${images.length} images, ${photos.length} photos`,
  );
  return { documents, samples, images, photos };
}
