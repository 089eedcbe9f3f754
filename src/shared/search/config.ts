/**
 * How the product search index is built. Shared by gatsby-config.ts (which
 * builds the index at build time through gatsby-plugin-local-search), the
 * browser and the server (which load it) and the unit tests (which build the
 * same index from the same data). What the index is made from is in
 * index-source.ts, which only the build reads.
 */

import type { Lang } from "../i18n/lang";
import { ARABIC_SPLIT, encodeArabic } from "./arabic";

/** flexsearch 0.6 options of the English index: case-insensitive, every word prefix indexed ("torq" finds "torque"). */
export const ENGINE_OPTIONS = { encode: "icase", tokenize: "forward", threshold: 0, resolution: 9, depth: 0 } as const;

/**
 * flexsearch 0.6 options of the Arabic index: the English ones with the
 * Arabic encoder and splitter (arabic.ts), which read Latin words and model
 * numbers as the English index does. Functions, not names: the build and
 * every reader of the index must pass these same options (engine.ts).
 */
export const ARABIC_ENGINE_OPTIONS = { encode: encodeArabic, split: ARABIC_SPLIT, tokenize: "forward", threshold: 0, resolution: 9, depth: 0 } as const;

/** The engine options of the index of a language. */
export function engineOptions(lang: Lang): typeof ENGINE_OPTIONS | typeof ARABIC_ENGINE_OPTIONS {
  return lang === "ar" ? ARABIC_ENGINE_OPTIONS : ENGINE_OPTIONS;
}

/** What the browser gets for each product (the store): enough for a result card. */
export interface SearchRecord {
  slug: string;
  name: string;
  /** Name of the product's category. */
  category: string;
  /** Gallery image ids; the first names the card image. */
  imageIds: number[];
  /** Model codes named by the specification. */
  models: string[];
  /** A small card image made by gatsby-plugin-sharp from the product's first photo, else its first drawn image, when there is one. */
  image: { src: string; width: number; height: number } | null;
  /** The English name, shown beside the Arabic one (Arabic index only). */
  englishName?: string;
}

/** A record as indexed: the record plus the text flexsearch reads. */
export interface IndexedRecord extends SearchRecord {
  text: string;
}

export const INDEX_FIELDS = ["text"];
export const STORE_FIELDS: (keyof SearchRecord)[] = ["slug", "name", "category", "imageIds", "models", "image"];
export const ARABIC_STORE_FIELDS: (keyof SearchRecord)[] = [...STORE_FIELDS, "englishName"];
