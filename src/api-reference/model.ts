/**
 * The API reference page's model, made from the contract (openapi.yaml) at
 * build time: every operation with its fields, rules, examples, answers and
 * ready-to-copy calls (curl, openapi-fetch), as plain serialisable data the
 * page renders as static HTML. The contract is read generically (paths,
 * operations, `$ref`, `allOf`, parameters, headers, examples), so the page
 * follows whatever the contract says. The events the server sends (OpenAPI
 * 3.1's `webhooks`, or Redoc's `x-webhooks` in a 3.0 document: event name →
 * Path Item) are read the same way, each into the group of its first tag
 * after that group's calls, with a receiver to copy.
 */
import yaml from "js-yaml";
import { parseText, type Block } from "./text";

export type { Block, Inline } from "./text";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = Record<string, unknown>;

/** One row of a field table: a property of a body, or a nested one (`outbox.pending`, `errors[].path`). */
export interface Field {
  name: string;
  /** string, integer, number, boolean, object, array of string, file... */
  type: string;
  required: boolean;
  format?: string;
  pattern?: string;
  /** The pattern's rule in words (`x-pattern-message`). */
  patternMessage?: string;
  enum?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  nullable?: boolean;
  /** A multipart part sent with its own type (a list as application/json). */
  partContentType?: string;
  description: Block[];
}

/** A part of a multipart example: text, or a file sent from disk. */
export interface Part {
  name: string;
  value: string;
  file: boolean;
}

export interface Example {
  name: string;
  summary?: string;
  description: Block[];
  /** The value pretty-printed as JSON. */
  json: string;
  /** For a multipart body: the parts sent, in order. */
  parts?: Part[];
}

/** A file field of a multipart body and the file types it takes. */
export interface UploadRule {
  field: string;
  contentTypes: string[];
  /** The same as names people know (PDF, DOC, DOCX). */
  fileTypes: string[];
}

export interface MediaType {
  mediaType: string;
  multipart: boolean;
  fields: Field[];
  uploads: UploadRule[];
  examples: Example[];
}

export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  type: string;
  description: Block[];
  example?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** The pattern's rule in words (`x-pattern-message`). */
  patternMessage?: string;
}

export interface Header {
  name: string;
  type: string;
  required: boolean;
  description: Block[];
  example?: string;
}

export interface Response {
  status: string;
  /** Its reason phrase (Created, Bad Request...), when known. */
  reason: string;
  description: Block[];
  headers: Header[];
  content: MediaType[];
  /**
   * The anchor of the shared answer (a `#/components/responses/...` the
   * contract reuses) whose headers and bodies are shown once, in the common
   * answers; its headers and content are then left out here.
   */
  shared?: string;
}

/** An answer the contract defines once and reuses (`components/responses`), with the operations that give it. */
export interface SharedResponse extends Response {
  id: string;
  name: string;
  usedBy: { operation: string; status: string }[];
}

export interface Snippets {
  curl: string;
  fetch: string;
  /** The request example the two calls send (its name), or null when the body was made from the schema. */
  exampleName: string | null;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: Block[];
  tag: string;
  deprecated: boolean;
  parameters: Parameter[];
  requestBody: { required: boolean; description: Block[]; content: MediaType[] } | null;
  responses: Response[];
  snippets: Snippets;
}

/** An event the server sends (a `webhooks` / `x-webhooks` entry): the request it makes to the integrator's endpoint. */
export interface Webhook {
  /** Its anchor: the operationId, else `webhook-` and the event's name. */
  id: string;
  operationId: string | null;
  /** The event's name (`lead.created`). */
  name: string;
  /** The method the server sends it with (POST). */
  method: string;
  summary: string;
  description: Block[];
  tag: string;
  deprecated: boolean;
  /** The headers the server sends (its header parameters). */
  headers: Parameter[];
  /** The payload. */
  requestBody: { required: boolean; description: Block[]; content: MediaType[] } | null;
  /** What the endpoint may answer, and what each answer makes the server do. */
  responses: Response[];
  /** Signed as the Standard Webhooks specification says (its webhook-id, webhook-timestamp and webhook-signature headers). */
  standardWebhooks: boolean;
  /** A receiver to copy (TypeScript, Express; a Standard Webhooks event verified with the standardwebhooks package). */
  receiver: string;
}

export interface TagGroup {
  name: string;
  /** Anchor of the group's heading. */
  id: string;
  description: Block[];
  operations: Operation[];
  /** The events of this tag, shown after its calls. */
  webhooks: Webhook[];
}

export interface ApiReferenceModel {
  title: string;
  version: string;
  openapi: string;
  description: Block[];
  contact: { name?: string; email?: string; url?: string } | null;
  license: { name: string; url?: string } | null;
  baseUrl: string;
  /** Where the contract itself can be downloaded. */
  downloads: { label: string; href: string }[];
  /** Rules of uploads stated in the introduction (the file size limit). */
  uploadLimits: Block[];
  groups: TagGroup[];
  /** The answers reused by several operations, shown once. */
  sharedResponses: SharedResponse[];
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

const REASONS: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "202": "Accepted",
  "204": "No Content",
  "304": "Not Modified",
  "400": "Bad Request",
  "401": "Unauthorized",
  "403": "Forbidden",
  "404": "Not Found",
  "405": "Method Not Allowed",
  "406": "Not Acceptable",
  "408": "Request Timeout",
  "409": "Conflict",
  "410": "Gone",
  "412": "Precondition Failed",
  "413": "Content Too Large",
  "415": "Unsupported Media Type",
  "422": "Unprocessable Content",
  "428": "Precondition Required",
  "429": "Too Many Requests",
  "500": "Internal Server Error",
  "502": "Bad Gateway",
  "503": "Service Unavailable",
  "504": "Gateway Timeout",
};

const FILE_TYPE_NAMES: Record<string, string> = {
  "application/pdf": "PDF",
  "application/msword": "DOC",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "DOCX",
  "application/json": "JSON",
  "text/plain": "TXT",
  "image/png": "PNG",
  "image/jpeg": "JPEG",
};

/** The URLs at which the server publishes the contract, when the contract declares them. */
const CONTRACT_FILES = [
  { suffix: "openapi.json", label: "JSON" },
  { suffix: "openapi.yaml", label: "YAML" },
];

const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

/** Resolves a local `$ref` (`#/components/...`), following chains of them. */
function resolver(doc: Obj): (value: unknown) => Obj {
  return function resolve(value: unknown): Obj {
    let current = value;
    const seen = new Set<string>();
    while (isObj(current) && typeof current.$ref === "string") {
      const ref = current.$ref;
      if (seen.has(ref)) throw new Error(`circular $ref ${ref}`);
      seen.add(ref);
      if (!ref.startsWith("#/")) throw new Error(`only local $ref are supported: ${ref}`);
      let target: unknown = doc;
      for (const raw of ref.slice(2).split("/")) {
        const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
        target = isObj(target) ? target[key] : undefined;
      }
      if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
      current = target;
    }
    return isObj(current) ? current : {};
  };
}

/**
 * A schema with its `$ref` resolved and its `allOf` merged into one: the
 * parts' keywords first, then the schema's own (its description and limits
 * win), properties and required lists joined.
 */
function flatten(resolve: (value: unknown) => Obj, schema: unknown): Obj {
  const own = resolve(schema);
  if (!Array.isArray(own.allOf)) return own;
  const merged: Obj = {};
  const properties: Obj = {};
  const required = new Set<string>();
  for (const part of [...own.allOf.map((p) => flatten(resolve, p)), own]) {
    for (const [key, value] of Object.entries(part)) {
      if (key === "allOf") continue;
      if (key === "properties" && isObj(value)) Object.assign(properties, value);
      else if (key === "required" && Array.isArray(value)) value.forEach((name) => required.add(String(name)));
      else merged[key] = value;
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}

const num = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined);
const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

function typeName(resolve: (value: unknown) => Obj, schema: Obj): string {
  if (schema.format === "binary") return "file";
  if (schema.type === "array") {
    const items = flatten(resolve, schema.items);
    return `array of ${typeName(resolve, items)}`;
  }
  if (typeof schema.type === "string") return schema.type;
  if (isObj(schema.properties)) return "object";
  return "any";
}

/** The rows of a schema's field table, nested objects and arrays of objects as dotted names. */
function fieldsOf(resolve: (value: unknown) => Obj, schema: unknown, prefix = "", encoding: Obj = {}): Field[] {
  const flat = flatten(resolve, schema);
  if (!isObj(flat.properties)) return [];
  const required = new Set(Array.isArray(flat.required) ? flat.required.map(String) : []);
  const rows: Field[] = [];
  for (const [name, raw] of Object.entries(flat.properties)) {
    const property = flatten(resolve, raw);
    const items = property.type === "array" ? flatten(resolve, property.items) : undefined;
    const enumValues = Array.isArray(property.enum) ? property.enum : Array.isArray(items?.enum) ? items.enum : undefined;
    const partEncoding = isObj(encoding[name]) ? str(encoding[name].contentType) : undefined;
    const field: Field = {
      name: `${prefix}${name}`,
      type: typeName(resolve, property),
      required: required.has(name),
      description: parseText(str(property.description) ?? ""),
    };
    const format = str(property.format) ?? str(items?.format);
    if (format && format !== "binary") field.format = format;
    const pattern = str(property.pattern) ?? str(items?.pattern);
    if (pattern) field.pattern = pattern;
    const message = str(property["x-pattern-message"]) ?? str(items?.["x-pattern-message"]);
    if (message) field.patternMessage = message;
    if (enumValues) field.enum = enumValues.map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
    for (const key of ["minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems"] as const) {
      const value = num(property[key]) ?? (key.endsWith("Length") ? num(items?.[key]) : undefined);
      if (value !== undefined) field[key] = value;
    }
    if (property.uniqueItems === true) field.uniqueItems = true;
    if (property.nullable === true) field.nullable = true;
    if (partEncoding && property.format !== "binary") field.partContentType = partEncoding;
    rows.push(field);
    if (isObj(property.properties) || Array.isArray(property.allOf)) rows.push(...fieldsOf(resolve, property, `${prefix}${name}.`));
    else if (items && (isObj(items.properties) || Array.isArray(items.allOf))) rows.push(...fieldsOf(resolve, items, `${prefix}${name}[].`));
  }
  return rows;
}

const pretty = (value: unknown): string => JSON.stringify(value, null, 2);

/** The names of the file fields of a body schema (`format: binary`). */
function fileFields(resolve: (value: unknown) => Obj, schema: unknown): Set<string> {
  const flat = flatten(resolve, schema);
  const names = new Set<string>();
  if (isObj(flat.properties)) {
    for (const [name, raw] of Object.entries(flat.properties)) {
      const property = flatten(resolve, raw);
      if (property.format === "binary") names.add(name);
    }
  }
  return names;
}

/** A file name for a file part of an example: the example's own when it looks like one. */
function fileNameFor(field: string, value: unknown, contentTypes: string[]): string {
  if (typeof value === "string" && /^[\w.-]+\.[A-Za-z0-9]{2,5}$/.test(value)) return value;
  const extension = (FILE_TYPE_NAMES[contentTypes[0] ?? ""] ?? "PDF").toLowerCase();
  return `${field}.${extension === "json" ? "pdf" : extension}`;
}

/** A multipart body's parts: text as decimal text or JSON for lists, files by name. */
function partsOf(value: unknown, files: Set<string>, uploads: UploadRule[]): Part[] {
  if (!isObj(value)) return [];
  return Object.entries(value)
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([name, v]) => {
      if (files.has(name)) {
        const rule = uploads.find((u) => u.field === name);
        return { name, value: fileNameFor(name, v, rule?.contentTypes ?? []), file: true };
      }
      return { name, value: typeof v === "string" ? v : typeof v === "object" ? JSON.stringify(v) : String(v), file: false };
    });
}

function examplesOf(resolve: (value: unknown) => Obj, media: Obj, schema: Obj, multipart: { files: Set<string>; uploads: UploadRule[] } | null): Example[] {
  const found: { name: string; summary?: string; description?: string; value: unknown }[] = [];
  if (isObj(media.examples)) {
    for (const [name, raw] of Object.entries(media.examples)) {
      const example = resolve(raw);
      if ("value" in example) found.push({ name, summary: str(example.summary), description: str(example.description), value: example.value });
    }
  }
  if (media.example !== undefined) found.push({ name: "example", value: media.example });
  if (found.length === 0 && schema.example !== undefined) found.push({ name: "example", value: schema.example });
  return found.map(({ name, summary, description, value }) => {
    const example: Example = { name, description: parseText(description ?? ""), json: pretty(value) };
    if (summary) example.summary = summary;
    if (multipart) example.parts = partsOf(value, multipart.files, multipart.uploads);
    return example;
  });
}

function uploadsOf(resolve: (value: unknown) => Obj, schema: unknown, encoding: Obj): UploadRule[] {
  const files = fileFields(resolve, schema);
  return [...files].map((field) => {
    const declared = isObj(encoding[field]) ? str(encoding[field].contentType) : undefined;
    const contentTypes = (declared ?? "application/octet-stream")
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
    return { field, contentTypes, fileTypes: contentTypes.map((t) => FILE_TYPE_NAMES[t] ?? t) };
  });
}

function mediaTypesOf(resolve: (value: unknown) => Obj, content: unknown): MediaType[] {
  if (!isObj(content)) return [];
  return Object.entries(content).map(([mediaType, raw]) => {
    const media = resolve(raw);
    const schema = flatten(resolve, media.schema);
    const encoding = isObj(media.encoding) ? media.encoding : {};
    const multipart = mediaType.startsWith("multipart/");
    const uploads = multipart ? uploadsOf(resolve, media.schema, encoding) : [];
    return {
      mediaType,
      multipart,
      fields: fieldsOf(resolve, media.schema, "", multipart ? encoding : {}),
      uploads,
      examples: examplesOf(resolve, media, schema, multipart ? { files: fileFields(resolve, media.schema), uploads } : null),
    };
  });
}

const exampleText = (value: unknown): string | undefined =>
  value === undefined ? undefined : typeof value === "string" ? value : JSON.stringify(value);

function parametersOf(resolve: (value: unknown) => Obj, ...lists: unknown[]): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const parameter = resolve(raw);
      const schema = flatten(resolve, parameter.schema);
      const name = String(parameter.name);
      const p: Parameter = {
        name,
        in: String(parameter.in),
        required: parameter.required === true,
        type: typeName(resolve, schema),
        description: parseText(str(parameter.description) ?? str(schema.description) ?? ""),
      };
      const example = exampleText(parameter.example ?? schema.example);
      if (example !== undefined) p.example = example;
      if (num(schema.minLength) !== undefined) p.minLength = num(schema.minLength);
      if (num(schema.maxLength) !== undefined) p.maxLength = num(schema.maxLength);
      if (str(schema.pattern)) p.pattern = str(schema.pattern);
      if (str(schema["x-pattern-message"])) p.patternMessage = str(schema["x-pattern-message"]);
      // An operation's parameter overrides the path's one of the same name and place.
      byKey.set(`${p.in}:${name.toLowerCase()}`, p);
    }
  }
  return [...byKey.values()];
}

/** A parameter's value in the calls: the contract's example (the parameter's, its first named one, its schema's), else one made from its schema. */
interface ParameterValue {
  name: string;
  in: string;
  required: boolean;
  /** The contract gives an example of it. */
  given: boolean;
  value: unknown;
}

function parameterValues(resolve: (value: unknown) => Obj, ...lists: unknown[]): ParameterValue[] {
  const byKey = new Map<string, ParameterValue>();
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const parameter = resolve(raw);
      const schema = flatten(resolve, parameter.schema);
      const named = isObj(parameter.examples) ? Object.values(parameter.examples).map(resolve).find((e) => "value" in e) : undefined;
      const example = parameter.example ?? named?.value ?? schema.example;
      const name = String(parameter.name);
      byKey.set(`${String(parameter.in)}:${name.toLowerCase()}`, {
        name,
        in: String(parameter.in),
        required: parameter.required === true,
        given: example !== undefined,
        value: example !== undefined ? example : sampleOf(resolve, schema),
      });
    }
  }
  return [...byKey.values()];
}

const RESPONSE_REF = /^#\/components\/responses\/([^/]+)$/;

/** An operation's answers; those reused from components/responses are recorded in `shared` and given by anchor. */
function responsesOf(resolve: (value: unknown) => Obj, responses: unknown, operationId: string, shared: Map<string, SharedResponse>): Response[] {
  if (!isObj(responses)) return [];
  return Object.entries(responses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, raw]) => {
      const full = responseOf(resolve, status, raw);
      const ref = isObj(raw) && typeof raw.$ref === "string" ? RESPONSE_REF.exec(raw.$ref)?.[1] : undefined;
      if (!ref || (full.headers.length === 0 && full.content.length === 0)) return full;
      const id = `response-${slug(ref)}`;
      const known = shared.get(ref) ?? { ...full, id, name: ref, usedBy: [] };
      known.usedBy.push({ operation: operationId, status });
      shared.set(ref, known);
      return { status, reason: full.reason, description: full.description, headers: [], content: [], shared: id };
    });
}

function responseOf(resolve: (value: unknown) => Obj, status: string, raw: unknown): Response {
  const response = resolve(raw);
  const headers: Header[] = isObj(response.headers)
    ? Object.entries(response.headers).map(([name, rawHeader]) => {
        const header = resolve(rawHeader);
        const schema = flatten(resolve, header.schema);
        const h: Header = {
          name,
          type: typeName(resolve, schema),
          required: header.required === true,
          description: parseText(str(header.description) ?? str(schema.description) ?? ""),
        };
        const example = exampleText(header.example ?? schema.example);
        if (example !== undefined) h.example = example;
        return h;
      })
    : [];
  return {
    status,
    reason: REASONS[status] ?? "",
    description: parseText(str(response.description) ?? ""),
    headers,
    content: mediaTypesOf(resolve, response.content),
  };
}

// ---- snippets -----------------------------------------------------------------

/** A word for a POSIX shell, in single quotes (a quote inside as '\''). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A body made from the schema when the contract gives no example: enums' first values, plausible text. */
function sampleOf(resolve: (value: unknown) => Obj, schema: unknown): unknown {
  const flat = flatten(resolve, schema);
  if (flat.example !== undefined) return flat.example;
  if (Array.isArray(flat.enum) && flat.enum.length > 0) return flat.enum[0];
  if (isObj(flat.properties)) {
    const required = new Set(Array.isArray(flat.required) ? flat.required.map(String) : []);
    return Object.fromEntries(
      Object.entries(flat.properties)
        .filter(([name]) => required.has(name))
        .map(([name, property]) => [name, sampleOf(resolve, property)]),
    );
  }
  switch (flat.type) {
    case "array":
      return [sampleOf(resolve, flat.items)];
    case "integer":
    case "number":
      return num(flat.minimum) ?? 1;
    case "boolean":
      return true;
    default: {
      if (flat.format === "email") return "name@example.com";
      if (flat.format === "uri") return "https://www.example.com/";
      if (flat.format === "binary") return "document.pdf";
      if (flat.format === "uuid") return "01a21a79-e65e-7001-95db-599687aa1dd6";
      if (flat.format === "date-time") return "2026-11-27T09:00:00.000Z";
      if (flat.format === "date") return "2026-11-27";
      const pattern = str(flat.pattern);
      const matching = pattern === undefined ? undefined : samplePattern(pattern);
      if (matching !== undefined) return matching;
      return "text";
    }
  }
}

const HEX = "0123456789abcdef";

/**
 * A short text a regular expression matches, for the simple patterns
 * contracts use (anchors, literals, escapes, classes, groups with
 * alternatives, quantifiers), or undefined. Classes give their characters
 * in turn (`[0-9a-f]{8}` gives `01234567`), so made-up values look made up.
 */
export function samplePattern(pattern: string): string | undefined {
  let at = 0;
  let counter = 0;
  const fail = (): never => {
    throw new Error("unsupported");
  };
  const classChars = (): string[] => {
    // At the character after `[`.
    let negated = false;
    if (pattern[at] === "^") {
      negated = true;
      at++;
    }
    const chars: string[] = [];
    let first = true;
    while (at < pattern.length && (pattern[at] !== "]" || first)) {
      first = false;
      const c = pattern[at++];
      if (c === "\\") {
        const e = pattern[at++];
        if (e === "d") chars.push(...HEX.slice(0, 10));
        else if (e === "w") chars.push(..."abc_");
        else if (e === "s") chars.push(" ");
        else if (/[A-Za-z]/.test(e) && !"tnr".includes(e)) fail();
        else chars.push(e === "t" ? "\t" : e === "n" ? "\n" : e === "r" ? "\r" : e);
        continue;
      }
      if (pattern[at] === "-" && pattern[at + 1] !== undefined && pattern[at + 1] !== "]") {
        let end = pattern[at + 1];
        at += 2;
        if (end === "\\") end = pattern[at++];
        for (let code = c.charCodeAt(0); code <= end.charCodeAt(0) && chars.length < 200; code++) chars.push(String.fromCharCode(code));
        continue;
      }
      chars.push(c);
    }
    if (pattern[at] !== "]") fail();
    at++;
    if (!negated) return chars;
    const others = [..."abcxyz019-_"].filter((c) => !chars.includes(c));
    return others.length > 0 ? others : fail();
  };
  /** One atom's generator, at its first character. */
  const atom = (): (() => string) => {
    const c = pattern[at++];
    if (c === "(") {
      if (pattern.startsWith("?:", at)) at += 2;
      else if (pattern[at] === "?") fail();
      const inner = sequence();
      if (pattern[at] !== ")") fail();
      at++;
      return inner;
    }
    if (c === "[") {
      const chars = classChars();
      if (chars.length === 0) fail();
      return () => chars[counter++ % chars.length];
    }
    if (c === ".") return () => "a";
    if (c === "\\") {
      const e = pattern[at++];
      if (e === undefined) fail();
      if (e === "d") return () => HEX[counter++ % 10];
      if (e === "w") return () => "a";
      if (e === "s") return () => " ";
      if (e === "D" || e === "S" || e === "W") return () => (e === "W" ? "-" : "a");
      if (/[A-Za-z0-9]/.test(e)) fail();
      return () => e;
    }
    if (c === undefined || "*+?{|)".includes(c)) fail();
    return () => c;
  };
  /** How many times the atom before it is written: the least the quantifier allows, at least once for `+`. */
  const quantifier = (): number => {
    const c = pattern[at];
    let count = 1;
    if (c === "*" || c === "?") count = 0;
    else if (c === "{") {
      const match = /^\{(\d+)(,\d*)?\}/.exec(pattern.slice(at));
      if (!match) fail();
      count = Number(match?.[1]);
      at += (match?.[0].length ?? 1) - 1;
    } else if (c !== "+") return count;
    at++;
    if (pattern[at] === "?") at++;
    return count;
  };
  /** Alternatives up to `)` or the end: the first one is generated. */
  const sequence = (): (() => string) => {
    const alternatives: (() => string)[][] = [[]];
    while (at < pattern.length && pattern[at] !== ")") {
      if (pattern[at] === "|") {
        at++;
        alternatives.push([]);
        continue;
      }
      if (pattern[at] === "^" || pattern[at] === "$") {
        at++;
        continue;
      }
      const make = atom();
      const count = quantifier();
      alternatives[alternatives.length - 1].push(() => Array.from({ length: count }, make).join(""));
    }
    const chosen = alternatives[0];
    return () => chosen.map((make) => make()).join("");
  };
  try {
    const text = sequence()();
    if (at < pattern.length) return undefined;
    // As the validators read patterns (ajv: Unicode mode).
    return new RegExp(pattern, "u").test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The base URL without a trailing slash. */
const trimBase = (baseUrl: string): string => baseUrl.replace(/\/+$/, "");

/** The Idempotency-Key header (IETF httpapi draft), by its name. */
const isIdempotencyKey = (name: string): boolean => /^idempotency-key$/i.test(name);

/** What the calls say before they make a new key: the key goes with one submission, and only its retries send it again. */
const FRESH_KEY_NOTE = "A new key for each submission; send the same key again only to retry that submission.";

/** A shell variable's name for a header's value (`Idempotency-Key` → `IDEMPOTENCY_KEY`). */
const shellName = (header: string): string => header.replace(/[^A-Za-z0-9]+/g, "_").toUpperCase();

/** A JavaScript variable's name for a header's value (`Idempotency-Key` → `idempotencyKey`). */
const jsName = (header: string): string => header.toLowerCase().replace(/[^a-z0-9]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

interface SnippetInput {
  method: string;
  path: string;
  baseUrl: string;
  media: MediaType | null;
  body: unknown;
  /** The headers sent; a `fresh` one is a new random key each time the call runs, never a value written in the call. */
  headers: { name: string; value: string; fresh?: boolean }[];
  /** The path's parameters and the query's, with their values. */
  pathParams: { name: string; value: unknown }[];
  query: { name: string; value: unknown }[];
  fileFields: Set<string>;
  /** How the success answer is read when it is not JSON: a file as a Blob, other text as text. */
  parseAs?: "blob" | "text";
}

/** A parameter's value as URL text (lists and objects as their JSON, as no simple style fits both). */
const urlText = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? String(value) : JSON.stringify(value));

/** The call's URL: the path's parameters in their place, the query's after it (a list as the name repeated, openapi-fetch's default). */
function urlOf({ path, baseUrl, pathParams, query }: SnippetInput): string {
  const filled = path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const found = pathParams.find((p) => p.name === name);
    return found ? encodeURIComponent(urlText(found.value)) : whole;
  });
  const pairs = query.flatMap(({ name, value }) => (Array.isArray(value) ? value : [value]).map((v) => `${encodeURIComponent(name)}=${encodeURIComponent(urlText(v))}`));
  return `${trimBase(baseUrl)}${filled}${pairs.length > 0 ? `?${pairs.join("&")}` : ""}`;
}

function curlFor(input: SnippetInput): string {
  const { method, media, body, headers, parseAs } = input;
  // A file is saved under the name its Content-Disposition gives (-O -J), never written to the terminal.
  const lines = [`curl${method === "GET" ? "" : ` -X ${method}`}${parseAs === "blob" ? " -OJ" : ""} ${shellQuote(urlOf(input))}`];
  // A new key from uuidgen (macOS, most Linux), else from the kernel (any Linux).
  const prelude = headers.filter((h) => h.fresh).flatMap(({ name }) => [`# ${FRESH_KEY_NOTE}`, `${shellName(name)}=$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)`]);
  for (const { name, value, fresh } of headers) lines.push(fresh ? `  -H "${name}: $${shellName(name)}"` : `  -H ${shellQuote(`${name}: ${value}`)}`);
  if (media && body !== undefined) {
    if (media.multipart) {
      for (const part of partsOf(body, new Set(media.uploads.map((u) => u.field)), media.uploads)) {
        if (part.file) {
          const type = media.uploads.find((u) => u.field === part.name)?.contentTypes.find((t) => t === mimeOf(part.value));
          lines.push(`  -F ${shellQuote(`${part.name}=@${part.value}${type ? `;type=${type}` : ""}`)}`);
        } else if (/^[@<]|[;"]/.test(part.value)) {
          // curl reads -F values starting with @ or < as files and ; as the start of options: such text goes literally.
          lines.push(`  --form-string ${shellQuote(`${part.name}=${part.value}`)}`);
        } else {
          lines.push(`  -F ${shellQuote(`${part.name}=${part.value}`)}`);
        }
      }
    } else {
      lines.push(`  -H ${shellQuote(`Content-Type: ${media.mediaType}`)}`);
      lines.push(`  -d ${shellQuote(pretty(body))}`);
    }
  }
  return [...prelude, lines.join(" \\\n")].join("\n");
}

function mimeOf(fileName: string): string | undefined {
  const extension = fileName.split(".").pop()?.toLowerCase();
  return Object.entries(FILE_TYPE_NAMES).find(([, name]) => name.toLowerCase() === extension)?.[0];
}

/** A value as TypeScript source, objects one key a line at `indent`. */
function tsLiteral(value: unknown, indent: string, files: Set<string> = new Set()): string {
  if (!isObj(value)) return JSON.stringify(value);
  const inner = `${indent}  `;
  const lines = Object.entries(value).map(([key, v]) => {
    const name = IDENTIFIER.test(key) ? key : JSON.stringify(key);
    const source = files.has(key) ? `await openAsBlob(${JSON.stringify(typeof v === "string" && /\.\w+$/.test(v) ? v : `${key}.pdf`)})` : tsLiteral(v, inner);
    return `${inner}${name}: ${source},`;
  });
  return `{\n${lines.join("\n")}\n${indent}}`;
}

function fetchFor({ method, path, baseUrl, media, body, headers, pathParams, query, fileFields: files, parseAs }: SnippetInput): string {
  const multipart = media?.multipart === true;
  const lines: string[] = [];
  if (multipart && files.size > 0) lines.push(`import { openAsBlob } from "node:fs";`);
  lines.push(`import createClient from "openapi-fetch";`);
  lines.push(`import type { paths } from "./schema"; // npx openapi-typescript ${trimBase(baseUrl)}/api/v1/openapi.yaml -o schema.d.ts`);
  lines.push("");
  lines.push(`const client = createClient<paths>({ baseUrl: ${JSON.stringify(trimBase(baseUrl))} });`);
  for (const { name } of headers.filter((h) => h.fresh)) lines.push(`// ${FRESH_KEY_NOTE}`, `const ${jsName(name)} = crypto.randomUUID();`);
  const init: string[] = [];
  const params = [
    ["path", pathParams],
    ["query", query],
  ] as const;
  const given = params.filter(([, list]) => list.length > 0);
  if (given.length > 0) {
    init.push("  params: {");
    for (const [place, list] of given) init.push(`    ${place}: ${tsLiteral(Object.fromEntries(list.map(({ name, value }) => [name, value])), "    ")},`);
    init.push("  },");
  }
  if (media && body !== undefined) init.push(`  body: ${tsLiteral(body, "  ", multipart ? files : new Set())},`);
  if (headers.length > 0) {
    init.push(`  headers: { ${headers.map(({ name, value, fresh }) => `${IDENTIFIER.test(name) ? name : JSON.stringify(name)}: ${fresh ? jsName(name) : JSON.stringify(value)}`).join(", ")} },`);
  }
  if (multipart) {
    init.push(
      "  // Files as they are, lists as JSON, numbers as text; the boundary's Content-Type is set by fetch.",
      "  bodySerializer(body) {",
      "    const form = new FormData();",
      "    for (const [name, value] of Object.entries(body)) {",
      '      form.append(name, value instanceof Blob ? value : typeof value === "object" ? JSON.stringify(value) : String(value));',
      "    }",
      "    return form;",
      "  },",
    );
  }
  if (parseAs) init.push(`  parseAs: ${JSON.stringify(parseAs)}, // ${parseAs === "blob" ? "the file, as a Blob" : "the text, as it is"}`);
  const call = `client.${method}(${JSON.stringify(path)}${init.length > 0 ? `, {\n${init.join("\n")}\n}` : ""})`;
  lines.push(`const { data, error } = await ${call};`);
  return lines.join("\n");
}

/** How openapi-fetch should read the first success answer with a body, when it is not JSON. */
function parseAsOf(resolve: (value: unknown) => Obj, responses: unknown): "blob" | "text" | undefined {
  if (!isObj(responses)) return undefined;
  const success = Object.keys(responses)
    .filter((status) => /^2/.test(status))
    .sort()
    .map((status) => resolve(responses[status]))
    .find((response) => isObj(response.content) && Object.keys(response.content).length > 0);
  if (!success || !isObj(success.content)) return undefined;
  const [mediaType, raw] = Object.entries(success.content)[0];
  if (/[/+]json\b/i.test(mediaType)) return undefined;
  const schema = flatten(resolve, resolve(raw).schema);
  if (schema.format === "binary" || (schema.type !== "string" && !/^text\/|yaml|xml/i.test(mediaType))) return "blob";
  return "text";
}

/** A TypeScript name for an event's payload type (`lead.created` → `LeadCreatedEvent` unless its schema has a name). */
const typeNameFor = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join("")
    .replace(/^(\d)/, "_$1") || "Payload";

const STANDARD_WEBHOOK_HEADERS = ["webhook-id", "webhook-timestamp", "webhook-signature"];

/**
 * A receiver of an event to copy: Express, the raw body, verified with the
 * standardwebhooks package when the event is signed as Standard Webhooks
 * say (its headers), typed with the payload's schema from the generated
 * types, answering the event's first success status.
 */
const isStandardWebhook = (headers: Parameter[]): boolean => STANDARD_WEBHOOK_HEADERS.every((name) => headers.some((h) => h.name.toLowerCase() === name));

function receiverFor(event: { name: string; headers: Parameter[]; schemaName?: string; mediaType?: string; status: string; baseUrl: string }): string {
  const standard = isStandardWebhook(event.headers);
  const type = event.schemaName && IDENTIFIER.test(event.schemaName) ? event.schemaName : `${typeNameFor(event.name)}Event`;
  const mediaType = event.mediaType ?? "application/json";
  const lines = [`import express from "express";`];
  if (standard) lines.push(`import { Webhook } from "standardwebhooks";`);
  if (event.schemaName) {
    lines.push(`import type { components } from "./schema"; // npx openapi-typescript ${trimBase(event.baseUrl)}/api/v1/openapi.yaml -o schema.d.ts`);
    lines.push("");
    lines.push(`type ${type} = components["schemas"][${JSON.stringify(event.schemaName)}];`);
  } else {
    lines.push("");
    lines.push(`type ${type} = unknown;`);
  }
  if (standard) lines.push(`const webhook = new Webhook(process.env.WEBHOOK_SECRET ?? ""); // your endpoint's secret, whsec_...`);
  lines.push("");
  lines.push("express()");
  if (standard) {
    lines.push(
      `  // The body as text: the signature is over the bytes sent, so verify them before parsing.`,
      `  .post("/webhooks", express.text({ type: ${JSON.stringify(mediaType)} }), (req, res) => {`,
      `    let event: ${type};`,
      "    try {",
      `      // The signature of webhook-id, webhook-timestamp and the body with your secret, and a recent timestamp.`,
      `      event = webhook.verify(req.body, req.headers as Record<string, string>) as ${type};`,
      "    } catch {",
      "      res.status(400).end(); // not signed with your secret, or too old",
      "      return;",
      "    }",
      `    // Handle each webhook-id once (the same on every retry); answer at once, do the work afterwards.`,
      `    console.log(${JSON.stringify(event.name)}, req.get("webhook-id"), event);`,
    );
  } else {
    lines.push(
      `  .post("/webhooks", express.json({ type: ${JSON.stringify(mediaType)} }), (req, res) => {`,
      `    const event = req.body as ${type};`,
      `    console.log(${JSON.stringify(event.name)}, event);`,
    );
  }
  lines.push(`    res.status(${Number(event.status) || 200}).end();`, "  })", "  .listen(3000);");
  return lines.join("\n");
}

/** The events of the contract: OpenAPI 3.1's `webhooks`, and Redoc's `x-webhooks` for 3.0 (the same shape). */
function eventsOf(doc: Obj): [string, unknown][] {
  const events = new Map<string, unknown>();
  for (const key of ["webhooks", "x-webhooks"]) {
    const found = doc[key];
    if (isObj(found)) for (const [name, item] of Object.entries(found)) if (!events.has(name)) events.set(name, item);
  }
  return [...events.entries()];
}

const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

// ---- the model ----------------------------------------------------------------

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "group";

/** Sentences of the introduction that state a size limit (an upload's largest size). */
function sizeLimits(description: Block[]): Block[] {
  const says = (inlines: { text: string }[]) => /\b\d+\s*(KB|MB|GB)\b/i.test(inlines.map((i) => i.text).join("")) && /size|large|limit/i.test(inlines.map((i) => i.text).join(""));
  const found: Block[] = [];
  for (const block of description) {
    if (block.kind === "p" && says(block.inlines)) found.push(block);
    if (block.kind === "ul") for (const item of block.items) if (says(item)) found.push({ kind: "p", inlines: item });
  }
  return found;
}

/** Builds the reference model from a parsed contract. */
export function buildModel(doc: Obj, options: { baseUrl: string }): ApiReferenceModel {
  const resolve = resolver(doc);
  const info = isObj(doc.info) ? doc.info : {};
  const paths = isObj(doc.paths) ? doc.paths : {};
  const tagOrder = Array.isArray(doc.tags) ? doc.tags.filter(isObj) : [];
  const groups = new Map<string, TagGroup>();
  for (const tag of tagOrder) {
    const name = String(tag.name);
    groups.set(name, { name, id: `tag-${slug(name)}`, description: parseText(str(tag.description) ?? ""), operations: [], webhooks: [] });
  }
  const groupOf = (tag: string): TagGroup => {
    const known = groups.get(tag) ?? { name: tag, id: `tag-${slug(tag)}`, description: [], operations: [], webhooks: [] };
    groups.set(tag, known);
    return known;
  };

  const shared = new Map<string, SharedResponse>();
  const pathNames = Object.keys(paths);
  for (const path of pathNames) {
    const item = resolve(paths[path]);
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObj(operation)) continue;
      const id = str(operation.operationId) ?? `${method}-${slug(path)}`;
      const tag = Array.isArray(operation.tags) && operation.tags.length > 0 ? String(operation.tags[0]) : "Other";

      const parameters = parametersOf(resolve, item.parameters, operation.parameters);
      const rawBody = operation.requestBody === undefined ? undefined : resolve(operation.requestBody);
      const requestBody = rawBody
        ? { required: rawBody.required === true, description: parseText(str(rawBody.description) ?? ""), content: mediaTypesOf(resolve, rawBody.content) }
        : null;

      const media = requestBody?.content[0] ?? null;
      const rawMedia = rawBody && isObj(rawBody.content) && media ? resolve(rawBody.content[media.mediaType]) : {};
      const firstExample = media?.examples[0];
      const body = media ? (firstExample ? (JSON.parse(firstExample.json) as Json) : sampleOf(resolve, rawMedia.schema)) : undefined;
      // The calls send the required headers, and on a call that changes something the Idempotency-Key and the optional ones the contract gives an example of.
      // An Idempotency-Key is never a value to copy: each call makes its own (a key shared by everyone who copied it collides).
      const safe = method === "get" || method === "head" || method === "options";
      const headers = parameters
        .filter((p) => p.in === "header" && (p.required || (!safe && (p.example !== undefined || isIdempotencyKey(p.name)))))
        .map((p) => (isIdempotencyKey(p.name) ? { name: p.name, value: "", fresh: true } : { name: p.name, value: p.example ?? "value" }));
      // Every path parameter; the query's required ones and those the contract gives an example of.
      const values = parameterValues(resolve, item.parameters, operation.parameters);
      const input: SnippetInput = {
        method: method.toUpperCase(),
        path,
        baseUrl: options.baseUrl,
        media,
        body,
        headers,
        pathParams: values.filter((v) => v.in === "path"),
        query: values.filter((v) => v.in === "query" && (v.required || v.given)),
        fileFields: media ? new Set(media.uploads.map((u) => u.field)) : new Set(),
        parseAs: parseAsOf(resolve, operation.responses),
      };

      groupOf(tag).operations.push({
        id,
        method: method.toUpperCase(),
        path,
        summary: str(operation.summary) ?? "",
        description: parseText(str(operation.description) ?? ""),
        tag,
        deprecated: operation.deprecated === true,
        parameters,
        requestBody,
        responses: responsesOf(resolve, operation.responses, id, shared),
        snippets: { curl: curlFor(input), fetch: fetchFor(input), exampleName: media ? (firstExample?.name ?? null) : null },
      });
    }
  }

  // The events, each in the group of its first tag (after the calls), untagged ones under Webhooks.
  for (const [name, rawItem] of eventsOf(doc)) {
    const item = resolve(rawItem);
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObj(operation)) continue;
      const id = str(operation.operationId) ?? `webhook-${slug(name)}${method === "post" ? "" : `-${method}`}`;
      const tag = Array.isArray(operation.tags) && operation.tags.length > 0 ? String(operation.tags[0]) : "Webhooks";
      const headers = parametersOf(resolve, item.parameters, operation.parameters).filter((p) => p.in === "header");
      const rawBody = operation.requestBody === undefined ? undefined : resolve(operation.requestBody);
      const requestBody = rawBody
        ? { required: rawBody.required === true, description: parseText(str(rawBody.description) ?? ""), content: mediaTypesOf(resolve, rawBody.content) }
        : null;
      const media = requestBody?.content[0];
      const rawSchema = rawBody && isObj(rawBody.content) && media ? resolve(rawBody.content[media.mediaType]).schema : undefined;
      const schemaRef = isObj(rawSchema) && typeof rawSchema.$ref === "string" ? SCHEMA_REF.exec(rawSchema.$ref)?.[1] : undefined;
      const responses = responsesOf(resolve, operation.responses, id, shared);
      groupOf(tag).webhooks.push({
        id,
        operationId: str(operation.operationId) ?? null,
        name,
        method: method.toUpperCase(),
        summary: str(operation.summary) ?? "",
        description: parseText(str(operation.description) ?? ""),
        tag,
        deprecated: operation.deprecated === true,
        headers,
        requestBody,
        responses,
        standardWebhooks: isStandardWebhook(headers),
        receiver: receiverFor({
          name,
          headers,
          schemaName: schemaRef,
          mediaType: media?.mediaType,
          status: responses.find((r) => /^2\d\d$/.test(r.status))?.status ?? "200",
          baseUrl: options.baseUrl,
        }),
      });
    }
  }

  const description = parseText(str(info.description) ?? "");
  const contact = isObj(info.contact) ? { name: str(info.contact.name), email: str(info.contact.email), url: str(info.contact.url) } : null;
  const license = isObj(info.license) && typeof info.license.name === "string" ? { name: info.license.name, url: str(info.license.url) } : null;
  const downloads = CONTRACT_FILES.map(({ suffix, label }) => ({ label, href: pathNames.find((p) => p.endsWith(`/${suffix}`)) ?? `/api/v1/${suffix}` }));

  return {
    title: str(info.title) ?? "API",
    version: str(info.version) ?? "",
    openapi: str(doc.openapi) ?? "",
    description,
    contact: contact && (contact.name || contact.email || contact.url) ? stripUndefined(contact) : null,
    license: license ? stripUndefined(license) : null,
    baseUrl: trimBase(options.baseUrl),
    downloads,
    uploadLimits: sizeLimits(description),
    groups: [...groups.values()].filter((g) => g.operations.length > 0 || g.webhooks.length > 0),
    sharedResponses: [...shared.values()].sort((a, b) => a.status.localeCompare(b.status) || a.name.localeCompare(b.name)),
  };
}

/** Page context must be plain JSON: no undefined values. */
function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Reads the contract's YAML text and builds the model. */
export function modelFromYaml(text: string, options: { baseUrl: string }): ApiReferenceModel {
  const doc = yaml.load(text);
  if (!isObj(doc)) throw new Error("the contract is not a YAML mapping");
  return buildModel(doc, options);
}
