/**
 * The content schemas (schemas/content/*.schema.json) and the validator that
 * reads them: ajv 8, JSON Schema 2020-12, strict, every error at once. The
 * annotation keywords (x-media, x-min-width, x-widget, x-translate) are registered as
 * annotations: ajv checks only that their values have the right type.
 *
 * A data file's kind names its schema: data/<name>.json is checked against
 * <name>.schema.json, every file of a folder data/<folder>/*.json against
 * <folder>.schema.json (data/products/x.json: products.schema.json).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";

/** The repository these scripts belong to (its schemas and drawings), whatever --root names for the data. */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const SCHEMA_DIR = path.join(REPO, "schemas/content");

/** The annotation keywords and the JSON type of their values. */
export const ANNOTATIONS = { "x-media": "string", "x-min-width": "integer", "x-widget": "string", "x-translate": "boolean" };

/** An ajv instance set up as content:check uses it; compile any content schema with it (`options` are ajv's, e.g. { verbose: true }). */
export function createAjv(options = {}) {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true, ...options });
  for (const [keyword, type] of Object.entries(ANNOTATIONS)) ajv.addKeyword({ keyword, metaSchema: { type } });
  return ajv;
}

/** The kind of a data file ("data/products/x.json" -> "products", "data/home.json" -> "home"), or null outside data/. */
export function kindOf(file) {
  const parts = file.split("/");
  if (parts[0] !== "data" || !file.endsWith(".json")) return null;
  if (parts.length === 2) return parts[1].replace(/\.json$/, "");
  if (parts.length === 3) return parts[1];
  return null;
}

/** The schema file of a kind, relative to the repository. */
export const schemaFileOf = (kind) => `schemas/content/${kind}.schema.json`;

/** Every schema by kind. */
export function loadSchemas(dir = SCHEMA_DIR) {
  const schemas = new Map();
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith(".schema.json")).sort()) {
    schemas.set(name.replace(/\.schema\.json$/, ""), JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")));
  }
  return schemas;
}

/** Compiled validators by kind; their errors carry the schema that failed (ajv's verbose mode: error.parentSchema). */
export function compileSchemas(schemas = loadSchemas()) {
  const ajv = createAjv({ verbose: true });
  return new Map([...schemas].map(([kind, schema]) => [kind, ajv.compile(schema)]));
}

/** Resolves a local $ref ("#/$defs/cell") against the schema it appears in. */
export function resolveRef(root, schema) {
  let s = schema;
  const seen = new Set();
  while (s && typeof s === "object" && typeof s.$ref === "string" && !seen.has(s.$ref)) {
    seen.add(s.$ref);
    const target = s.$ref
      .replace(/^#\/?/, "")
      .split("/")
      .filter(Boolean)
      .reduce((node, key) => node?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], root);
    s = { ...target, ...Object.fromEntries(Object.entries(s).filter(([k]) => k !== "$ref")) };
  }
  return s;
}

/**
 * Every value of `data` whose schema carries `keyword` (e.g. "x-media"):
 * [{ pointer, value, schema }]. Follows properties, items and local $refs;
 * values of the wrong shape are skipped (the schema check reports them).
 */
export function annotated(root, data, keyword) {
  const found = [];
  const walk = (schema, value, pointer) => {
    const s = resolveRef(root, schema);
    if (!s || typeof s !== "object") return;
    if (keyword in s) found.push({ pointer, value, schema: s });
    if (s.properties && value && typeof value === "object" && !Array.isArray(value)) {
      for (const [key, sub] of Object.entries(s.properties)) if (key in value) walk(sub, value[key], `${pointer}/${escape(key)}`);
    }
    if (s.items && typeof s.items === "object" && Array.isArray(value)) value.forEach((item, i) => walk(s.items, item, `${pointer}/${i}`));
  };
  walk(root, data, "");
  return found;
}

/** One JSON pointer segment. */
export const escape = (key) => String(key).replace(/~/g, "~0").replace(/\//g, "~1");
export const unescape = (segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~");

/** The segments of a JSON pointer ("/tabs/0/id" -> ["tabs", 0, "id"], indices as numbers where the data has an array). */
export function segments(pointer, data) {
  if (!pointer) return [];
  const out = [];
  let node = data;
  for (const raw of pointer.slice(1).split("/")) {
    const key = unescape(raw);
    const seg = Array.isArray(node) && /^\d+$/.test(key) ? Number(key) : key;
    out.push(seg);
    node = node != null && typeof node === "object" ? node[seg] : undefined;
  }
  return out;
}

/** The value at a JSON pointer, or undefined. */
export function valueAt(data, pointer) {
  return segments(pointer, data).reduce((node, seg) => (node != null && typeof node === "object" ? node[seg] : undefined), data);
}

/** A pointer as an editor reads it: "/tabs/0/tables/1/rows/3" -> "tabs[0].tables[1].rows[3]". */
export function fieldName(pointer, data) {
  let out = "";
  for (const seg of segments(pointer, data)) {
    if (typeof seg === "number") out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}
