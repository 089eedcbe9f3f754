/**
 * The company's own media (data/media/) and the drawn stand-ins: which file a
 * picture, a product's gallery or a document comes from. Pure (no file
 * access), so the build (gatsby-node.ts, the search index, the catalogue
 * assets) and the unit tests share one answer; the choice is made at build
 * time and never shipped to the browser as code.
 *
 * The data names a company file by its name only; it lives in one folder per
 * kind under data/media/:
 *   products/   product photos (JPEG, PNG, WebP), any number per product
 *   logos/      client logos (SVG or PNG)
 *   pictures/   page pictures (JPEG, PNG, WebP), and video posters
 *   video/      background videos (MP4, WebM)
 *   documents/  PDFs (certificates, policies, catalogues, data sheets, manuals, questionnaires)
 */
import { isImageId, productImagePath, productImageUrl } from "./gallery";

export const MEDIA_FOLDERS = ["products", "logos", "pictures", "video", "documents"] as const;
export type MediaFolder = (typeof MEDIA_FOLDERS)[number];

/** The gatsby-source-filesystem instances: "data" (data/, so data/media/ too) and "images" (the drawn pictures, generated/images/). */
export const DATA_SOURCE = "data";
export const DRAWN_SOURCE = "images";

/** Where a company file is, relative to data/ (its File node's relativePath in the "data" source). */
export function mediaPath(folder: MediaFolder, name: string): string {
  return `media/${folder}/${name}`;
}

/** A File node as the build finds it: by its source and its path inside it. */
export interface FileRef {
  sourceInstanceName: string;
  relativePath: string;
}

/**
 * The file a picture field names ("careers/team.jpg", a logo's "home/client-logo-1.png"):
 * the company's file of that name in data/media/<folder>/ when there is one,
 * else the drawn picture of that name (generated/images/).
 */
export function pictureFile(folder: "pictures" | "logos" | "products", name: string, companyHas: (relativePath: string) => boolean): FileRef {
  const own = mediaPath(folder, name);
  return companyHas(own) ? { sourceInstanceName: DATA_SOURCE, relativePath: own } : { sourceInstanceName: DRAWN_SOURCE, relativePath: name };
}

/** One picture of a product's gallery: `id` tells it apart on the page (a drawn id such as "48", or the photo's file name). */
export interface ProductPicture {
  id: string;
  /** relativePath of its File node: "media/products/<photo>" (data source) or "products/<id>.png" (drawn). */
  path: string;
  /** True for the company's photo, false for a drawn stand-in. */
  photo: boolean;
  /** Where the build publishes it as a file of its own (structured data, /assets/json/products.json). */
  url: string;
}

export interface PicturedProduct {
  imageIds: readonly number[];
  photos?: readonly string[] | null;
}

/** URL of a company product photo as published as given: /assets/images/photos/<file name>. */
export function productPhotoUrl(name: string): string {
  return `/assets/images/photos/${encodeURIComponent(name)}`;
}

/**
 * A product's pictures, in order: its photos when it names any (each once),
 * else its drawn pictures (ids 1 to 59, each once). The first is its card
 * picture (category page, search result, structured data).
 */
export function productPictures(product: PicturedProduct): ProductPicture[] {
  const photos = [...new Set((product.photos ?? []).filter((name) => name.trim() !== ""))];
  if (photos.length > 0) return photos.map((name) => ({ id: name, path: mediaPath("products", name), photo: true, url: productPhotoUrl(name) }));
  const ids = [...new Set(product.imageIds.filter(isImageId))];
  return ids.map((id) => ({ id: String(id), path: productImagePath(id), photo: false, url: productImageUrl(id) }));
}

/** The card picture of a product (its first), or null when it has none. */
export function cardPicture(product: PicturedProduct): ProductPicture | null {
  return productPictures(product)[0] ?? null;
}

/** A document that may name the company's own PDF. */
export interface SuppliedDocument {
  file?: string | null;
}

/** The company's PDF of a document, relative to data/ (data/media/documents/<file>), or null when the build writes it. */
export function suppliedDocument(doc: SuppliedDocument): string | null {
  const name = doc.file?.trim();
  return name ? mediaPath("documents", name) : null;
}

/** A product document is offered when the data says it is available, or when the company gave its PDF. */
export function documentOffered(doc: SuppliedDocument & { available: boolean }): boolean {
  return doc.available || suppliedDocument(doc) !== null;
}

/** The video files of a background video, in the order the browser should try them (WebM before MP4). */
export interface VideoFiles {
  files?: readonly string[] | null;
}

const VIDEO_TYPES: Record<string, string> = { webm: "webm", mp4: "mp4" };

/**
 * The formats a background video is published in: those of the company's
 * files (data/media/video/) when it gives any, WebM first; else the drawn
 * video's two (static/videos/<name>.webm and .mp4).
 */
export function videoFormats(video: VideoFiles): string[] {
  const given = (video.files ?? []).map((f) => VIDEO_TYPES[f.split(".").pop()?.toLowerCase() ?? ""]).filter((f): f is string => Boolean(f));
  if (given.length === 0) return ["webm", "mp4"];
  return ["webm", "mp4"].filter((f) => given.includes(f));
}
