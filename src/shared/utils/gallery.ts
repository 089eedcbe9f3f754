/**
 * The product gallery's constants and the pure logic behind
 * it, kept free of React so it can be unit-tested.
 */

import { fill } from "./template";

/** Time between a thumbnail click and the chosen image showing: 200 ms. */
export const GALLERY_FADE_MS = 200;

/** First and last product image id: ids run from 1 to 59. */
export const FIRST_IMAGE_ID = 1;
export const LAST_IMAGE_ID = 59;

/** Folder of the product images under generated/images/ (File nodes' relativeDirectory). */
export const PRODUCT_IMAGE_DIR = "products";

/** Relative path of a product image: products/<id>.png. */
export function productImagePath(id: number): string {
  return `${PRODUCT_IMAGE_DIR}/${id}.png`;
}

/** URL of a product image as the build publishes it: the id names the file, with .png (a product's first id names its main image). */
export function productImageUrl(id: number): string {
  return `/assets/images/${id}.png`;
}

/** True for a product image id: an integer from 1 to 59. */
export function isImageId(id: number): boolean {
  return Number.isInteger(id) && id >= FIRST_IMAGE_ID && id <= LAST_IMAGE_ID;
}

/** The product a gallery shows: its slug and its images. */
export interface GalleryProduct {
  slug: string;
  imageIds: readonly number[];
}

/**
 * The product whose images the gallery shows: the one named by `slug`; when
 * the slug is empty or names no product, the default product (the build
 * passes data/product-ui.json's defaultProduct, top-loading-arms); null when
 * neither exists.
 */
export function resolveGalleryProduct<P extends GalleryProduct>(slug: string | null | undefined, products: readonly P[], defaultSlug: string): P | null {
  const wanted = (slug ?? "").trim();
  const found = wanted ? products.find((p) => p.slug === wanted) : undefined;
  return found ?? products.find((p) => p.slug === defaultSlug) ?? null;
}

/**
 * The image ids a gallery shows, in order, without duplicates or ids outside
 * 1–59. An empty result means the page shows "No products found for this
 * page." instead (the Gallery also leaves out an id whose file was not drawn).
 */
export function galleryImageIds(product: GalleryProduct | null): number[] {
  if (!product) return [];
  const ids: number[] = [];
  for (const id of product.imageIds) {
    if (isImageId(id) && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * The image ids the gallery of the page `slug` shows (the product's own, or
 * the default product's when the slug names none), worked out at build so a
 * page queries and ships only its own images.
 */
export function galleryIdsFor(slug: string | null | undefined, products: readonly GalleryProduct[], defaultSlug: string): number[] {
  return galleryImageIds(resolveGalleryProduct(slug, products, defaultSlug));
}

/** Accessible name of a thumbnail button: position is 0-based, the label counts from 1. */
export function thumbnailLabel(template: string, position: number, count: number): string {
  return fill(template, { n: position + 1, count });
}

/**
 * Gallery state: `shown` is the image in the main frame, `chosen` the one the
 * visitor picked last (its thumbnail is pressed at once); while they differ,
 * the main image is fading out.
 */
export interface GalleryState {
  shown: number;
  chosen: number;
}

export const initialGalleryState: GalleryState = { shown: 0, chosen: 0 };

/** A thumbnail click: the thumbnail is pressed now; the main image follows after the fade delay. */
export function chooseImage(state: GalleryState, index: number, count: number): GalleryState {
  if (count <= 0 || index < 0 || index >= count) return state;
  return { ...state, chosen: index };
}

/** The fade delay is over: the main frame shows the chosen image. */
export function settleImage(state: GalleryState): GalleryState {
  return state.shown === state.chosen ? state : { ...state, shown: state.chosen };
}

/** True while the main image fades out towards another one. */
export function isFading(state: GalleryState): boolean {
  return state.shown !== state.chosen;
}

/**
 * Milliseconds to wait before the chosen image shows. With reduced motion
 * there is no fade, so nothing to wait for: the image swaps at once.
 */
export function fadeDelay(reducedMotion: boolean): number {
  return reducedMotion ? 0 : GALLERY_FADE_MS;
}
