/**
 * Extracts the validation rules of every form from the contract: for each
 * operation of `openapi.yaml`, its request-body schema with every `$ref`
 * resolved and every `allOf` merged, kept to the JSON-Schema subset the
 * browser's validator (src/forms/validation.ts) interprets, plus the accepted
 * content types of each file field (the operation's `encoding`). The result is
 * committed as one file per operation, `src/contract/form-rules/<operationId>.json`
 * (one file each, so a page bundles only the rules of its own forms: the
 * footer's newsletter is on every page). The forms import them, so the browser
 * checks exactly the rules the server enforces.
 *
 *   node scripts/contract/form-rules.mjs            write src/contract/form-rules/*.json   (npm run forms:rules)
 *   node scripts/contract/form-rules.mjs --stdout   print { "<file>": "<text>", ... } instead (tests/integration/tools/form-rules.test.ts compares)
 *   node scripts/contract/form-rules.mjs --check    fail when a committed file is out of date, missing or left over
 *   --spec <file>                          read another contract than openapi.yaml (tests)
 *
 * A keyword outside the subset fails the script: extend the validator (and its
 * test against ajv) before the contract uses it.
 */
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";
import yaml from "js-yaml";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const SPEC_PATH = path.join(ROOT, "openapi.yaml");
export const RULES_DIR = path.join(ROOT, "src", "contract", "form-rules");

/** Validation keywords the browser's validator interprets. */
const RULE_KEYWORDS = [
  "type",
  "format",
  "pattern",
  "minLength",
  "maxLength",
  "enum",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
  "uniqueItems",
  "items",
  "required",
  "properties",
  "additionalProperties",
];
/** Keywords that only document a schema: dropped. */
const ANNOTATIONS = new Set(["description", "title", "example", "examples", "deprecated", "externalDocs", "x-label", "x-pattern-message", "x-catalogue"]);
const TYPES = new Set(["string", "number", "integer", "array", "object", "boolean"]);
const FORMATS = new Set(["email", "uri", "binary"]);
const CONTENT_TYPES = ["application/json", "multipart/form-data"];

/** The value at a local reference like `#/components/schemas/Email`. */
function follow(doc, ref) {
  if (!ref.startsWith("#/")) throw new Error(`only local $refs are supported, got ${ref}`);
  let node = doc;
  for (const part of ref.slice(2).split("/")) {
    node = node?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
    if (node === undefined) throw new Error(`$ref ${ref} does not resolve`);
  }
  return node;
}

/** Merges the keywords of `from` into `into`; the same keyword twice must agree. */
function merge(into, from, where) {
  for (const [key, value] of Object.entries(from)) {
    if (key === "required") {
      into.required = [...new Set([...(into.required ?? []), ...value])];
    } else if (key === "properties") {
      into.properties = { ...(into.properties ?? {}) };
      for (const [name, schema] of Object.entries(value)) {
        if (into.properties[name] && JSON.stringify(into.properties[name]) !== JSON.stringify(schema)) {
          throw new Error(`${where}: allOf defines property ${name} twice`);
        }
        into.properties[name] = schema;
      }
    } else if (key in into && JSON.stringify(into[key]) !== JSON.stringify(value)) {
      throw new Error(`${where}: allOf gives ${key} two values`);
    } else {
      into[key] = value;
    }
  }
  return into;
}

/** The schema with $refs resolved, allOf merged, annotations dropped and only the subset's keywords left. */
function resolve(doc, schema, where, seen = []) {
  if (schema && typeof schema === "object" && "$ref" in schema) {
    if (seen.includes(schema.$ref)) throw new Error(`${where}: circular $ref ${schema.$ref}`);
    return resolve(doc, follow(doc, schema.$ref), `${where} -> ${schema.$ref}`, [...seen, schema.$ref]);
  }
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) throw new Error(`${where}: a schema must be an object`);

  let out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (key === "allOf") {
      for (const [i, part] of value.entries()) merge(out, resolve(doc, part, `${where}/allOf/${i}`, seen), where);
      continue;
    }
    if (!RULE_KEYWORDS.includes(key)) {
      throw new Error(`${where}: keyword "${key}" is not interpreted by src/forms/validation.ts (extend it and its test first)`);
    }
    if (key === "properties") {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, resolve(doc, sub, `${where}/properties/${name}`, seen)]));
    } else if (key === "items") {
      out.items = resolve(doc, value, `${where}/items`, seen);
    } else {
      out = merge(out, { [key]: value }, where);
    }
  }
  if (out.type !== undefined && !TYPES.has(out.type)) throw new Error(`${where}: type "${out.type}" is not supported`);
  if (out.format !== undefined && !FORMATS.has(out.format)) throw new Error(`${where}: format "${out.format}" is not supported`);
  if (out.pattern !== undefined) {
    // ajv (the server) and src/forms/validation.ts (the browser) both compile a pattern with the unicode flag.
    try {
      new RegExp(out.pattern, "u");
    } catch (err) {
      throw new Error(`${where}: pattern ${JSON.stringify(out.pattern)} is not a valid regular expression with the unicode flag (${err.message})`);
    }
  }
  if (out.additionalProperties !== undefined && typeof out.additionalProperties !== "boolean") {
    throw new Error(`${where}: additionalProperties must be true or false`);
  }
  // One key order for every schema, so the output does not depend on how the contract orders keywords.
  return Object.fromEntries(RULE_KEYWORDS.filter((key) => key in out).map((key) => [key, out[key]]));
}

/** The form rules of every operation with a request body, by operationId, in the contract's order. */
export function extractFormRules(doc) {
  const rules = {};
  for (const [urlPath, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation?.requestBody) continue;
      const where = `${method.toUpperCase()} ${urlPath}`;
      if (!operation.operationId) throw new Error(`${where}: operationId missing`);
      const body = operation.requestBody.$ref ? follow(doc, operation.requestBody.$ref) : operation.requestBody;
      const types = Object.keys(body.content ?? {});
      if (types.length !== 1 || !CONTENT_TYPES.includes(types[0])) {
        throw new Error(`${where}: expected one body of ${CONTENT_TYPES.join(" or ")}, got ${types.join(", ") || "none"}`);
      }
      const contentType = types[0];
      const media = body.content[contentType];
      const schema = resolve(doc, media.schema, where);
      if (schema.type !== "object" || !schema.properties) throw new Error(`${where}: the body must be an object with properties`);
      const fileTypes = {};
      for (const [name, property] of Object.entries(schema.properties)) {
        if (property.format !== "binary") continue;
        const declared = media.encoding?.[name]?.contentType;
        fileTypes[name] = declared ? declared.split(",").map((type) => type.trim()).filter(Boolean) : [];
      }
      rules[operation.operationId] = { method, path: urlPath, contentType, required: body.required === true, schema, fileTypes };
    }
  }
  return rules;
}

/** The files of src/contract/form-rules/ for the current openapi.yaml: { "<operationId>.json": "<text>" }. */
export function generateFormRules(specPath = SPEC_PATH) {
  const doc = yaml.load(fs.readFileSync(specPath, "utf8"));
  const files = {};
  for (const [operationId, rules] of Object.entries(extractFormRules(doc))) {
    const content = {
      $comment: `Generated from openapi.yaml (${operationId}) by scripts/contract/form-rules.mjs (npm run forms:rules). Do not edit.`,
      operationId,
      ...rules,
    };
    files[`${operationId}.json`] = JSON.stringify(content, null, 2) + "\n";
  }
  return files;
}

function committedFiles() {
  if (!fs.existsSync(RULES_DIR)) return {};
  return Object.fromEntries(
    fs
      .readdirSync(RULES_DIR)
      .filter((name) => name.endsWith(".json"))
      .map((name) => [name, fs.readFileSync(path.join(RULES_DIR, name), "utf8")]),
  );
}

function main() {
  const specAt = process.argv.indexOf("--spec");
  const files = generateFormRules(specAt > 0 ? path.resolve(process.argv[specAt + 1]) : SPEC_PATH);
  const relative = path.relative(process.cwd(), RULES_DIR);
  if (process.argv.includes("--stdout")) {
    process.stdout.write(JSON.stringify(files, null, 2) + "\n");
    return;
  }
  const committed = committedFiles();
  if (process.argv.includes("--check")) {
    const stale = [...new Set([...Object.keys(files), ...Object.keys(committed)])].filter((name) => files[name] !== committed[name]);
    if (stale.length > 0) {
      console.error(`${relative}/ is out of date with openapi.yaml (${stale.join(", ")}): run npm run forms:rules`);
      process.exit(1);
    }
    console.log(`${relative}/ is up to date`);
    return;
  }
  fs.mkdirSync(RULES_DIR, { recursive: true });
  for (const name of Object.keys(committed)) if (!(name in files)) fs.rmSync(path.join(RULES_DIR, name));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(RULES_DIR, name), text);
  console.log(`Wrote ${Object.keys(files).length} files to ${relative}/`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
