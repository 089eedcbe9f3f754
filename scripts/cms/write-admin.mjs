/**
 * Writes the content editor, /admin: Decap CMS's prebuilt bundle (its own
 * React, outside the site's webpack build, so the public pages carry none of
 * it), the configuration made from the content schemas
 * (scripts/cms/admin-config.mjs) and the project's widgets
 * (scripts/cms/widgets/), into one folder:
 *
 *   index.html       noindex; no inline script; the sources its
 *                    Content-Security-Policy needs in meta tags that the
 *                    server reads (server/site/csp.ts, adminContentSecurityPolicy)
 *   config.yml       collections, media folders, backend
 *   decap-cms.js     node_modules/decap-cms/dist/decap-cms.js as shipped, with
 *                    the chunks and WebAssembly it loads (no source maps)
 *   cms-widgets.js   the widgets and their validators compiled from the schemas,
 *                    and the JSON formats that write keys in the schemas' order
 *
 *   node scripts/cms/write-admin.mjs [out-dir]     (default public/admin; build:site runs it)
 *
 * The backend comes from the environment (CMS_BACKEND, CMS_REPO, ...:
 * docs/configuration.md, "Content editor").
 */
import fs from "fs";
import os from "os";
import path from "path";
import { fileURLToPath } from "url";
import Ajv2020 from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import * as esbuild from "esbuild";
import yaml from "js-yaml";
import { adminConfig, arabicOf, backendFromEnv, backendOrigins, ENGLISH_MARK, FOLDER_COLLECTIONS, formatOf, PAGE_OF_FILE, PAGES_AR_FORMAT, PAGES_FORMAT } from "./admin-config.mjs";
import { overlaySchema } from "../content/lib/translations.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** This project's own checkout: where the tools (node_modules) are, whatever content folder is edited. */
export const TOOL_ROOT = path.resolve(HERE, "../..");
const DECAP_DIST = path.join(TOOL_ROOT, "node_modules/decap-cms/dist");
/** Where the editor is served on the site. */
export const ADMIN_PATH = "/admin/";

/** Attribute text for HTML. */
const attribute = (text) => String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The files of Decap's prebuilt bundle the editor loads: the bundle, its chunks and WebAssembly; never the source maps nor the second copy (cms.js). */
export function decapFiles() {
  return fs
    .readdirSync(DECAP_DIST)
    .filter((name) => name === "decap-cms.js" || /^\d+\.decap-cms\.js$/.test(name) || name.endsWith(".wasm"))
    .sort();
}

/** Compiles the sub-schemas the custom widgets check, into one module for the bundle. */
function validatorModule(entries) {
  const ajv = new Ajv2020({ allErrors: true, strict: false, code: { source: true, esm: true } });
  for (const keyword of ["x-media", "x-min-width", "x-widget"]) ajv.addKeyword({ keyword, schemaType: ["string", "number"] });
  ajv.addKeyword({ keyword: "x-translate", schemaType: "boolean" });
  const ids = {};
  for (const { id, schema } of entries) {
    ajv.addSchema({ ...schema, $id: `https://schemas.invalid/cms/${id}` });
    ids[id] = `https://schemas.invalid/cms/${id}`;
  }
  const code = entries.length ? standaloneCode(ajv, ids) : "";
  const meta = Object.fromEntries(entries.map(({ id, schema }) => [id, { title: schema.title ?? "value", description: schema.description ?? "" }]));
  return `${code}\nconst meta = ${JSON.stringify(meta)};\nexport default Object.fromEntries(Object.entries(meta).map(([id, m]) => [id, { ...m, validate: { ${entries
    .map(({ id }) => `${id}`)
    .join(", ")} }[id] }]));\n`;
}

/**
 * Writes the editor into `outDir`. Options: `backend` (default from the
 * environment), `siteUrl` (default data/company.json's), `previewOrigin` (the
 * development site shown as each entry's preview, `npm run cms`).
 * Returns what it wrote and the sources of its Content-Security-Policy.
 */
export async function writeAdmin({ root = TOOL_ROOT, outDir = path.join(root, "public/admin"), backend = backendFromEnv(), siteUrl, previewOrigin } = {}) {
  const company = JSON.parse(fs.readFileSync(path.join(root, "data/company.json"), "utf8"));
  const site = siteUrl ?? process.env.CMS_SITE_URL?.trim() ?? company.siteUrl;

  // Each distinct sub-schema a custom widget checks gets one validator.
  const byText = new Map();
  const entries = [];
  const register = (schema) => {
    const text = JSON.stringify(schema);
    if (!byText.has(text)) {
      const id = `v${byText.size}`;
      byText.set(text, id);
      entries.push({ id, schema });
    }
    return byText.get(text);
  };
  const config = adminConfig(root, { backend, siteUrl: site, register });

  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  for (const name of decapFiles()) fs.copyFileSync(path.join(DECAP_DIST, name), path.join(outDir, name));
  fs.writeFileSync(path.join(outDir, "config.yml"), `# Made by scripts/cms/write-admin.mjs from schemas/content/: make it again, do not edit it.\n${yaml.dump(config, { lineWidth: -1, noRefs: true })}`);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), "cms-widgets-"));
  try {
    const validators = path.join(work, "validators.mjs");
    fs.writeFileSync(validators, validatorModule(entries));
    // The schemas themselves, for writing each file's keys in their order.
    const schemas = path.join(work, "schemas.mjs");
    const schemaOf = (name) => JSON.parse(fs.readFileSync(path.join(root, "schemas/content", `${name}.schema.json`), "utf8"));
    const folders = Object.fromEntries(FOLDER_COLLECTIONS.map((collection) => [formatOf(collection.name), schemaOf(collection.schema)]));
    const pages = config.collections[0].files.map((file) => schemaOf(file.name));
    // The Arabic overlays' formats: their schemas derived from the English ones; the English folders' identifiers mark their entries.
    const foldersAr = Object.fromEntries(FOLDER_COLLECTIONS.map((collection) => [formatOf(arabicOf(collection.name)), overlaySchema(schemaOf(collection.schema))]));
    const pagesAr = config.collections.find((c) => c.name === arabicOf("pages")).files.map((file) => overlaySchema(schemaOf(file.name)));
    const identifiers = Object.fromEntries(FOLDER_COLLECTIONS.map((collection) => [formatOf(collection.name), collection.identifier]));
    fs.writeFileSync(
      schemas,
      `export default ${JSON.stringify({ folders, pages, pagesFormat: PAGES_FORMAT, foldersAr, pagesAr, pagesArFormat: PAGES_AR_FORMAT, identifiers, englishMark: ENGLISH_MARK })};\n`,
    );
    await esbuild.build({
      entryPoints: [path.join(HERE, "widgets/index.js")],
      bundle: true,
      format: "iife",
      minify: true,
      target: "es2020",
      outfile: path.join(outDir, "cms-widgets.js"),
      nodePaths: [path.join(TOOL_ROOT, "node_modules")],
      logLevel: "warning",
      legalComments: "none",
      plugins: [
        {
          name: "cms-generated",
          setup: (build) => {
            build.onResolve({ filter: /^cms-validators$/ }, () => ({ path: validators }));
            build.onResolve({ filter: /^cms-schemas$/ }, () => ({ path: schemas }));
          },
        },
      ],
    });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }

  const connect = backendOrigins(backend);
  const frame = previewOrigin ? [new URL(previewOrigin).origin] : [];
  const previewPages = {
    ...PAGE_OF_FILE,
    ...Object.fromEntries(FOLDER_COLLECTIONS.map((collection) => [collection.name, collection.preview])),
    ...Object.fromEntries(FOLDER_COLLECTIONS.map((collection) => [arabicOf(collection.name), `/ar${collection.preview}`])),
  };
  for (const file of config.collections[0].files) previewPages[file.name] ??= "/";
  const meta = [
    '<meta name="robots" content="noindex, nofollow">',
    `<meta name="cms-connect-src" content="${attribute(connect.join(" "))}">`,
    `<meta name="cms-frame-src" content="${attribute(frame.join(" "))}">`,
    ...(previewOrigin
      ? [`<meta name="cms-preview-origin" content="${attribute(new URL(previewOrigin).origin)}">`, `<meta name="cms-preview-pages" content="${attribute(JSON.stringify(previewPages))}">`]
      : []),
  ];
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${meta.join("\n")}
<title>Content editor</title>
<link href="${ADMIN_PATH}config.yml" type="text/yaml" rel="cms-config-url">
</head>
<body>
<script src="${ADMIN_PATH}decap-cms.js"></script>
<script src="${ADMIN_PATH}cms-widgets.js"></script>
</body>
</html>
`;
  fs.writeFileSync(path.join(outDir, "index.html"), html);
  return { outDir, config, connect, frame, files: fs.readdirSync(outDir).sort() };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = path.resolve(process.argv[2] ?? path.join(TOOL_ROOT, "public/admin"));
  try {
    const written = await writeAdmin({ outDir });
    console.log(`cms: ${path.relative(process.cwd(), outDir) || "."}: ${written.config.collections.length} collections (${written.config.collections[0].files.length} pages and settings), backend ${written.config.backend.name}`);
  } catch (error) {
    console.error(`cms: ${error.message}`);
    process.exit(1);
  }
}
