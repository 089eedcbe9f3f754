#!/usr/bin/env node
/**
 * Draws the site's raster images. Every module in scripts/assets/images/ exports a
 * list of { file, width, height, svg } entries; each SVG is rendered with
 * sharp to generated/images/<file> (PNG, JPEG or WebP by extension), where
 * gatsby-plugin-image picks it up. An image is drawn again only when its
 * drawing changed, so repeated builds are quick.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const sourcesDir = path.join(root, "scripts/assets/images");
const outDir = path.join(root, "generated/images");
const stampFile = path.join(root, "generated/image-stamps.json");

async function loadEntries() {
  const modules = (await readdir(sourcesDir)).filter((f) => f.endsWith(".mjs")).sort();
  const entries = [];
  for (const name of modules) {
    const mod = await import(pathToFileURL(path.join(sourcesDir, name)).href);
    const list = typeof mod.default === "function" ? await mod.default() : mod.default;
    for (const entry of list) entries.push({ ...entry, module: name });
  }
  const seen = new Map();
  for (const e of entries) {
    if (seen.has(e.file)) throw new Error(`${e.file} is drawn by both ${seen.get(e.file)} and ${e.module}`);
    seen.set(e.file, e.module);
  }
  return entries;
}

function encode(image, file) {
  const ext = path.extname(file).toLowerCase();
  if (ext === ".png") return image.png({ compressionLevel: 9, palette: true });
  if (ext === ".jpg" || ext === ".jpeg") return image.jpeg({ quality: 82, mozjpeg: true });
  if (ext === ".webp") return image.webp({ quality: 80 });
  throw new Error(`Unsupported image type: ${file}`);
}

async function main() {
  const entries = await loadEntries();
  await mkdir(outDir, { recursive: true });
  let stamps = {};
  try {
    stamps = JSON.parse(await readFile(stampFile, "utf8"));
  } catch {
    stamps = {};
  }
  let drawn = 0;
  await Promise.all(
    entries.map(async (entry) => {
      const svg = typeof entry.svg === "function" ? entry.svg() : entry.svg;
      const stamp = createHash("sha256").update(`${entry.width}x${entry.height}\n${svg}`).digest("hex");
      const target = path.join(outDir, entry.file);
      if (stamps[entry.file] === stamp) {
        try {
          await readFile(target);
          return;
        } catch {
          /* missing: draw it */
        }
      }
      await mkdir(path.dirname(target), { recursive: true });
      const image = sharp(Buffer.from(svg), { density: 72 }).resize(entry.width, entry.height);
      await writeFile(target, await encode(image, entry.file).toBuffer());
      stamps[entry.file] = stamp;
      drawn++;
    }),
  );
  await writeFile(stampFile, JSON.stringify(stamps, null, 1));
  console.log(`images: ${entries.length} in all, ${drawn} drawn`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
