import fs from "fs";
import path from "path";
import { isOverlayFile, mergeOverlay } from "../shared/i18n/overlay.cjs";

/**
 * The data layer in two languages. Every JSON file of data/ is a node (gatsby-transformer-json) with
 * `fields.lang` "en"; beside it, its Arabic overlay (`<name>.ar.json`: the translatable words at the
 * same paths, schemas/content/ and content:check) merged onto it is a node of the same type with
 * `fields.lang` "ar". Pages ask for `fields: { lang: { eq: $lang } }`; figures, media and links are
 * the English file's, so there is one place to change them.
 */

/** Every JSON file in data/ is a node type named after its file (data/home.json -> HomeJson) or, in a sub-folder, after the folder (data/products/*.json -> ProductsJson). */
export function dataTypeName({ node }: { node: { name: string; relativeDirectory: string } }): string {
  const base = node.relativeDirectory ? path.basename(node.relativeDirectory) : node.name;
  const camel = base.replace(/[-_\s]+(.)/g, (_m, c: string) => c.toUpperCase());
  return `${camel.charAt(0).toUpperCase()}${camel.slice(1)}Json`;
}

/** Where the Arabic twins are written (from the project's root), and the name of their gatsby-source-filesystem instance. */
export const ARABIC_DATA_FOLDER = "generated/data-ar";
export const ARABIC_DATA_SOURCE = "data-ar";

/** An Arabic overlay, which is not a node of its own: merged into the Arabic twin of its English file. */
export const OVERLAY_GLOB = "**/*.ar.json";

/** Files without an Arabic twin: the API reference speaks to integrators, in English. */
const ENGLISH_ONLY = new Set(["api-reference.json"]);

export interface TwinSource {
  type: string;
  relativePath: string;
  content: Record<string, unknown>;
}

/**
 * Writes the Arabic twin of every English data file into `outDir`, at the same relative path: the build sources that
 * folder as it sources data/, so gatsby-transformer-json makes the twins' nodes of the same types.
 */
export function writeArabicTwins(dataDir: string, outDir: string): number {
  fs.rmSync(outDir, { recursive: true, force: true });
  const twins = arabicTwins(dataDir);
  for (const twin of twins) {
    const file = path.join(outDir, twin.relativePath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(twin.content, null, 2)}\n`);
  }
  return twins.length;
}

/** The Arabic twin of every English data file, as node content (the English file with its overlay merged on). */
export function arabicTwins(dataDir: string): TwinSource[] {
  const twins: TwinSource[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path.relative(dataDir, file) !== "media") walk(file);
        continue;
      }
      if (!entry.name.endsWith(".json") || isOverlayFile(entry.name)) continue;
      const relativePath = path.relative(dataDir, file).split(path.sep).join("/");
      if (ENGLISH_ONLY.has(relativePath)) continue;
      const english = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
      const overlayFile = file.replace(/\.json$/, ".ar.json");
      const overlay = fs.existsSync(overlayFile) ? (JSON.parse(fs.readFileSync(overlayFile, "utf8")) as unknown) : {};
      const relativeDirectory = path.dirname(relativePath) === "." ? "" : path.dirname(relativePath);
      twins.push({
        type: dataTypeName({ node: { name: path.basename(relativePath, ".json"), relativeDirectory } }),
        relativePath,
        content: mergeOverlay(english, overlay) as Record<string, unknown>,
      });
    }
  };
  walk(dataDir);
  return twins;
}
