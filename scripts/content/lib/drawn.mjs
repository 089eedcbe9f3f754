/**
 * The names of the pictures the site draws itself (npm run assets): each
 * module of scripts/assets/images/ exports its entries { file, width, height,
 * svg }, and importing a module only builds the SVG text (the drawing with
 * sharp happens in make-images.mjs). So content:check, which runs before
 * `npm run assets`, knows every drawn name in a few milliseconds.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { REPO } from "./schemas.mjs";

let cached;

/** Every drawn picture's name, as the data names it ("careers/team.jpg", "products/12.png"). */
export async function drawnNames(repo = REPO) {
  if (cached) return cached;
  const dir = path.join(repo, "scripts/assets/images");
  const names = new Set();
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith(".mjs")).sort()) {
    const mod = await import(pathToFileURL(path.join(dir, name)).href);
    const list = typeof mod.default === "function" ? await mod.default() : mod.default;
    for (const entry of list) names.add(entry.file);
  }
  cached = names;
  return names;
}
