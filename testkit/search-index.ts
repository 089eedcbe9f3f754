import fs from "fs";
import path from "path";
// The browser and the build use flexsearch 0.6, the version gatsby-plugin-local-search writes its index with.
import FlexSearch from "flexsearch";
import { INDEX_FIELDS, type IndexedRecord } from "../src/shared/search/config";
import { normalize, normalizeArabic, type SearchQueryResult } from "../src/shared/search/index-source";
import { createIndex } from "../src/shared/search/engine";
import { mergeOverlay } from "../src/shared/i18n/overlay.cjs";
import type { Store, TextIndex } from "../src/shared/search/productSearch";

const dataDir = path.resolve(__dirname, "../data");
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8"));

/** The English data files of a folder of data/ (not their Arabic overlays, *.ar.json). */
const readDir = (dir: string) =>
  fs
    .readdirSync(path.join(dataDir, dir))
    .filter((f) => f.endsWith(".json") && !f.endsWith(".ar.json"))
    .sort()
    .map((f) => readJson(path.join(dataDir, dir, f)));

const readArabicDir = (dir: string) =>
  fs
    .readdirSync(path.join(dataDir, dir))
    .filter((f) => f.endsWith(".json") && !f.endsWith(".ar.json"))
    .sort()
    .map((f) => {
      const overlay = path.join(dataDir, dir, f.replace(/\.json$/, ".ar.json"));
      return fs.existsSync(overlay) ? mergeOverlay(readJson(path.join(dataDir, dir, f)), readJson(overlay)) : null;
    });

/** Whether data/products has Arabic overlays (the Arabic search tests need them); throws when only some products have one. */
export function hasArabicProducts(): boolean {
  const twins = readArabicDir("products");
  const missing = twins.filter((t) => t === null).length;
  if (missing > 0 && missing < twins.length) throw new Error(`${missing} of ${twins.length} products have no Arabic overlay (data/products/<slug>.ar.json)`);
  return missing === 0;
}

/**
 * What the build's query of the index of `lang` answers, made from data/
 * (ARABIC_SEARCH_QUERY: the Arabic twins, the English names, the Arabic
 * categories; SEARCH_QUERY: the English nodes). No card images: those are
 * made by gatsby-plugin-sharp during a build.
 */
export function searchQueryResult(lang: "en" | "ar"): SearchQueryResult {
  if (lang === "en") return { data: { products: { nodes: readDir("products") }, categories: { nodes: readDir("categories") } } };
  return {
    data: {
      products: { nodes: readArabicDir("products").filter((p) => p !== null) as SearchQueryResult["data"]["products"]["nodes"] },
      english: { nodes: readDir("products") },
      categories: { nodes: readArabicDir("categories").map((c, i) => c ?? readDir("categories")[i]) as SearchQueryResult["data"]["categories"]["nodes"] },
    },
  };
}

/** The records of the Arabic search index, made from data/ and its Arabic overlays as the build makes them. */
export function arabicRecords(): IndexedRecord[] {
  return normalizeArabic(searchQueryResult("ar"));
}

/** The Arabic index built from data/ and its overlays, exported and imported again as the browser loads it. */
export function buildArabicSearch(): { index: TextIndex; exported: string; store: Store } {
  return buildFrom(arabicRecords(), "ar");
}

/** The English records of the search index, made from data/ as the build makes them. */
export function englishRecords(): IndexedRecord[] {
  return normalize(searchQueryResult("en"));
}

/**
 * Builds the English index from data/ exactly as the plugin does (JSON of
 * the indexed fields) and exports it as the build publishes it; `index` is
 * that export imported again, as the browser and the server load it.
 */
export function buildSearch(): { index: TextIndex; exported: string; store: Store } {
  return buildFrom(englishRecords(), "en");
}

/** An index of `records` built, exported and imported again as the plugin, the browser and the server do, and its store. */
export function buildFrom(records: IndexedRecord[], lang: "en" | "ar"): { index: TextIndex; exported: string; store: Store } {
  const built = createIndex(FlexSearch, lang);
  for (const r of records) built.add(r.slug, indexedText(r));
  const exported = built.export();
  const index = createIndex(FlexSearch, lang);
  index.import(exported);
  const store: Store = Object.fromEntries(records.map(({ text: _text, ...record }) => [record.slug, record]));
  return { index, exported, store };
}

/** What the plugin hands flexsearch for a record: the JSON of its indexed fields. */
export function indexedText(record: IndexedRecord): string {
  return JSON.stringify(Object.fromEntries(INDEX_FIELDS.map((k) => [k, record[k as keyof IndexedRecord]])));
}
