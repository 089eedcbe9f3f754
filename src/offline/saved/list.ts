/**
 * The build's list of what saving needs (public/offline-saves.json, written
 * by scripts/build/offline-saves.mjs from src/offline/saved/build-list.ts),
 * and the choice of files for one item. Used by the page and the service
 * worker: no DOM, no worker API.
 */

import type { Lang } from "../../shared/i18n/lang";

/** A picture: its <source> formats in page order (srcset URLs, every width), then the <img>'s own. */
export interface SavePicture {
  sources: { type: string; urls: string[] }[];
  fallback: string[];
}

export interface SaveProduct {
  /** The page as the site serves it: /<slug>, no trailing slash. */
  path: string;
  title: string;
  /** The page, its page data and static-query data, app data, the scripts it runs and its PDFs. */
  files: string[];
  pictures: SavePicture[];
}

export interface SaveDocument {
  url: string;
  /** As the English library (/downloads) names it. */
  title: string;
  /** As the library of each language names it (/downloads, /ar/downloads): the file is the same in both. */
  titles?: Partial<Record<Lang, string>>;
}

export interface SaveList {
  /** The build's webpack compilation hash. */
  build: string;
  products: SaveProduct[];
  documents: SaveDocument[];
}

export type SavedKind = "product" | "document";

/**
 * Whether a browser whose best picture format is `best` (the type it chose
 * for a <picture> offering AVIF then WebP; "" when it took the <img>) shows
 * `type`: one that shows AVIF shows WebP too.
 */
function shows(best: string, type: string): boolean {
  return type === best || (best === "image/avif" && type === "image/webp");
}

/** The URLs of the one format this browser takes from `picture` (every width, so any srcset choice is saved). */
export function pictureFiles(picture: SavePicture, best: string): string[] {
  return picture.sources.find((source) => shows(best, source.type))?.urls ?? picture.fallback;
}

/** What saving `path` stores, or undefined when the build no longer has it. */
export function planItem(list: SaveList, kind: SavedKind, path: string, best: string): { title: string; titles?: Partial<Record<Lang, string>>; files: string[] } | undefined {
  if (kind === "document") {
    const doc = list.documents.find((d) => d.url === path);
    return doc && { title: doc.title, ...(doc.titles && { titles: doc.titles }), files: [doc.url] };
  }
  const product = list.products.find((p) => p.path === path);
  if (!product) return undefined;
  return { title: product.title, files: [...new Set([...product.files, ...product.pictures.flatMap((picture) => pictureFiles(picture, best))])] };
}

/** Files named by their content (the server's immutable ones): an unchanged name is an unchanged file. */
export function isImmutable(url: string): boolean {
  return url.startsWith("/static/") || /[-.][0-9a-f]{16,}\.(js|css)$/.test(url);
}
