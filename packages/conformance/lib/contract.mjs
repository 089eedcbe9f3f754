/**
 * The contract as the suite reads it: openapi.yaml (or .json) with its local
 * `$ref`s resolved, its operations listed, JSON Schema validators (ajv 8, the
 * one express-openapi-validator uses, with its formats) and the check of an
 * answer against the response the contract declares for its status.
 */
import fs from "fs";
import yaml from "js-yaml";
import { createRequire } from "module";

const require = createRequire(import.meta.url);
/**
 * The ajv of express-openapi-validator where it is installed (the server's
 * own validator: the same rules, the same formats); else this package's own
 * ajv 8 and ajv-formats.
 */
function validatorRequire() {
  try {
    return createRequire(require.resolve("express-openapi-validator/package.json"));
  } catch {
    return require;
  }
}
const fromValidator = validatorRequire();
const Ajv = fromValidator("ajv").default;
const addFormats = fromValidator("ajv-formats").default;

export const METHODS = ["get", "put", "post", "delete", "patch"];

/** The contract from a file (YAML or JSON) or from an http(s) URL (a server's published /api/v1/openapi.json). */
export async function loadContract(where) {
  let text;
  if (/^https?:\/\//i.test(where)) {
    const response = await fetch(where, { headers: { accept: "application/json, application/yaml;q=0.9" } });
    if (!response.ok) throw new Error(`${where} answered ${response.status}`);
    text = await response.text();
  } else {
    text = fs.readFileSync(where, "utf8");
  }
  // YAML 1.2 reads JSON too.
  return resolveRefs(markSpamTraps(yaml.load(text)));
}

/**
 * The contract's spam trap (the honeypot field a person leaves out, schema
 * `SpamTrap`, contract 1.3.0) marked `x-spam-trap: true` before the `$ref`s
 * are resolved (they lose its name), so the generated bodies leave it out.
 * A contract may mark other schemas so itself.
 */
export function markSpamTraps(doc) {
  const trap = doc?.components?.schemas?.SpamTrap;
  if (trap && typeof trap === "object") trap["x-spam-trap"] = true;
  return doc;
}

/** A copy of the document with every local `$ref` replaced by what it names (shared, so cycles stay cycles). */
export function resolveRefs(doc) {
  const resolved = new Map();
  const target = (ref) => {
    if (!ref.startsWith("#/")) throw new Error(`only local $refs are supported: ${ref}`);
    return ref
      .slice(2)
      .split("/")
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((node, key) => {
        if (node === undefined || node === null || !(key in node)) throw new Error(`$ref ${ref} names nothing`);
        return node[key];
      }, doc);
  };
  const walk = (node) => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== "object") return node;
    if (typeof node.$ref === "string") {
      if (!resolved.has(node.$ref)) {
        const placeholder = {};
        resolved.set(node.$ref, placeholder);
        Object.assign(placeholder, walk(target(node.$ref)));
      }
      return resolved.get(node.$ref);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
  };
  return walk(doc);
}

/** Every operation: { method, path, op, parameters, label }. */
export function operationsOf(doc) {
  const list = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])];
      list.push({ method, path, op, parameters, label: `${method.toUpperCase()} ${path}` });
    }
  }
  return list;
}

export function makeAjv(options = {}) {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true, ...options });
  addFormats(ajv, { mode: "full" });
  for (const format of ["binary", "byte", "int32", "int64", "float", "double", "password"]) {
    if (!ajv.formats[format]) ajv.addFormat(format, true);
  }
  return ajv;
}

const ajv = makeAjv();
/** For headers, whose values are text: an integer header arrives as "30". */
const coercing = makeAjv({ coerceTypes: true });
const compiled = new WeakMap();
const compiledCoercing = new WeakMap();

/** A cached validator of one (resolved) schema. */
export function validatorOf(schema) {
  if (!compiled.has(schema)) compiled.set(schema, ajv.compile(schema));
  return compiled.get(schema);
}

/** Validates a header's text against its schema (an integer header as "30"). */
function validHeader(schema, text) {
  if (!compiledCoercing.has(schema)) compiledCoercing.set(schema, coercing.compile({ type: "object", properties: { v: schema } }));
  const validate = compiledCoercing.get(schema);
  return validate({ v: text }) ? null : validate.errors;
}

/** The media type without parameters, lower case ("application/json"). */
export function mediaType(contentType) {
  return String(contentType ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();
}

const isJson = (type) => type === "application/json" || type.endsWith("+json");

/** The response the operation declares for a status (exact, 4XX range, or default). */
export function declaredResponse(op, status) {
  const responses = op?.responses ?? {};
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

/** Where a schema error is, in words. */
function errorText(errors) {
  return (errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || "(root)"} ${e.message}${e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : ""}`)
    .join("; ");
}

/**
 * What is wrong with an answer for the response the contract declares
 * (`response`): its content type, its body and its declared headers. [] when
 * it conforms.
 */
export function responseProblems(response, answer) {
  const problems = [];
  const declaredContent = response.content ?? {};
  const types = Object.keys(declaredContent);
  const type = mediaType(answer.headers["content-type"]);
  if (types.length > 0) {
    const match = types.find((t) => t === type || t === "*/*" || (t.endsWith("/*") && type.startsWith(t.slice(0, -1))));
    if (!match) {
      problems.push(`Content-Type "${answer.headers["content-type"] ?? ""}" is not one the contract declares (${types.join(", ")})`);
    } else if (declaredContent[match].schema) {
      let body = answer.text;
      if (isJson(type)) {
        try {
          body = JSON.parse(answer.text);
        } catch {
          problems.push("the body is not valid JSON");
          body = undefined;
        }
      }
      if (body !== undefined) {
        const validate = validatorOf(declaredContent[match].schema);
        if (!validate(body)) problems.push(`the body does not match the contract: ${errorText(validate.errors)}`);
      }
    }
  }
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    const value = answer.headers[name.toLowerCase()];
    if (value === undefined) {
      if (header.required) problems.push(`the required header ${name} is missing`);
      continue;
    }
    if (header.schema) {
      const errors = validHeader(header.schema, value);
      if (errors) problems.push(`the header ${name}: ${JSON.stringify(value)} does not match the contract: ${errorText(errors)}`);
    }
  }
  return problems;
}

/**
 * The size limit of an uploaded file the contract states in its words
 * ("... limited (10 MB unless ...)"), in MB; undefined when it states none.
 */
export function documentedUploadLimitMb(doc) {
  const texts = [];
  const collect = (node) => {
    if (Array.isArray(node)) node.forEach(collect);
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "description" && typeof value === "string") texts.push(value);
        else collect(value);
      }
    }
  };
  collect(doc);
  for (const text of texts) {
    const sentence = text.split(/(?<=\.)\s/).find((s) => /\b(file|upload)/i.test(s) && /\d+(?:\.\d+)?\s*MB\b/.test(s));
    if (sentence) return Number(/(\d+(?:\.\d+)?)\s*MB\b/.exec(sentence)[1]);
  }
  return undefined;
}
