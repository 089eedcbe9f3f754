import fs from "fs";
import path from "path";
// The browser and the build use flexsearch 0.6, the version gatsby-plugin-local-search writes its index with.
import FlexSearch from "flexsearch";
import { INDEX_FIELDS } from "../src/shared/search/config";
import { normalize, type SearchQueryResult } from "../src/shared/search/index-source";
import { createIndex } from "../src/shared/search/engine";
import type { Store, TextIndex } from "../src/shared/search/productSearch";

const dataDir = path.resolve(__dirname, "../data");
const readDir = (dir: string) =>
  fs
    .readdirSync(path.join(dataDir, dir))
    .filter((f) => f.endsWith(".json") && !f.endsWith(".ar.json"))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dataDir, dir, f), "utf8")));

/**
 * Builds the index from data/ exactly as the plugin does (JSON of the indexed
 * fields) and exports it as the build publishes it; `index` is that export
 * imported again, as the browser and the server load it.
 */
export function buildSearch(): { index: TextIndex; exported: string; store: Store } {
  const result: SearchQueryResult = { data: { products: { nodes: readDir("products") }, categories: { nodes: readDir("categories") } } };
  const records = normalize(result);
  const built = createIndex(FlexSearch);
  for (const r of records) {
    const indexed = Object.fromEntries(INDEX_FIELDS.map((k) => [k, r[k as keyof typeof r]]));
    built.add(r.slug, JSON.stringify(indexed));
  }
  const exported = built.export();
  const index = createIndex(FlexSearch);
  index.import(exported);
  const store: Store = Object.fromEntries(records.map(({ text: _text, ...record }) => [record.slug, record]));
  return { index, exported, store };
}
