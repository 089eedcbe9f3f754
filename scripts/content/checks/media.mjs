/**
 * The company's media, as the data names them (fields marked "x-media" in the
 * schemas: a file name in data/media/<folder>/):
 * - the file exists; for page pictures and logos a picture the site draws
 *   under that name (scripts/assets/images/) also counts, as the build falls
 *   back to it;
 * - a photo, picture or PNG logo is a JPEG, PNG or WebP (logos: PNG) at least
 *   as wide as the place that shows it needs ("x-min-width": the widths of the
 *   pages' gatsby-plugin-image queries), so no page shows it blurred;
 * - an SVG logo parses and has a size (viewBox, or width and height);
 * - a document is a PDF (it starts with %PDF- and ends with %%EOF).
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { drawnNames } from "../lib/drawn.mjs";
import { annotated, fieldName, kindOf, loadSchemas } from "../lib/schemas.mjs";

/** What each folder holds, in an editor's words, and the formats sharp must find. */
const FOLDERS = {
  products: { what: "a product photo", formats: ["jpeg", "png", "webp"], kinds: "a JPEG, PNG or WebP picture" },
  pictures: { what: "this picture", formats: ["jpeg", "png", "webp"], kinds: "a JPEG, PNG or WebP picture", drawn: true },
  logos: { what: "a client logo", formats: ["png"], kinds: "an SVG or PNG picture", drawn: true },
  documents: { what: "a document", pdf: true },
  video: { what: "a video" },
};

async function inspectPicture(file, folder) {
  try {
    const { format, width } = await sharp(file).metadata();
    if (!folder.formats.includes(format)) return { error: `is not ${folder.kinds} (it holds ${format ?? "something else"})` };
    return { width };
  } catch {
    return { error: `is not ${folder.kinds} (it cannot be read as one)` };
  }
}

async function inspectSvg(file) {
  const text = fs.readFileSync(file, "utf8");
  const root = /<svg\b[^>]*>/i.exec(text);
  if (!root) return { error: "is not an SVG picture (no <svg> element)" };
  const has = (attr) => new RegExp(`\\s${attr}\\s*=\\s*["'][^"']*\\d`, "i").test(root[0]);
  if (!has("viewBox") && !(has("width") && has("height"))) return { error: "has no size: give its <svg> element a viewBox (or a width and a height)" };
  try {
    await sharp(Buffer.from(text)).metadata();
  } catch (error) {
    return { error: `does not parse as SVG (${String(error.message).split("\n")[0]})` };
  }
  return {};
}

function inspectPdf(file) {
  const bytes = fs.readFileSync(file);
  if (!bytes.subarray(0, 1024).includes("%PDF-")) return { error: "is not a PDF (it does not start with %PDF-)" };
  if (!bytes.subarray(Math.max(0, bytes.length - 1024)).includes("%%EOF")) return { error: "is not a whole PDF (it does not end with %%EOF: cut short?)" };
  return {};
}

export default async function check({ root, files }) {
  const schemas = loadSchemas();
  const drawn = await drawnNames();
  const problems = [];
  const inspected = new Map();
  for (const [file, { data }] of files) {
    const schema = schemas.get(kindOf(file));
    if (!schema) continue;
    for (const { pointer, value, schema: field } of annotated(schema, data, "x-media")) {
      if (typeof value !== "string" || value === "") continue;
      const folderName = field["x-media"];
      const folder = FOLDERS[folderName] ?? { what: "this file" };
      const name = `\`${fieldName(pointer, data)}\``;
      const rel = `data/media/${folderName}/${value}`;
      if (path.isAbsolute(value) || value.split(/[\\/]/).includes("..")) {
        problems.push({ file, pointer, message: `${name} should name a file in data/media/${folderName}/, not "${value}"` });
        continue;
      }
      const full = path.join(root, rel);
      if (!fs.existsSync(full) || !fs.statSync(full).isFile()) {
        if (folder.drawn && drawn.has(value)) continue;
        const fallback = folder.drawn ? ", and the site has no drawing of that name" : "";
        problems.push({ file, pointer, message: `${name}: ${rel} does not exist${fallback}` });
        continue;
      }
      if (!inspected.has(rel)) {
        let result = {};
        if (folder.pdf) result = inspectPdf(full);
        else if (folder.formats && /\.svg$/i.test(value) && folderName === "logos") result = await inspectSvg(full);
        else if (folder.formats) result = await inspectPicture(full, folder);
        inspected.set(rel, result);
      }
      const { error, width } = inspected.get(rel);
      const minWidth = field["x-min-width"];
      if (error) problems.push({ file, pointer, message: `${name}: ${rel} ${error}` });
      else if (minWidth && width !== undefined && width < minWidth) {
        problems.push({ file, pointer, message: `${name}: ${rel} is ${width} px wide; ${folder.what} needs at least ${minWidth} px (the page shows it up to ${minWidth} px wide)` });
      }
    }
  }
  return problems;
}
