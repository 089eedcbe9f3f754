/**
 * The product search as the browser runs it: the size of what it downloads
 * (the index and store the build published under public/static/) and the
 * time of a query over a fixed list of queries; then the server's answer to
 * /search?query=... (server/site/search-page.tsx): its time and size.
 *
 *   npm run build && node scripts/bench/search.mjs [--rounds 200]
 */
import fs from "fs";
import { createRequire } from "module";
import path from "path";
import { fileURLToPath } from "url";
import { parseArgs } from "util";
import zlib from "zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);
const { values } = parseArgs({ options: { rounds: { type: "string", default: "200" } } });
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

const staticDir = path.join(ROOT, "public", "static");
/** The newest file of a kind: the one the last build published. */
const find = (suffix) =>
  fs
    .readdirSync(staticDir)
    .filter((f) => f.endsWith(suffix))
    .sort((a, b) => fs.statSync(path.join(staticDir, b)).mtimeMs - fs.statSync(path.join(staticDir, a)).mtimeMs)[0];
const indexFile = fs.existsSync(staticDir) ? find(".index.txt") : undefined;
const storeFile = fs.existsSync(staticDir) ? find(".store.json") : undefined;
const engineFile = path.join(ROOT, "dist", "src", "shared", "search", "engine.js");
if (!indexFile || !storeFile || !fs.existsSync(engineFile)) {
  console.error("No built search index or compiled search code: run npm run build first");
  process.exit(2);
}

const indexText = fs.readFileSync(path.join(staticDir, indexFile), "utf8");
const storeText = fs.readFileSync(path.join(staticDir, storeFile), "utf8");
const gz = (s) => zlib.gzipSync(s, { level: 9 }).length;
const flexsearchJs = fs.readFileSync(require.resolve("flexsearch/dist/flexsearch.min.js"));

const { createIndex } = require(engineFile);
const { searchProducts } = require(path.join(ROOT, "dist", "src", "shared", "search", "productSearch.js"));
const index = createIndex(require("flexsearch"));
index.import(indexText);
const store = JSON.parse(storeText);

/** Milliseconds of `run(query)` for every query of every round, after a warm-up, sorted. */
function timeQueries(run) {
  for (const q of QUERIES) run(q);
  const times = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of QUERIES) {
      const start = process.hrtime.bigint();
      run(q);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return times.sort((a, b) => a - b);
}
const percentile = (times, p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
const summary = (times) => `median ${percentile(times, 50).toFixed(3)} ms, p95 ${percentile(times, 95).toFixed(3)} ms`;

const times = timeQueries((q) => searchProducts(index, store, q));

console.log("search: index and store the browser fetches when a search starts");
console.log(`search index   ${indexText.length} bytes, ${gz(indexText)} bytes gzipped`);
console.log(`search store   ${storeText.length} bytes, ${gz(storeText)} bytes gzipped`);
console.log(`flexsearch lib ${flexsearchJs.length} bytes, ${gz(flexsearchJs)} bytes gzipped`);
console.log(`search queries ${QUERIES.length} queries x ${rounds} rounds: ${summary(times)}`);

const rendererFile = path.join(ROOT, "dist", "server", "site", "search-page.js");
if (fs.existsSync(rendererFile)) {
  const { createSearchPageRenderer } = require(rendererFile);
  const render = createSearchPageRenderer(path.join(ROOT, "public"));
  const page = render("torque");
  if (page === null) {
    console.error("The server could not render the built search page");
    process.exit(1);
  }
  const served = timeQueries(render);
  console.log("search page served with its results (server/site/search-page.tsx)");
  console.log(`served page    /search?query=torque ${page.length} bytes, ${gz(page)} bytes gzipped`);
  console.log(`server render  ${QUERIES.length} queries x ${rounds} rounds: ${summary(served)}`);
}
