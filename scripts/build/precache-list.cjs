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
const crypto = require("crypto");
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

const ROOT = path.resolve(__dirname, "../..");

/** The precache's bound: under 1.5 MB, in bytes as cached (uncompressed), so a first visit on a slow link does not download more. */
const PRECACHE_LIMIT_BYTES = 1_500_000;
/** The build's list of its own files (src/build/build-assets.ts BUILD_ASSETS_FILE). */
const BUILD_ASSETS_FILE = "webpack.assets.json";
/** The offline page of each language, as served (scripts/build/service-worker.mjs writes them; src/offline/sw/caching.ts shows them). */
const OFFLINE_PAGES = { en: "/offline", ar: "/ar/offline" };
/** The offline pages' files, under public/: a page per language, one stylesheet and one script. */
const OFFLINE_FILES = ["offline/index.html", "ar/offline/index.html", "offline/offline.css", "offline/offline.js"];
/** The languages other than English, whose pages live under /<lang> (src/shared/i18n/lang.ts). */
const OTHER_LANGS = ["ar"];

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

/** The files a page needs to open and hydrate, besides the scripts: its HTML, its page data, the static queries' results and slices it names. */
function pageFiles(publicDir, page) {
  const pageData = readJson(path.join(publicDir, pageDataFile(page)));
  return {
    component: pageData.componentChunkName,
    files: [
      htmlFile(page),
      pageDataFile(page),
      ...(pageData.staticQueryHashes ?? []).map((hash) => `page-data/sq/d/${hash}.json`),
      ...Object.values(pageData.slicesMap ?? {}).map((slice) => `slice-data/${slice}.json`),
    ],
  };
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
    const { component, files: needed } = pageFiles(publicDir, page);
    for (const file of needed) add(file);
    scriptsOf(component);
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

/**
 * The twins of the precached pages in the other languages (/ar, /ar/contact...):
 * all of them do not fit under the precache's bound beside the English pages
 * (each page's HTML inlines the stylesheet), so the service worker caches a
 * language's twins once a page of that language is open (src/offline/sw/caching.ts
 * LANG_PAGES), and an English visitor downloads none of them. Only the files the
 * precache does not hold already (the scripts and static queries are shared).
 * `{ byLang: { ar: { cache, urls } }, sizes: { ar: { files, size, gzipped } } }`; `cache`
 * names the files' version (a hash of their content), so a build that changes
 * them caches them again.
 */
function twinList(publicDir, { pages = precachedPages(), precached = precacheList(publicDir, { pages }).entries } = {}) {
  const known = new Set(precached.map((entry) => entry.file));
  const byLang = {};
  const sizes = {};
  for (const lang of OTHER_LANGS) {
    const files = new Set();
    for (const page of pages) {
      const twin = page === "/" ? `/${lang}` : `/${lang}${page}`;
      for (const file of pageFiles(publicDir, twin).files) {
        if (!fs.existsSync(path.join(publicDir, file))) throw new Error(`precache: ${file} is missing from ${publicDir}`);
        if (!known.has(file)) files.add(file);
      }
    }
    const sorted = [...files].sort();
    const hash = crypto.createHash("md5");
    for (const file of sorted) hash.update(file).update(fs.readFileSync(path.join(publicDir, file)));
    byLang[lang] = { cache: `site-lang-${lang}-${hash.digest("hex").slice(0, 12)}`, urls: sorted.map(addressOf) };
    const bodies = sorted.map((file) => fs.readFileSync(path.join(publicDir, file)));
    sizes[lang] = {
      files: sorted.length,
      size: bodies.reduce((sum, body) => sum + body.length, 0),
      // What caching them downloads, gzipped (level 9, as the build sends them; brotli is smaller still).
      gzipped: bodies.reduce((sum, body) => sum + zlib.gzipSync(body, { level: 9 }).length, 0),
    };
  }
  return { byLang, sizes };
}

module.exports = { ROOT, PRECACHE_LIMIT_BYTES, BUILD_ASSETS_FILE, OFFLINE_PAGES, OFFLINE_FILES, OTHER_LANGS, precachedPages, htmlFile, pageDataFile, addressOf, precacheList, twinList };
