/**
 * The API reference page's model, made from the contract (openapi.yaml) at
 * build time: every operation with its fields, rules, examples, answers and
 * ready-to-copy calls (curl, openapi-fetch), as plain serialisable data the
 * page renders as static HTML. The contract is read generically (paths,
 * operations, `$ref`, `allOf`, parameters, headers, examples), so the page
 * follows whatever the contract says.
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

export interface TagGroup {
  name: string;
  /** Anchor of the group's heading. */
  id: string;
  description: Block[];
  operations: Operation[];
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
      // An operation's parameter overrides the path's one of the same name and place.
      byKey.set(`${p.in}:${name.toLowerCase()}`, p);
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
    default:
      if (flat.format === "email") return "name@example.com";
      if (flat.format === "uri") return "https://www.example.com/";
      if (flat.format === "binary") return "document.pdf";
      return "text";
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The base URL without a trailing slash. */
const trimBase = (baseUrl: string): string => baseUrl.replace(/\/+$/, "");

interface SnippetInput {
  method: string;
  path: string;
  baseUrl: string;
  media: MediaType | null;
  body: unknown;
  headers: { name: string; value: string }[];
  fileFields: Set<string>;
}

function curlFor({ method, path, baseUrl, media, body, headers }: SnippetInput): string {
  const lines = [`curl${method === "GET" ? "" : ` -X ${method}`} ${shellQuote(`${trimBase(baseUrl)}${path}`)}`];
  for (const { name, value } of headers) lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
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
  return lines.join(" \\\n");
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

function fetchFor({ method, path, baseUrl, media, body, headers, fileFields: files }: SnippetInput): string {
  const multipart = media?.multipart === true;
  const lines: string[] = [];
  if (multipart && files.size > 0) lines.push(`import { openAsBlob } from "node:fs";`);
  lines.push(`import createClient from "openapi-fetch";`);
  lines.push(`import type { paths } from "./schema"; // npx openapi-typescript ${trimBase(baseUrl)}/api/v1/openapi.yaml -o schema.d.ts`);
  lines.push("");
  lines.push(`const client = createClient<paths>({ baseUrl: ${JSON.stringify(trimBase(baseUrl))} });`);
  const init: string[] = [];
  if (media && body !== undefined) init.push(`  body: ${tsLiteral(body, "  ", multipart ? files : new Set())},`);
  if (headers.length > 0) {
    init.push(`  headers: { ${headers.map(({ name, value }) => `${IDENTIFIER.test(name) ? name : JSON.stringify(name)}: ${JSON.stringify(value)}`).join(", ")} },`);
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
  const call = `client.${method}(${JSON.stringify(path)}${init.length > 0 ? `, {\n${init.join("\n")}\n}` : ""})`;
  lines.push(`const { data, error } = await ${call};`);
  return lines.join("\n");
}

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
    groups.set(name, { name, id: `tag-${slug(name)}`, description: parseText(str(tag.description) ?? ""), operations: [] });
  }

  const shared = new Map<string, SharedResponse>();
  const pathNames = Object.keys(paths);
  for (const path of pathNames) {
    const item = resolve(paths[path]);
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObj(operation)) continue;
      const id = str(operation.operationId) ?? `${method}-${slug(path)}`;
      const tag = Array.isArray(operation.tags) && operation.tags.length > 0 ? String(operation.tags[0]) : "Other";
      if (!groups.has(tag)) groups.set(tag, { name: tag, id: `tag-${slug(tag)}`, description: [], operations: [] });

      const parameters = parametersOf(resolve, item.parameters, operation.parameters);
      const rawBody = operation.requestBody === undefined ? undefined : resolve(operation.requestBody);
      const requestBody = rawBody
        ? { required: rawBody.required === true, description: parseText(str(rawBody.description) ?? ""), content: mediaTypesOf(resolve, rawBody.content) }
        : null;

      const media = requestBody?.content[0] ?? null;
      const rawMedia = rawBody && isObj(rawBody.content) && media ? resolve(rawBody.content[media.mediaType]) : {};
      const firstExample = media?.examples[0];
      const body = media ? (firstExample ? (JSON.parse(firstExample.json) as Json) : sampleOf(resolve, rawMedia.schema)) : undefined;
      // The calls send the required headers, and on a call that changes something the optional ones the contract gives an example of (Idempotency-Key).
      const safe = method === "get" || method === "head" || method === "options";
      const headers = parameters
        .filter((p) => p.in === "header" && (p.required || (!safe && p.example !== undefined)))
        .map((p) => ({ name: p.name, value: p.example ?? (/idempotency/i.test(p.name) ? "8e03978e-40d5-43e8-bc93-6894a57f9324" : "value") }));
      const input: SnippetInput = {
        method: method.toUpperCase(),
        path,
        baseUrl: options.baseUrl,
        media,
        body,
        headers,
        fileFields: media ? new Set(media.uploads.map((u) => u.field)) : new Set(),
      };

      groups.get(tag)?.operations.push({
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
    groups: [...groups.values()].filter((g) => g.operations.length > 0),
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
