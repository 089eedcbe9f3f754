/**
 * Writes the site's offline support after `gatsby build`:
 *
 * - public/offline/: the offline page, a static page that needs no Gatsby
 *   runtime (its own stylesheet, and a script bundled from
 *   src/offline/page/offline.ts: no inline script);
 * - public/manifest.webmanifest, manifest.ar.webmanifest and their icons (public/icons/, drawn by
 *   scripts/assets/images/site.mjs);
 * - public/sw.js: src/offline/sw/index.ts bundled with esbuild, given its
 *   precache list by workbox-build (injectManifest).
 *
 *   node scripts/build/service-worker.mjs [public-dir]      (run by `npm run build:site`)
 *
 * The precache holds what every visit needs (scripts/build/precache-list.cjs): the scripts
 * of this build that the entry and the precached pages run or load on demand
 * (from public/webpack.assets.json, written by the build itself:
 * src/build/build-assets.ts; never an older build's files, which Gatsby leaves
 * in public/), app data, the home, contact, enquiry and category pages with
 * their page data and the static queries' results they read, and the offline
 * page. Never a video, nor the stylesheet (every page inlines it). Its size is
 * the sum of the files' bytes as stored in the browser's cache (uncompressed),
 * and must stay under PRECACHE_LIMIT_BYTES: the build fails otherwise.
 */
import { createHash } from "crypto";
import { build } from "esbuild";
import fs from "fs";
import os from "os";
import path from "path";
import { fileURLToPath } from "url";
import zlib from "zlib";
import { injectManifest } from "workbox-build";
import precache from "./precache-list.cjs";
import overlay from "../../src/shared/i18n/overlay.cjs";
import { DIRECTION, localePath } from "../../src/shared/i18n/lang.ts";
import { escapeMarkup } from "../../src/shared/utils/escape.ts";

const { PRECACHE_LIMIT_BYTES, OFFLINE_PAGES, htmlFile, precacheList, precachedPages, twinList } = precache;
export { PRECACHE_LIMIT_BYTES, OFFLINE_PAGES, precacheList, precachedPages, twinList };
const { mergeOverlay } = overlay;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const readJson = (file) => JSON.parse(fs.readFileSync(file, "utf8"));
/** A data file in a language: the English file, with its Arabic words (data/<name>.ar.json) merged on for Arabic. */
const readData = (name, lang) => {
  const english = readJson(path.join(ROOT, "data", `${name}.json`));
  const words = path.join(ROOT, "data", `${name}.${lang}.json`);
  return lang === "en" || !fs.existsSync(words) ? english : mergeOverlay(english, readJson(words));
};
/** Files whose name carries a content hash need no revision of their own. */
const HASHED = /[-.][0-9a-f]{16,}\.(js|css)$/;

const escapeHtml = (text) => escapeMarkup(String(text));

/** Bundles a script of the site for browsers (minified: esbuild then gives NODE_ENV "production", so Workbox leaves out its development logging). */
function bundle(entry, outfile, target, define = {}) {
  return build({ entryPoints: [path.join(ROOT, entry)], bundle: true, minify: true, format: "iife", target, outfile, define, logLevel: "warning" });
}

/** A page's name: its <title> without the company's name or short name (the home page: the word of its breadcrumb, "Home"). */
function pageName(publicDir, page, company, home) {
  if (page === "/" || page === "/ar") return home;
  const title = /<title[^>]*>([^<]*)<\/title>/.exec(fs.readFileSync(path.join(publicDir, htmlFile(page)), "utf8"))?.[1] ?? page;
  const names = [company.name, company.shortName].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  return title.replace(new RegExp(`\\s*\\|\\s*(?:${names})$`), "").replace(/&amp;/g, "&");
}

/**
 * public/offline/ and public/ar/offline/: the offline page in each language
 * (the service worker shows /ar/offline for an address under /ar, /offline
 * otherwise), with links to the precached pages of its language named by
 * their titles, and a place for the saved items; one stylesheet and one script
 * for both (under /offline/).
 */
export async function writeOfflinePage(publicDir, { pages = precachedPages() } = {}) {
  const dir = path.join(publicDir, "offline");
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(ROOT, "src/offline/page/offline.css"), path.join(dir, "offline.css"));
  await bundle("src/offline/page/offline.ts", path.join(dir, "offline.js"), "es2019");
  const themeColor = readJson(path.join(ROOT, "src/offline/app-manifest.json")).theme_color;
  for (const [lang, address] of Object.entries(OFFLINE_PAGES)) {
    const company = readData("company", lang);
    const words = readData("offline-page", lang);
    const home = readData("product-ui", lang).breadcrumbHome;
    const links = pages
      .map((page) => localePath(lang, page))
      .map((page) => `<li><a href="${escapeHtml(page)}">${escapeHtml(pageName(publicDir, page, company, home))}</a></li>`)
      .join("\n        ");
    const html = `<!DOCTYPE html>
<html lang="${lang}" dir="${DIRECTION[lang]}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <meta name="theme-color" content="${escapeHtml(themeColor)}" />
    <title>${escapeHtml(words.title)} | ${escapeHtml(company.name)}</title>
    <link rel="stylesheet" href="/offline/offline.css" />
    <script src="/offline/offline.js" defer=""></script>
  </head>
  <body>
    <header class="bar">
      <a class="brand" href="${escapeHtml(localePath(lang, "/"))}">
        <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
          <rect width="40" height="40" rx="8" fill="#0b1f3a" stroke="#ffffff" stroke-opacity="0.25" />
          <path d="M8 28 20 8l12 20H8Z" fill="none" stroke="#f2a900" stroke-width="3" stroke-linejoin="round" />
          <circle cx="20" cy="22" r="3.5" fill="#ffffff" />
        </svg>
        <span dir="ltr">${escapeHtml(company.name)}</span>
      </a>
    </header>
    <main class="main">
      <h1>${escapeHtml(words.heading)}</h1>
      <p>${escapeHtml(words.text)}</p>
      <p><button type="button" class="retry" id="retry" hidden="">${escapeHtml(words.retry)}</button></p>
      <h2>${escapeHtml(words.precachedHeading)}</h2>
      <ul>
        ${links}
      </ul>
      <section id="saved" aria-labelledby="saved-title" hidden="">
        <h2 id="saved-title">${escapeHtml(words.savedHeading)}</h2>
        <ul id="saved-list" data-kind-product="${escapeHtml(words.kinds.product)}" data-kind-document="${escapeHtml(words.kinds.document)}"></ul>
      </section>
    </main>
  </body>
</html>
`;
    const file = path.join(publicDir, htmlFile(address));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, html);
  }
}

/** The icons of the manifest: [size, file drawn by scripts/assets, purpose]. */
const ICONS = [
  [192, "icon-192.png", "any"],
  [512, "icon-512.png", "any"],
  [512, "icon-maskable-512.png", "maskable"],
];

/** Where each language's web app manifest is (gatsby-ssr.tsx names it in each page of the language). */
const MANIFEST_PATHS = readJson(path.join(ROOT, "src/offline/manifest-paths.json"));

/**
 * public/manifest.webmanifest and public/manifest.ar.webmanifest (src/offline/app-manifest.json, the company's names
 * and description in each language) and public/icons/. The site installed from an Arabic page opens on /ar, right to left.
 */
export function writeManifest(publicDir) {
  fs.mkdirSync(path.join(publicDir, "icons"), { recursive: true });
  for (const [, file] of ICONS) fs.copyFileSync(path.join(ROOT, "generated/images/site", file), path.join(publicDir, "icons", file));
  const common = readJson(path.join(ROOT, "src/offline/app-manifest.json"));
  for (const [lang, manifestPath] of Object.entries(MANIFEST_PATHS)) {
    const company = readData("company", lang);
    const home = lang === "en" ? "/" : `/${lang}`;
    const manifest = {
      id: home,
      name: company.name,
      short_name: company.shortName,
      description: company.description,
      lang,
      dir: lang === "ar" ? "rtl" : "ltr",
      ...common,
      start_url: home,
      icons: ICONS.map(([size, file, purpose]) => ({ src: `/icons/${file}`, sizes: `${size}x${size}`, type: "image/png", purpose })),
    };
    fs.writeFileSync(path.join(publicDir, manifestPath.slice(1)), `${JSON.stringify(manifest, null, 2)}\n`);
  }
}

/** The files' entries for workbox: a revision (the content's hash) for those whose name carries none. */
function manifestEntries(publicDir, entries) {
  return entries.map(({ file, url }) => ({
    url,
    revision: HASHED.test(file) ? null : createHash("md5").update(fs.readFileSync(path.join(publicDir, file))).digest("hex"),
  }));
}

export async function writeServiceWorker(publicDir) {
  await writeOfflinePage(publicDir);
  writeManifest(publicDir);
  const { entries, size } = precacheList(publicDir);
  const twins = twinList(publicDir, { precached: entries });

  const work = fs.mkdtempSync(path.join(os.tmpdir(), "sw-"));
  const swSrc = path.join(work, "sw.js");
  try {
    await bundle("src/offline/sw/index.ts", swSrc, "es2020", { __LANG_PAGES__: JSON.stringify(twins.byLang) });
    const { count, warnings } = await injectManifest({
      swSrc,
      swDest: path.join(publicDir, "sw.js"),
      globDirectory: publicDir,
      globPatterns: [],
      additionalManifestEntries: manifestEntries(publicDir, entries),
    });
    for (const warning of warnings) console.warn(`service worker: ${warning}`);
    // What the first install downloads: the files gzipped (level 9, as the build sends them; brotli is smaller still).
    const gzipped = entries.reduce((sum, { file }) => sum + zlib.gzipSync(fs.readFileSync(path.join(publicDir, file)), { level: 9 }).length, 0);
    return { count, size, gzipped, entries, twins };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const publicDir = path.resolve(process.argv[2] ?? path.join(ROOT, "public"));
  const { count, size, gzipped, twins } = await writeServiceWorker(publicDir);
  const kb = (bytes) => `${(bytes / 1000).toFixed(0)} kB`;
  console.log(`service worker: public/sw.js precaches ${count} files, ${kb(size)} as cached (bound ${kb(PRECACHE_LIMIT_BYTES)}), ${kb(gzipped)} to download gzipped`);
  for (const [lang, { files, size: bytes, gzipped: zipped }] of Object.entries(twins.sizes)) {
    console.log(
      `service worker: the ${lang} twins of the precached pages, cached once a page of that language is open: ${files} files, ${kb(bytes)} as cached, ${kb(zipped)} to download gzipped (precached with the rest they would make ${kb(size + bytes)}${size + bytes >= PRECACHE_LIMIT_BYTES ? ", over the bound" : ""})`,
    );
  }
}
