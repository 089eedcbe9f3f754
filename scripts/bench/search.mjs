/**
 * The product search, in two parts.
 *
 * 1. How well it finds (needs only the compiled search code, npm run
 *    build:server): both indexes are built from data/ as the build builds
 *    them, and queries made from the catalogue at run time
 *    (testkit/search-queries.cjs) are run on them: English (each name and
 *    model code) and Arabic (each Arabic name and its variants: without and
 *    with the article, diacritics, tatweel, alef/yaa/taa marbuta variants,
 *    و/ب/ل before it; model codes in Arabic-Indic digits; hand-written
 *    queries). Printed: how many find their product first and in the top 3,
 *    and the queries that do not (--misses: all of them).
 * 2. As the browser runs it (needs npm run build): the size of what it
 *    downloads (the index and store the build published under
 *    public/static/) and the time of a query over a fixed list of queries;
 *    then the server's answer to /search?query=...
 *    (server/site/search-page.tsx): its time and size.
 *
 *   npm run bench:search [-- --rounds 200 --misses]
 */
import fs from "fs";
import { createRequire } from "module";
import path from "path";
import { fileURLToPath } from "url";
import { parseArgs } from "util";
import zlib from "zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);
const { values } = parseArgs({ options: { rounds: { type: "string", default: "200" }, misses: { type: "boolean", default: false } } });
const rounds = Number(values.rounds);

const QUERIES = [
  "torque",
  "torq",
  "bolt tensioner",
  "tensoner",
  "ASRT5",
  "TGA-80",
  "tga80",
  "AFF40",
  "ACCM-24",
  "loading arms",
  "fluid transfer",
  "hydrotesting",
  "flange",
  "pump",
  "xylophone",
];

/** Milliseconds of `run(query)` for every query of every round, after a warm-up, sorted. */
function timeQueries(queries, run) {
  for (const q of queries) run(q);
  const times = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const start = process.hrtime.bigint();
      run(q);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return times.sort((a, b) => a - b);
}
const percentile = (times, p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
const summary = (times) => `median ${percentile(times, 50).toFixed(3)} ms, p95 ${percentile(times, 95).toFixed(3)} ms`;

const distSearch = path.join(ROOT, "dist", "src", "shared", "search");
const engineFile = path.join(distSearch, "engine.js");
if (!fs.existsSync(engineFile)) {
  console.error("No compiled search code: run npm run build:server first");
  process.exit(2);
}
const { createIndex } = require(engineFile);
const { searchProducts } = require(path.join(distSearch, "productSearch.js"));
const { normalize, normalizeArabic } = require(path.join(distSearch, "index-source.js"));
const { INDEX_FIELDS } = require(path.join(distSearch, "config.js"));
const { readCatalogue, englishQueries, arabicQueries, rankFigures } = require(path.join(ROOT, "testkit", "search-queries.cjs"));
const FlexSearch = require("flexsearch");

/** An index of `records` as gatsby-plugin-local-search builds it (JSON of the indexed fields), exported and imported as the browser loads it. */
function buildIndex(records, lang) {
  const built = createIndex(FlexSearch, lang);
  for (const r of records) built.add(r.slug, JSON.stringify(Object.fromEntries(INDEX_FIELDS.map((k) => [k, r[k]]))));
  const exported = built.export();
  const index = createIndex(FlexSearch, lang);
  index.import(exported);
  const store = Object.fromEntries(
    records.map((r) => {
      const record = { ...r };
      delete record.text;
      return [r.slug, record];
    }),
  );
  return { index, store, exported };
}

const catalogue = readCatalogue(ROOT);
const english = buildIndex(normalize({ data: { products: { nodes: catalogue.english.products }, categories: { nodes: catalogue.english.categories } } }), "en");
const englishFigures = rankFigures((q) => searchProducts(english.index, english.store, q).map((r) => r.slug), englishQueries(catalogue.english.products));

const line = (label, f) => `${label} ${f.total} queries: ${f.first} find their product first (${((100 * f.first) / f.total).toFixed(1)} %), ${f.top3} in the top 3 (${((100 * f.top3) / f.total).toFixed(1)} %)`;
const printMisses = (f) => {
  for (const m of f.misses.slice(0, values.misses ? undefined : 10)) {
    console.log(`  ${m.top3 ? "not first" : "NOT IN TOP 3"}: ${JSON.stringify(m.query)} (${m.kind}) expects ${m.expect.join(", ")}; found ${m.found.join(", ") || "nothing"}`);
  }
  if (!values.misses && f.misses.length > 10) console.log(`  ... and ${f.misses.length - 10} more (--misses)`);
};

console.log("search: how well it finds (indexes built from data/)");
console.log(line("english       ", englishFigures));
printMisses(englishFigures);
if (catalogue.missingArabic.length === catalogue.english.products.length) {
  console.log("arabic         no Arabic product names in data/products/*.ar.json yet");
} else {
  if (catalogue.missingArabic.length > 0) console.log(`arabic         no Arabic name for ${catalogue.missingArabic.join(", ")}: left out`);
  const arabicProducts = catalogue.arabic.products.filter((p) => !catalogue.missingArabic.includes(p.slug));
  const english = new Map(catalogue.english.products.map((p) => [p.slug, { slug: p.slug, name: p.name }]));
  const arabic = buildIndex(
    normalizeArabic({ data: { products: { nodes: arabicProducts }, english: { nodes: [...english.values()] }, categories: { nodes: catalogue.arabic.categories } } }),
    "ar",
  );
  const queries = arabicQueries(arabicProducts);
  const arabicFigures = rankFigures((q) => searchProducts(arabic.index, arabic.store, q, 24, "ar").map((r) => r.slug), queries);
  console.log(line("arabic        ", arabicFigures));
  // The same records read as the English index reads text (flexsearch's default splitter drops Arabic letters): what the Arabic encoder is for.
  const plain = buildIndex(normalizeArabic({ data: { products: { nodes: arabicProducts }, english: { nodes: [...english.values()] }, categories: { nodes: catalogue.arabic.categories } } }), "en");
  console.log(line("  (without the Arabic encoder)", rankFigures((q) => searchProducts(plain.index, plain.store, q).map((r) => r.slug), queries)));
  const kinds = [...new Set(queries.map((q) => q.kind))];
  for (const kind of kinds) {
    const f = rankFigures((q) => searchProducts(arabic.index, arabic.store, q, 24, "ar").map((r) => r.slug), queries.filter((q) => q.kind === kind));
    console.log(`  ${kind.padEnd(38)} ${String(f.first).padStart(3)} first, ${String(f.top3).padStart(3)} top 3 of ${f.total}`);
  }
  printMisses(arabicFigures);
  const arabicTimes = timeQueries(
    queries.map((q) => q.query),
    (q) => searchProducts(arabic.index, arabic.store, q, 24, "ar"),
  );
  console.log(`arabic queries ${queries.length} queries x ${rounds} rounds (index built here): ${summary(arabicTimes)}`);
  const arabicStore = JSON.stringify(arabic.store);
  console.log(`arabic index   ${arabic.exported.length} bytes, ${zlib.gzipSync(arabic.exported, { level: 9 }).length} bytes gzipped (built here; store ${arabicStore.length} bytes, ${zlib.gzipSync(arabicStore, { level: 9 }).length} gzipped, without card images)`);
}

const publicDir = path.join(ROOT, "public");
const staticDir = path.join(publicDir, "static");
/**
 * The index and store URLs the build published for each language, read from
 * its static query results (localSearchProducts, localSearchProductsAr).
 */
function publishedUrls() {
  const dir = path.join(publicDir, "page-data", "sq", "d");
  const urls = {};
  if (!fs.existsSync(dir)) return urls;
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith(".json"))) {
    const data = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")).data ?? {};
    if (data.localSearchProducts) urls.en = data.localSearchProducts;
    if (data.localSearchProductsAr) urls.ar = data.localSearchProductsAr;
  }
  return urls;
}
const published = publishedUrls();
/** The newest file of a kind: the one the last build published (a build without the static query's record). */
const newest = (suffix) =>
  fs
    .readdirSync(staticDir)
    .filter((f) => f.endsWith(suffix))
    .sort((a, b) => fs.statSync(path.join(staticDir, b)).mtimeMs - fs.statSync(path.join(staticDir, a)).mtimeMs)[0];
const staticFile = (url, suffix) => (url ? path.join(publicDir, url) : fs.existsSync(staticDir) && newest(suffix) ? path.join(staticDir, newest(suffix)) : undefined);
const indexFile = staticFile(published.en?.publicIndexURL, ".index.txt");
const storeFile = staticFile(published.en?.publicStoreURL, ".store.json");
if (!indexFile || !storeFile || !fs.existsSync(indexFile) || !fs.existsSync(storeFile)) {
  console.log("No built search index: npm run build for the download sizes and timings in the browser");
  process.exit(0);
}

const indexText = fs.readFileSync(indexFile, "utf8");
const storeText = fs.readFileSync(storeFile, "utf8");
const gz = (s) => zlib.gzipSync(s, { level: 9 }).length;
const flexsearchJs = fs.readFileSync(require.resolve("flexsearch/dist/flexsearch.min.js"));

const index = createIndex(FlexSearch);
index.import(indexText);
const store = JSON.parse(storeText);

const times = timeQueries(QUERIES, (q) => searchProducts(index, store, q));

console.log("search: the English index and store the browser fetches when a search starts");
console.log(`search index   ${indexText.length} bytes, ${gz(indexText)} bytes gzipped`);
console.log(`search store   ${storeText.length} bytes, ${gz(storeText)} bytes gzipped`);
console.log(`flexsearch lib ${flexsearchJs.length} bytes, ${gz(flexsearchJs)} bytes gzipped`);
console.log(`search queries ${QUERIES.length} queries x ${rounds} rounds: ${summary(times)}`);
if (published.ar) {
  const arIndex = fs.readFileSync(path.join(publicDir, published.ar.publicIndexURL), "utf8");
  const arStore = fs.readFileSync(path.join(publicDir, published.ar.publicStoreURL), "utf8");
  console.log("search: the Arabic index and store (/ar/search)");
  console.log(`search index   ${arIndex.length} bytes, ${gz(arIndex)} bytes gzipped`);
  console.log(`search store   ${arStore.length} bytes, ${gz(arStore)} bytes gzipped`);
}

const rendererFile = path.join(ROOT, "dist", "server", "site", "search-page.js");
if (fs.existsSync(rendererFile)) {
  const { createSearchPageRenderer } = require(rendererFile);
  const render = createSearchPageRenderer(path.join(ROOT, "public"));
  const page = render("torque");
  if (page === null) {
    console.error("The server could not render the built search page");
    process.exit(1);
  }
  const served = timeQueries(QUERIES, render);
  console.log("search page served with its results (server/site/search-page.tsx)");
  console.log(`served page    /search?query=torque ${page.length} bytes, ${gz(page)} bytes gzipped`);
  console.log(`server render  ${QUERIES.length} queries x ${rounds} rounds: ${summary(served)}`);
}
