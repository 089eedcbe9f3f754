/**
 * Writes public/offline-saves.json, the build's list of what "Save for
 * offline" stores for each product and document (src/offline/saved/
 * build-list.ts), and prints how much space saving a product takes: the
 * smallest, median and largest product, for each picture format a browser may
 * take (AVIF, WebP, or the <img>'s own).
 *
 *   node scripts/build/offline-saves.mjs [public-dir]      (run by `npm run build:site`,
 *   after gatsby build and before the service worker and precompress)
 */
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";
import { buildSaveList, fileBytes } from "../../src/offline/saved/build-list.ts";
import { planItem } from "../../src/offline/saved/list.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;

/** min / median / max of a list of byte counts. */
export function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0] ?? 0, median: sorted[Math.floor((sorted.length - 1) / 2)] ?? 0, max: sorted[sorted.length - 1] ?? 0 };
}

/**
 * Bytes of each product when saved by a browser that takes `best` pictures:
 * alone (the first saved), and beside others (without the files every product
 * shares, the scripts and the app data, stored once).
 */
export function productSizes(publicDir, list, best) {
  const plans = list.products.map((product) => planItem(list, "product", product.path, best).files);
  const shared = plans.reduce((common, files) => common.filter((url) => files.includes(url)));
  const bytes = (files) => files.reduce((sum, url) => sum + fileBytes(publicDir, url), 0);
  return { alone: plans.map(bytes), more: plans.map((files) => bytes(files.filter((url) => !shared.includes(url)))) };
}

export function writeSaveList(publicDir) {
  const { list, missing } = buildSaveList(publicDir);
  fs.writeFileSync(path.join(publicDir, "offline-saves.json"), JSON.stringify(list));
  return { list, missing };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const publicDir = path.resolve(process.argv[2] ?? path.join(ROOT, "public"));
  const { list, missing } = writeSaveList(publicDir);
  for (const url of missing) console.warn(`offline saves: ${url} is named by a page but not in the build; left out`);
  console.log(`offline saves: ${list.products.length} products, ${list.documents.length} documents listed in public/offline-saves.json`);
  for (const [label, best] of [["AVIF", "image/avif"], ["WebP", "image/webp"], ["fallback images", ""]]) {
    const sizes = productSizes(publicDir, list, best);
    const alone = spread(sizes.alone);
    const more = spread(sizes.more);
    console.log(`offline saves: a product saved with ${label}: min ${kb(alone.min)}, median ${kb(alone.median)}, max ${kb(alone.max)}; each further product min ${kb(more.min)}, median ${kb(more.median)}, max ${kb(more.max)}`);
  }
  const docs = spread(list.documents.map((doc) => fileBytes(publicDir, doc.url)));
  console.log(`offline saves: a document: min ${kb(docs.min)}, median ${kb(docs.median)}, max ${kb(docs.max)}`);
}
