/**
 * Smaller WebP copies of the video posters (static/videos/<name>-poster.jpg,
 * made with the videos by scripts/assets/make-videos.sh), so a phone paints the
 * first frame from a few kilobytes: <name>-poster-<width>.webp for each width
 * of POSTER_WIDTHS below the poster's own, and one at its own width.
 * BackgroundVideo lists the same widths in its srcset (src/utils/poster.ts;
 * both read src/utils/poster-widths.json). The copies are not committed:
 * `npm run assets` makes them, and skips those already newer than their poster.
 */
import { readFileSync } from "node:fs";
import { readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const POSTER_WIDTHS = JSON.parse(readFileSync(path.join(root, "src", "utils", "poster-widths.json"), "utf8"));
const dir = path.join(root, "static", "videos");

async function newer(target, source) {
  try {
    return (await stat(target)).mtimeMs >= (await stat(source)).mtimeMs;
  } catch {
    return false;
  }
}

const posters = (await readdir(dir)).filter((f) => f.endsWith("-poster.jpg"));
let written = 0;
for (const file of posters) {
  const source = path.join(dir, file);
  const { width } = await sharp(source).metadata();
  const widths = [...POSTER_WIDTHS.filter((w) => w < width), width];
  for (const w of widths) {
    const target = path.join(dir, file.replace(/\.jpg$/, `-${w}.webp`));
    if (await newer(target, source)) continue;
    await writeFile(target, await sharp(source).resize({ width: w }).webp({ quality: 72 }).toBuffer());
    written++;
  }
}
console.log(`posters: ${posters.length} in all, ${written} WebP copies written`);
