/**
 * Writes the site's service worker, public/sw.js, after `gatsby build`:
 * bundles src/offline/sw/index.ts with esbuild, then lets workbox-build
 * (injectManifest) write the precache list into it.
 *
 *   node scripts/build/service-worker.mjs [public-dir]      (run by `npm run build:site`)
 *
 * The precache holds what every visit needs: the code of the current build
 * (never an older build's files left in public/), app data, the home,
 * contact, enquiry and category pages with their page data, and the offline
 * page. Never the videos.
 */
import { build } from "esbuild";
import fs from "fs";
import os from "os";
import path from "path";
import { fileURLToPath } from "url";
import { injectManifest } from "workbox-build";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The pages precached, as the site serves them (no trailing slash). */
function precachedPages(publicDir) {
  const categories = fs
    .readdirSync(path.join(ROOT, "data/categories"))
    .filter((file) => file.endsWith(".json"))
    .map((file) => `/${JSON.parse(fs.readFileSync(path.join(ROOT, "data/categories", file), "utf8")).slug ?? path.basename(file, ".json")}`);
  return ["/", "/contact", "/enquiry", ...categories].filter((page) => fs.existsSync(htmlFile(publicDir, page)));
}

function htmlFile(publicDir, page) {
  return path.join(publicDir, page === "/" ? "index.html" : `${page.slice(1)}/index.html`);
}

function pageDataFile(page) {
  return `page-data/${page === "/" ? "index" : page.slice(1)}/page-data.json`;
}

/** The JavaScript of this build: every chunk of webpack.stats.json (not the files of older builds). */
function currentScripts(publicDir) {
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8"));
  const files = new Set();
  for (const group of Object.values(stats.namedChunkGroups ?? {})) for (const asset of group.assets ?? []) files.add(typeof asset === "string" ? asset : asset.name);
  for (const assets of Object.values(stats.assetsByChunkName ?? {})) for (const asset of [].concat(assets)) files.add(asset);
  return [...files].filter((file) => file.endsWith(".js"));
}

export async function writeServiceWorker(publicDir) {
  const pages = precachedPages(publicDir);
  const pageData = pages.map(pageDataFile).filter((file) => fs.existsSync(path.join(publicDir, file)));
  const globPatterns = [...currentScripts(publicDir), "page-data/app-data.json", ...pageData, ...pages.map((page) => path.relative(publicDir, htmlFile(publicDir, page)))];

  const work = fs.mkdtempSync(path.join(os.tmpdir(), "sw-"));
  const swSrc = path.join(work, "sw.js");
  await build({
    entryPoints: [path.join(ROOT, "src/offline/sw/index.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    outfile: swSrc,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  const { count, size, warnings } = await injectManifest({
    swSrc,
    swDest: path.join(publicDir, "sw.js"),
    globDirectory: publicDir,
    globPatterns,
    maximumFileSizeToCacheInBytes: 512 * 1024,
    // Pages are precached under the address the site serves them at: /contact, not /contact/index.html.
    manifestTransforms: [
      async (entries) => ({
        manifest: entries.map((entry) => ({ ...entry, url: entry.url === "index.html" ? "/" : entry.url.endsWith("/index.html") ? `/${entry.url.slice(0, -"/index.html".length)}` : `/${entry.url}` })),
        warnings: [],
      }),
    ],
  });
  fs.rmSync(work, { recursive: true, force: true });
  for (const warning of warnings) console.warn(`service worker: ${warning}`);
  return { count, size };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const publicDir = path.resolve(process.argv[2] ?? path.join(ROOT, "public"));
  const { count, size } = await writeServiceWorker(publicDir);
  console.log(`service worker: public/sw.js precaches ${count} files, ${(size / 1024).toFixed(0)} KB`);
}
