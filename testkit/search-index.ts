import fs from "fs";
import path from "path";
// The browser and the build use flexsearch 0.6, the version gatsby-plugin-local-search writes its index with.
import FlexSearch from "flexsearch";
import { INDEX_FIELDS, type IndexedRecord } from "../src/shared/search/config";
import { normalize, type SearchQueryResult } from "../src/shared/search/index-source";
import { createIndex } from "../src/shared/search/engine";
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

/** The English records of the search index, made from data/ as the build makes them. */
export function englishRecords(): IndexedRecord[] {
  const result: SearchQueryResult = { data: { products: { nodes: readDir("products") }, categories: { nodes: readDir("categories") } } };
  return normalize(result);
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
