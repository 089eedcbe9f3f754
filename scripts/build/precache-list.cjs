/**
 * What the service worker precaches (scripts/build/service-worker.mjs writes
 * it into public/sw.js; tests/unit/precache-list.test.ts checks it). A
 * CommonJS module, so the build script and the TypeScript tests share it.
 *
 * Only what every visit needs:
 * - the scripts of THIS build that the entry ("app") and the precached pages'
 *   components run or may load on demand (the forms' API client, the proof of
 *   work, the offline support's own chunks), from public/webpack.assets.json,
 *   the list the build itself writes (src/build/build-assets.ts). Gatsby does
 *   not empty public/: the scripts of older builds stay there and are never
 *   taken. The list is checked against webpack.stats.json, so one left by an
 *   older build is refused;
 * - page-data/app-data.json;
 * - the home, contact, enquiry and category pages, their page data and the
 *   static queries' results (page-data/sq/d/) their page data names;
 * - the offline page (public/offline/, written by the build script).
 *
 * Not the stylesheet (every page inlines it), no image, no document, never a
 * video, never the content editor (public/admin/: its 5 MB bundle is for
 * editors only, and the worker leaves /admin alone); the scripts of the other pages are cached at run time when they are
 * used (cache first). The size counted is the files' bytes as the browser's
 * cache stores them (uncompressed), and must stay under PRECACHE_LIMIT_BYTES.
 */
const fs = require("fs");
const path = require("path");

const ROOT = path.resolve(__dirname, "../..");

/** The precache's bound: under 1.5 MB, in bytes as cached (uncompressed), so a first visit on a slow link does not download more. */
const PRECACHE_LIMIT_BYTES = 1_500_000;
/** The build's list of its own files (src/build/build-assets.ts BUILD_ASSETS_FILE). */
const BUILD_ASSETS_FILE = "webpack.assets.json";
/** The offline page's files, under public/. */
const OFFLINE_FILES = ["offline/index.html", "offline/offline.css", "offline/offline.js"];

const VIDEO = /\.(mp4|webm|ogv|mov|m4v)$/i;
/** A data file's overlay of words in another language (data/<name>.ar.json). */
const OVERLAY = /\.[a-z]{2}\.json$/;
/** The content editor's folder under public/ (scripts/cms/write-admin.mjs). */
const ADMIN = /^admin\//;

const readJson = (file) => JSON.parse(fs.readFileSync(file, "utf8"));

/** The pages precached, as the site serves them (no trailing slash): home, contact, enquiry and every category. */
function precachedPages(root = ROOT) {
  const dir = path.join(root, "data/categories");
  const categories = fs
    .readdirSync(dir)
    // The English files only: data/categories/<name>.ar.json holds a category's Arabic words (an overlay), not a category.
    .filter((file) => file.endsWith(".json") && !OVERLAY.test(file))
    .sort()
    .map((file) => `/${readJson(path.join(dir, file)).slug ?? path.basename(file, ".json")}`);
  return ["/", "/contact", "/enquiry", ...categories];
}

/** A page's HTML file under public/. */
const htmlFile = (page) => (page === "/" ? "index.html" : `${page.slice(1)}/index.html`);
/** A page's page data under public/. */
const pageDataFile = (page) => `page-data/${page === "/" ? "index" : page.slice(1)}/page-data.json`;
/** The address a file of public/ is served at: a page's index.html at the page's address. */
const addressOf = (file) => (file === "index.html" ? "/" : file.endsWith("/index.html") ? `/${file.slice(0, -"/index.html".length)}` : `/${file}`);

/** The build's own list of its files, checked against webpack.stats.json. */
function buildAssets(publicDir) {
  const file = path.join(publicDir, BUILD_ASSETS_FILE);
  if (!fs.existsSync(file)) throw new Error(`${BUILD_ASSETS_FILE} is missing from ${publicDir}: run gatsby build (gatsby-node.ts adds the plugin that writes it)`);
  const list = readJson(file);
  const emitted = new Set(list.assets);
  const stats = readJson(path.join(publicDir, "webpack.stats.json"));
  for (const group of Object.values(stats.namedChunkGroups ?? {})) {
    for (const asset of group.assets ?? []) {
      const name = typeof asset === "string" ? asset : asset.name;
      if (!emitted.has(name)) throw new Error(`${BUILD_ASSETS_FILE} is not from the build that wrote webpack.stats.json (${name} is not in it)`);
    }
  }
  return list;
}

/**
 * What the service worker precaches: `{ entries: [{ file, url, size }], size }`
 * (each file under `publicDir`, the address it is served at, its bytes; the
 * total). Throws when a file it needs is missing, or when the total is not
 * under `limit`.
 */
function precacheList(publicDir, { pages = precachedPages(), limit = PRECACHE_LIMIT_BYTES } = {}) {
  const assets = buildAssets(publicDir);
  const emitted = new Set(assets.assets);
  const files = new Set();
  const add = (file) => {
    if (!fs.existsSync(path.join(publicDir, file))) throw new Error(`precache: ${file} is missing from ${publicDir}`);
    files.add(file);
  };
  const scriptsOf = (group) => {
    const list = assets.groups[group];
    if (!list) throw new Error(`precache: the build has no chunk group ${group}`);
    for (const file of list) if (file.endsWith(".js") && emitted.has(file)) add(file);
  };

  scriptsOf("app");
  add("page-data/app-data.json");
  for (const page of pages) {
    add(htmlFile(page));
    add(pageDataFile(page));
    const pageData = readJson(path.join(publicDir, pageDataFile(page)));
    scriptsOf(pageData.componentChunkName);
    for (const hash of pageData.staticQueryHashes ?? []) add(`page-data/sq/d/${hash}.json`);
    for (const slice of Object.values(pageData.slicesMap ?? {})) add(`slice-data/${slice}.json`);
  }
  for (const file of OFFLINE_FILES) add(file);

  const entries = [...files]
    .filter((file) => !VIDEO.test(file) && !ADMIN.test(file))
    .sort()
    .map((file) => ({ file, url: addressOf(file), size: fs.statSync(path.join(publicDir, file)).size }));
  const size = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (size >= limit) throw new Error(`precache: ${size} bytes, not under the bound of ${limit}: ${entries.map((e) => `${e.url} ${e.size}`).join(", ")}`);
  return { entries, size };
}

module.exports = { ROOT, PRECACHE_LIMIT_BYTES, BUILD_ASSETS_FILE, OFFLINE_FILES, precachedPages, htmlFile, pageDataFile, addressOf, precacheList };
