/**
 * The API reference page's model (src/api-reference/model.ts), made from the
 * real openapi.yaml: every operation is there, every field with its rules,
 * every example of the contract, and the calls the page offers to copy are
 * correct: the curl bodies are the contract's examples and pass the server's
 * own validator (the ajv express-openapi-validator builds), path and query
 * values are in the URL, each openapi-fetch call type-checks against the
 * generated contract types and sends the very request its curl line does.
 * The events of `x-webhooks` are there too, with their headers, payload
 * fields, examples and answers, and each one's receiver type-checks and,
 * run, accepts the contract's examples signed as the server signs them and
 * refuses forged or stale ones.
 */
import { spawnSync } from "child_process";
import fs from "fs";
import http from "http";
import type { AddressInfo } from "net";
import os from "os";
import path from "path";
import ts from "typescript";
import yaml from "js-yaml";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { modelFromYaml, samplePattern, shellQuote, type ApiReferenceModel, type Field, type Operation, type Response, type Webhook } from "../../../src/api-reference/model";
import { parseText } from "../../../src/api-reference/text";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const TEXT = fs.readFileSync(path.join(ROOT, "openapi.yaml"), "utf8");
type Obj = Record<string, unknown>;
const contract = yaml.load(TEXT) as Obj & { paths: Record<string, Record<string, Obj>>; info: Obj; "x-webhooks": Record<string, Record<string, Obj>> };
const BASE_URL = "https://www.example.com";
const model: ApiReferenceModel = modelFromYaml(TEXT, { baseUrl: BASE_URL });
const operations = model.groups.flatMap((g) => g.operations);
const webhooks = model.groups.flatMap((g) => g.webhooks);
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** Every operation of the contract, read directly from the YAML. */
const CONTRACT_OPERATIONS = Object.entries(contract.paths).flatMap(([p, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({ path: p, method: method.toUpperCase(), op })),
);

/** An answer with its headers and bodies: its own, or those of the shared answer it points to. */
function full(response: Response): Response {
  if (!response.shared) return response;
  const shared = model.sharedResponses.find((r) => r.id === response.shared);
  if (!shared) throw new Error(`no shared answer ${response.shared}`);
  return shared;
}

function webhook(name: string): Webhook {
  const found = webhooks.find((w) => w.name === name);
  if (!found) throw new Error(`no webhook ${name}`);
  return found;
}

function operation(id: string): Operation {
  const found = operations.find((o) => o.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

/** A local $ref of the contract, followed. */
function deref(value: unknown): Obj {
  let current = value as Obj;
  while (current && typeof current.$ref === "string") {
    current = (current.$ref as string)
      .slice(2)
      .split("/")
      .reduce<unknown>((node, key) => (node as Obj)[key], contract) as Obj;
  }
  return current;
}

/** Every example (value) the contract gives for an operation's request and answers, as JSON text. */
function contractExamples(op: Obj): string[] {
  const contents: unknown[] = [];
  if (op.requestBody) contents.push(deref(op.requestBody).content);
  for (const response of Object.values((op.responses ?? {}) as Obj)) contents.push(deref(response).content);
  const found: string[] = [];
  for (const content of contents) {
    for (const media of Object.values((content ?? {}) as Obj)) {
      const m = deref(media);
      for (const example of Object.values((m.examples ?? {}) as Obj)) found.push(JSON.stringify(deref(example).value, null, 2));
      if (m.example !== undefined) found.push(JSON.stringify(m.example, null, 2));
    }
  }
  return found;
}

// The ajv of express-openapi-validator, made the way its request validator makes it (server/api/index.ts options).
type AjvValidate = ((data: unknown) => boolean) & { errors?: unknown[] | null };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRequestAjv } = require("express-openapi-validator/dist/framework/ajv") as {
  createRequestAjv: (doc: unknown, options: Record<string, unknown>) => { compile(schema: unknown): AjvValidate };
};
const ajv = createRequestAjv(structuredClone(contract), {
  strict: false,
  strictNumbers: true,
  strictTuples: true,
  allowUnionTypes: false,
  validateSchema: false,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  validateFormats: true,
  formats: {},
  serDesMap: {},
  ajvFormats: { mode: "full" },
  allErrors: true,
});

function requestSchema(op: Operation): { mediaType: string; schema: Obj } {
  const raw = CONTRACT_OPERATIONS.find((o) => o.path === op.path && o.method === op.method)?.op;
  const content = deref(deref(raw?.requestBody).content) as Record<string, Obj>;
  const [mediaType, media] = Object.entries(content)[0];
  return { mediaType, schema: media.schema as Obj };
}

/**
 * The words a POSIX shell (sh) passes to curl when it runs a call as the page
 * shows it: quotes, line continuations and the commands before it (a new
 * Idempotency-Key) as a shell reads them; curl itself is a function that
 * prints its arguments.
 */
function shellWords(command: string): string[] {
  const run = spawnSync("sh", ["-c", `curl() { printf 'curl\\0'; printf '%s\\0' "$@"; }\n${command}`], { encoding: "utf8" });
  expect([run.status, run.stderr]).toEqual([0, ""]);
  return run.stdout.split("\0").slice(0, -1);
}

/** The curl options the calls use that take no value. */
const CURL_SWITCHES = new Set(["-OJ"]);

/** The options of a curl command line: [flag, value] pairs (a switch with ""). */
function curlOptions(command: string): [string, string][] {
  const words = shellWords(command);
  expect(words[0]).toBe("curl");
  const options: [string, string][] = [];
  for (let i = 1; i < words.length; i++) if (words[i].startsWith("-")) options.push([words[i], CURL_SWITCHES.has(words[i]) ? "" : words[++i]]);
  return options;
}

/** The URL of a curl command line: its one word that is no option nor an option's value. */
function curlUrl(command: string): string {
  const words = shellWords(command);
  const urls: string[] = [];
  for (let i = 1; i < words.length; i++) {
    if (words[i].startsWith("-")) {
      if (!CURL_SWITCHES.has(words[i])) i++;
    } else urls.push(words[i]);
  }
  expect(urls).toHaveLength(1);
  return urls[0];
}

/** An operation's parameters as the contract gives them (the path's, then the operation's own). */
function contractParameters(op: Operation): Obj[] {
  const item: Obj = contract.paths[op.path];
  const raw = deref(item[op.method.toLowerCase()]);
  return [...((item.parameters as unknown[]) ?? []), ...((raw.parameters as unknown[]) ?? [])].map(deref);
}

/** A URL's text as the validator reads a parameter of this schema (numbers and booleans from text). */
function coerce(text: string, schema: Obj): unknown {
  const type = deref(schema).type;
  if (type === "integer" || type === "number") return Number(text);
  if (type === "boolean") return text === "true";
  return text;
}

/**
 * Runs a snippet written as an ES module (imports, top-level await) as an
 * async function: each import from `modules`, types stripped by TypeScript.
 * Resolves to the snippet's `data` and `error` when it declares them.
 */
async function runSnippet(source: string, modules: Record<string, unknown>, globals: Record<string, unknown> = {}): Promise<Obj> {
  const body = source
    .split("\n")
    .map((line) => {
      const found = /^import (type )?(.+) from "([^"]+)";/.exec(line);
      if (!found) return line;
      if (found[1]) return "";
      if (!(found[3] in modules)) throw new Error(`the snippet imports ${found[3]}`);
      const binding = found[2].startsWith("{") ? found[2] : `{ default: ${found[2]} }`;
      return `const ${binding} = __modules[${JSON.stringify(found[3])}];`;
    })
    .join("\n");
  const returns = /\bconst \{ data, error \}/.test(body) ? "return { data, error };" : "return {};";
  const js = ts.transpileModule(`return (async () => {\n${body}\n${returns}\n})();`, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None } }).outputText;
  const names = Object.keys(globals);
  const run = new Function("__modules", ...names, js) as (...args: unknown[]) => Promise<Obj>;
  return run(modules, ...names.map((name) => globals[name]));
}

/** Checks every field's `required` against the list of the schema (or nested schema) it belongs to. */
function expectRequiredAsSchema(id: string, fields: Field[], schema: unknown): void {
  for (const field of fields) {
    const names = field.name.split(/\.|\[\]\./);
    let parent = deref(schema);
    for (const name of names.slice(0, -1)) {
      const child = deref((parent.properties as Obj)[name]);
      parent = deref(child.type === "array" ? child.items : child);
    }
    const required = new Set((parent.required as string[]) ?? []);
    expect([id, field.name, field.required]).toEqual([id, field.name, required.has(names[names.length - 1])]);
  }
}

describe("the API reference model", () => {
  it("has every operation of the contract, with its method, path and summary, under its first tag", () => {
    expect(CONTRACT_OPERATIONS.length).toBeGreaterThanOrEqual(9);
    for (const { path: p, method, op } of CONTRACT_OPERATIONS) {
      const found = operations.find((o) => o.path === p && o.method === method);
      expect(found).toBeDefined();
      expect(found?.id).toBe(op.operationId);
      expect(found?.summary).toBe(op.summary);
      expect(found?.tag).toBe((op.tags as string[])[0]);
    }
    expect(operations).toHaveLength(CONTRACT_OPERATIONS.length);
    // Anchors are the operationIds: unique.
    expect(new Set(operations.map((o) => o.id)).size).toBe(operations.length);
  });

  it("has the introduction, version, contact, licence and the contract's download links", () => {
    expect(model.title).toBe(contract.info.title);
    expect(model.version).toBe(contract.info.version);
    expect(model.description.length).toBeGreaterThan(1);
    expect(model.description.some((b) => b.kind === "ul")).toBe(true);
    if (contract.info.contact) expect(model.contact).toEqual(expect.objectContaining(contract.info.contact as Obj));
    if (contract.info.license) expect(model.license?.name).toBe((contract.info.license as Obj).name);
    expect(model.downloads.map((d) => d.href)).toEqual(["/api/v1/openapi.json", "/api/v1/openapi.yaml"]);
    // The upload size limit, stated in the introduction.
    expect(JSON.stringify(model.uploadLimits)).toMatch(/MB/);
  });

  it("marks every required field of every request body, and only those", () => {
    for (const op of operations.filter((o) => o.requestBody)) {
      const { schema } = requestSchema(op);
      const fields = op.requestBody?.content[0].fields ?? [];
      // Top-level fields, then those of nested objects and lists of objects (`items[].product`), each against its own schema's required list.
      expect(fields.filter((f) => !/[.[]/.test(f.name)).map((f) => f.name)).toEqual(Object.keys(deref(schema).properties as Obj));
      expectRequiredAsSchema(op.id, fields, schema);
    }
  });

  it("gives each field its rules, patterns in words (x-pattern-message), through $ref and allOf", () => {
    const fields = operation("sendContactEnquiry").requestBody?.content[0].fields ?? [];
    const byName = new Map(fields.map((f) => [f.name, f]));
    const components = contract.components as { schemas: Record<string, Obj> };
    const phone = components.schemas.PhoneTenDigits;
    expect(byName.get("phoneNumber")).toEqual(expect.objectContaining({ type: "string", pattern: phone.pattern, patternMessage: phone["x-pattern-message"] }));
    // PersonName is allOf SingleLineText plus maxLength: both the pattern and the limit.
    expect(byName.get("firstName")).toEqual(
      expect.objectContaining({ pattern: components.schemas.SingleLineText.pattern, patternMessage: components.schemas.SingleLineText["x-pattern-message"], maxLength: 100 }),
    );
    expect(byName.get("email")).toEqual(expect.objectContaining({ format: "email", maxLength: 254 }));
    expect(byName.get("subject")?.enum).toEqual(["General Inquiry", "Sales Inquiry", "Technical Support", "Service Inquiry"]);
    expect(byName.get("message")?.required).toBe(false);

    const partnership = new Map((operation("applyForPartnership").requestBody?.content[0].fields ?? []).map((f) => [f.name, f]));
    expect(partnership.get("interestedIn")).toEqual(expect.objectContaining({ type: "array of string", minItems: 1, maxItems: 6, uniqueItems: true, partContentType: "application/json" }));
    expect(partnership.get("interestedIn")?.enum).toContain("Technology Integration");
    const training = new Map((operation("requestTraining").requestBody?.content[0].fields ?? []).map((f) => [f.name, f]));
    expect(training.get("participants")).toEqual(expect.objectContaining({ type: "integer", minimum: 1, maximum: 10000 }));
  });

  it("has the multipart calls' fields and upload rules (file types from the encoding)", () => {
    const careers = operation("applyForJob").requestBody?.content[0];
    expect(careers?.mediaType).toBe("multipart/form-data");
    expect(careers?.multipart).toBe(true);
    expect(careers?.fields.filter((f) => f.type === "file").map((f) => f.name)).toEqual(["resume", "coverLetter"]);
    expect(careers?.uploads).toEqual([
      expect.objectContaining({ field: "resume", fileTypes: ["PDF", "DOC", "DOCX"] }),
      expect.objectContaining({ field: "coverLetter", fileTypes: ["PDF", "DOC", "DOCX"] }),
    ]);
    expect(operation("uploadProductOrder").requestBody?.content[0].uploads.map((u) => u.field)).toEqual(["file"]);
    expect(operation("sendContactEnquiry").requestBody?.content[0].multipart).toBe(false);
  });

  it("includes every example of the contract, request bodies and answers", () => {
    for (const { path: p, method, op } of CONTRACT_OPERATIONS) {
      const found = operations.find((o) => o.path === p && o.method === method) as Operation;
      const shown = [...(found.requestBody?.content ?? []), ...found.responses.map(full).flatMap((r) => r.content)].flatMap((m) => m.examples.map((e) => e.json));
      for (const example of contractExamples(op)) {
        expect(shown).toContain(example);
      }
    }
    // A multipart example is also shown as its parts, files by name.
    for (const media of operations.flatMap((o) => o.requestBody?.content ?? []).filter((m) => m.multipart)) {
      for (const example of media.examples) {
        const files = example.parts?.filter((part) => part.file).map((part) => part.name);
        expect(files?.sort()).toEqual(media.uploads.map((u) => u.field).filter((f) => (JSON.parse(example.json) as Obj)[f] !== undefined).sort());
      }
    }
  });

  it("lists every answer with its status, reason and headers", () => {
    for (const { path: p, method, op } of CONTRACT_OPERATIONS) {
      const found = operations.find((o) => o.path === p && o.method === method) as Operation;
      expect(found.responses.map((r) => r.status)).toEqual(Object.keys(op.responses as Obj).sort());
      for (const [status, raw] of Object.entries(op.responses as Obj)) {
        const response = found.responses.find((r) => r.status === status) as Response;
        expect(response.description.length).toBeGreaterThan(0);
        expect(full(response).headers.map((h) => h.name)).toEqual(Object.keys((deref(raw).headers ?? {}) as Obj));
      }
    }
    const unavailable = operation("applyForJob").responses.find((r) => r.status === "503") as Response;
    expect(unavailable.reason).toBe("Service Unavailable");
    expect(full(unavailable).headers.map((h) => h.name)).toContain("Retry-After");
  });

  it("shows an answer the contract reuses (components/responses) once, with every call that gives it", () => {
    const reused = Object.keys(((contract.components as Obj).responses ?? {}) as Obj);
    expect(model.sharedResponses.length).toBeGreaterThan(0);
    for (const shared of model.sharedResponses) {
      expect(reused).toContain(shared.name);
      for (const use of shared.usedBy) expect(operation(use.operation).responses.find((r) => r.status === use.status)?.shared).toBe(shared.id);
    }
    const badRequest = model.sharedResponses.find((r) => r.name === "BadRequest");
    expect(badRequest?.usedBy.map((u) => u.operation)).toEqual(expect.arrayContaining(["sendContactEnquiry", "applyForJob"]));
  });

  it("sends the Idempotency-Key header the contract declares on a POST, a new key each time a call runs, never one written in it", async () => {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const withKey = operations.filter((o) => o.method === "POST" && o.parameters.some((p) => p.in === "header" && p.name === "Idempotency-Key"));
    expect(withKey.length).toBeGreaterThanOrEqual(4);
    for (const op of withKey) {
      // No key in the text to copy (the contract's example included): a key shared by everyone who copied it collides.
      const example = op.parameters.find((p) => p.name === "Idempotency-Key")?.example;
      for (const snippet of [op.snippets.curl, op.snippets.fetch]) {
        expect([op.id, /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.test(snippet)]).toEqual([op.id, false]);
        if (example) expect(snippet).not.toContain(example);
      }
      // curl, run by a shell twice: a UUID each time, not the same one.
      const keys = [0, 1].map(() => curlOptions(op.snippets.curl).find(([flag, value]) => flag === "-H" && value.startsWith("Idempotency-Key: "))?.[1].slice(17));
      expect([op.id, keys.every((key) => UUID.test(key ?? ""))]).toEqual([op.id, true]);
      expect(keys[0]).not.toBe(keys[1]);
      // openapi-fetch, run twice: the same.
      const sent: string[] = [];
      const realFetch = globalThis.fetch;
      globalThis.fetch = (async (input: Request | string | URL, init?: RequestInit) => {
        sent.push((input instanceof Request ? input : new Request(input, init)).headers.get("Idempotency-Key") ?? "");
        return new globalThis.Response("{}", { status: 200, headers: { "Content-Type": "application/json" } });
      }) as typeof fetch;
      try {
        for (let run = 0; run < 2; run++) {
          await runSnippet(op.snippets.fetch, {
            // eslint-disable-next-line @typescript-eslint/no-require-imports
            "openapi-fetch": require("openapi-fetch"),
            "node:fs": { openAsBlob: async (name: string) => new Blob([`%PDF-1.7 ${name}`], { type: "application/pdf" }) },
          });
        }
      } finally {
        globalThis.fetch = realFetch;
      }
      expect([op.id, sent.length, sent.every((key) => UUID.test(key))]).toEqual([op.id, 2, true]);
      expect(sent[0]).not.toBe(sent[1]);
    }
  });

  it("writes each JSON call's curl with the example as its body, which the server's validator accepts", () => {
    const json = operations.filter((o) => o.requestBody && !o.requestBody.content[0].multipart);
    expect(json.length).toBeGreaterThanOrEqual(4);
    for (const op of json) {
      const options = curlOptions(op.snippets.curl);
      expect(options).toContainEqual(["-X", "POST"]);
      expect(options).toContainEqual(["-H", "Content-Type: application/json"]);
      const body = JSON.parse(options.find(([flag]) => flag === "-d")?.[1] ?? "null") as unknown;
      const media = op.requestBody?.content[0];
      if (media?.examples.length) expect(body).toEqual(JSON.parse(media.examples[0].json));
      const validate = ajv.compile(requestSchema(op).schema);
      expect([op.id, validate(body) ? [] : validate.errors]).toEqual([op.id, []]);
    }
  });

  it("writes each multipart call's curl as -F parts, files with @, whose values the server's validator accepts", () => {
    const multipart = operations.filter((o) => o.requestBody?.content[0].multipart);
    expect(multipart.length).toBeGreaterThanOrEqual(4);
    for (const op of multipart) {
      const media = op.requestBody?.content[0];
      const options = curlOptions(op.snippets.curl);
      expect(options.some(([flag]) => flag === "-d")).toBe(false);
      expect(options.some(([flag, value]) => flag === "-H" && /content-type/i.test(value))).toBe(false);
      const parts = options.filter(([flag]) => flag === "-F" || flag === "--form-string").map(([flag, value]) => ({ flag, name: value.slice(0, value.indexOf("=")), value: value.slice(value.indexOf("=") + 1) }));
      expect(parts.some((p) => p.flag === "-F")).toBe(true);
      const body: Obj = {};
      for (const part of parts) {
        const field = media?.fields.find((f) => f.name === part.name);
        if (field?.type === "file") {
          expect([op.id, part.flag, part.value]).toEqual([op.id, "-F", expect.stringMatching(/^@[\w.-]+\.(pdf|doc|docx)(;type=[\w./-]+)?$/)]);
          body[part.name] = part.value.slice(1).split(";")[0];
        } else if (field?.type.startsWith("array") || part.value.startsWith("{")) body[part.name] = JSON.parse(part.value);
        else if (field?.type === "number" || field?.type === "integer") body[part.name] = Number(part.value);
        else body[part.name] = part.value;
        // Text that curl would read as a file (@, <) or as options (;) is sent literally.
        if (field?.type !== "file" && /^[@<]|;/.test(part.value)) expect(part.flag).toBe("--form-string");
      }
      for (const upload of media?.uploads ?? []) if (media?.fields.find((f) => f.name === upload.field)?.required) expect(body[upload.field]).toBeDefined();
      const validate = ajv.compile(requestSchema(op).schema);
      expect([op.id, validate(body) ? [] : validate.errors]).toEqual([op.id, []]);
      if (media?.examples.length) {
        const example = JSON.parse(media.examples[0].json) as Obj;
        for (const [name, value] of Object.entries(body)) if (media.fields.find((f) => f.name === name)?.type !== "file") expect(value).toEqual(example[name]);
      }
    }
  });

  it("writes the GET calls without a body", () => {
    const health = operation("getHealth");
    expect(health.snippets.curl).toBe(`curl ${shellQuote(`${BASE_URL}/api/health`)}`);
    expect(health.snippets.fetch).toContain(`await client.GET("/api/health");`);
  });

  it("puts each call's path and query parameters in its URL and its openapi-fetch params, with values the server's validator accepts", () => {
    const withParams = operations.filter((op) => op.parameters.some((p) => p.in === "path" || p.in === "query"));
    expect(withParams.map((op) => op.id)).toContain("downloadAttachment");
    for (const op of withParams) {
      const url = new URL(curlUrl(op.snippets.curl));
      expect(`${url.origin}`).toBe(BASE_URL);
      // The path's template, each {name} one segment.
      const template = new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{([^}]+)\}/g, "(?<$1>[^/]+)")}$`);
      const match = template.exec(url.pathname);
      expect([op.id, match !== null]).toEqual([op.id, true]);
      for (const parameter of contractParameters(op).filter((p) => p.in === "path" || p.in === "query")) {
        const name = String(parameter.name);
        const text = parameter.in === "path" ? match?.groups?.[name] && decodeURIComponent(match.groups[name]) : url.searchParams.get(name);
        if (parameter.in === "query" && !parameter.required && text === null) continue;
        expect([op.id, name, typeof text]).toEqual([op.id, name, "string"]);
        const value = coerce(String(text), parameter.schema as Obj);
        const validate = ajv.compile(parameter.schema);
        expect([op.id, name, validate(value) ? [] : validate.errors]).toEqual([op.id, name, []]);
        // The same value in the openapi-fetch call's params.
        expect(op.snippets.fetch).toContain(`params: {`);
        expect(op.snippets.fetch).toContain(`${name}: ${JSON.stringify(value)},`);
      }
    }
  });

  it("downloads a file with curl under the name the server gives, and reads it as a Blob in openapi-fetch", () => {
    const download = operation("downloadAttachment");
    expect(curlOptions(download.snippets.curl)).toEqual([["-OJ", ""]]);
    expect(curlUrl(download.snippets.curl)).toMatch(/^https:\/\/www\.example\.com\/api\/v1\/contact\/files\/[0-9a-f-]{36}\.(pdf|doc|docx)\?expires=\d+&signature=[0-9a-f]{64}$/);
    expect(download.snippets.fetch).toContain(`client.GET("/api/v1/contact/files/{name}", {`);
    expect(download.snippets.fetch).toContain(`parseAs: "blob"`);
    // Other text than JSON as text, JSON as JSON.
    expect(operation("getContractYaml").snippets.fetch).toContain(`parseAs: "text"`);
    expect(operation("getContractJson").snippets.fetch).not.toContain("parseAs");
  });

  it("makes values of the simple patterns contracts use, or none", () => {
    expect(samplePattern("^[0-9a-f]{8}-[0-9a-f]{4}\\.(pdf|doc|docx)$")).toBe("01234567-89ab.pdf");
    expect(samplePattern("^msg_[0-9a-f]{32}$")).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(samplePattern("^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$")).toBe("v1,A");
    expect(samplePattern("^(?:[^<>]|x)*\\d?$")).toBe("");
    expect(samplePattern("^(?=a)a$")).toBeUndefined();
    expect(samplePattern("^\\p{L}+$")).toBeUndefined();
  });

  it("sends from each openapi-fetch call the very request its curl line sends: method, URL, headers and body", async () => {
    for (const op of operations) {
      const requests: Request[] = [];
      const fetchStub = async (input: Request | string | URL, init?: RequestInit): Promise<globalThis.Response> => {
        requests.push(input instanceof Request ? input : new Request(input, init));
        return new globalThis.Response("{}", { status: 200, headers: { "Content-Type": "application/json" } });
      };
      const realFetch = globalThis.fetch;
      globalThis.fetch = fetchStub as typeof fetch;
      try {
        await runSnippet(op.snippets.fetch, {
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          "openapi-fetch": require("openapi-fetch"),
          "node:fs": { openAsBlob: async (name: string) => new Blob([`%PDF-1.7 ${name}`], { type: "application/pdf" }) },
        });
      } finally {
        globalThis.fetch = realFetch;
      }
      expect([op.id, requests.length]).toEqual([op.id, 1]);
      const request = requests[0];
      const options = curlOptions(op.snippets.curl);
      expect([op.id, request.method]).toEqual([op.id, options.find(([flag]) => flag === "-X")?.[1] ?? "GET"]);
      expect([op.id, request.url]).toEqual([op.id, curlUrl(op.snippets.curl)]);
      for (const [, header] of options.filter(([flag]) => flag === "-H")) {
        const [name, value] = [header.slice(0, header.indexOf(":")), header.slice(header.indexOf(":") + 1).trim()];
        // A new Idempotency-Key in each run (each has its own): the same kind of value.
        if (/^idempotency-key$/i.test(name)) expect([op.id, name, request.headers.get(name)]).toEqual([op.id, name, expect.stringMatching(/^[0-9a-f-]{36}$/i)]);
        else expect([op.id, name, request.headers.get(name)]).toEqual([op.id, name, value]);
      }
      const media = op.requestBody?.content[0];
      if (!media) {
        expect(request.body).toBeNull();
      } else if (!media.multipart) {
        expect([op.id, JSON.parse(await request.text())]).toEqual([op.id, JSON.parse(options.find(([flag]) => flag === "-d")?.[1] ?? "null")]);
      } else {
        const form = await request.formData();
        const sent = [...form.entries()].map(([name, value]) => [name, typeof value === "string" ? value : "(file)"]);
        const parts = options
          .filter(([flag]) => flag === "-F" || flag === "--form-string")
          .map(([flag, part]) => [part.slice(0, part.indexOf("=")), flag === "-F" && part.includes("=@") ? "(file)" : part.slice(part.indexOf("=") + 1)]);
        expect([op.id, sent]).toEqual([op.id, parts]);
      }
    }
  });

  it("writes openapi-fetch calls and webhook receivers that type-check against the contract's generated types", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "api-reference-"));
    try {
      const files = operations.map((op) => {
        const file = path.join(dir, `${op.id}.ts`);
        const source = op.snippets.fetch.replace(`from "./schema"`, `from ${JSON.stringify(path.join(ROOT, "src/contract/schema"))}`);
        fs.writeFileSync(file, `${source}\nexport { data, error };\n`);
        return file;
      });
      for (const hook of webhooks) {
        const file = path.join(dir, `${hook.id}.receiver.ts`);
        fs.writeFileSync(file, hook.receiver.replace(`from "./schema"`, `from ${JSON.stringify(path.join(ROOT, "src/contract/schema"))}`));
        files.push(file);
      }
      expect(files.length).toBe(operations.length + webhooks.length);
      const program = ts.createProgram(files, {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
        types: ["node"],
        typeRoots: [path.join(ROOT, "node_modules/@types")],
        baseUrl: ROOT,
        paths: {
          "openapi-fetch": [path.join(ROOT, "node_modules/openapi-fetch")],
          express: [path.join(ROOT, "node_modules/@types/express")],
          standardwebhooks: [path.join(ROOT, "node_modules/standardwebhooks")],
        },
        skipLibCheck: true,
      });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.basename(d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
      expect(diagnostics).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("is plain JSON (Gatsby's page context)", () => {
    expect(JSON.parse(JSON.stringify(model))).toEqual(model);
  });
});

describe("the events of the contract (x-webhooks)", () => {
  const EVENTS = Object.entries(contract["x-webhooks"]).flatMap(([name, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ name, method: method.toUpperCase(), op })),
  );

  it("has every event, in the group of its first tag after that group's calls", () => {
    expect(EVENTS.map((e) => e.name)).toContain("lead.created");
    expect(webhooks.map((w) => [w.name, w.method])).toEqual(EVENTS.map((e) => [e.name, e.method]));
    for (const { name, op } of EVENTS) {
      const hook = webhook(name);
      expect(hook.id).toBe(op.operationId);
      expect(hook.operationId).toBe(op.operationId);
      expect(hook.summary).toBe(op.summary);
      expect(hook.tag).toBe((op.tags as string[])[0]);
      expect(hook.description.length).toBeGreaterThan(0);
      expect(model.groups.find((g) => g.name === hook.tag)?.webhooks).toContain(hook);
    }
    const group = model.groups.find((g) => g.webhooks.some((w) => w.name === "lead.created"));
    expect(group?.name).toBe("Webhooks");
    expect(group?.operations.map((o) => o.id)).toContain("downloadAttachment");
    // Anchors: unique among the calls and events.
    const ids = [...operations.map((o) => o.id), ...webhooks.map((w) => w.id)];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("has lead.created's headers: name, required, description, pattern and its rule in words, example", () => {
    const hook = webhook("lead.created");
    expect(hook.method).toBe("POST");
    expect(hook.standardWebhooks).toBe(true);
    const declared = (contract["x-webhooks"]["lead.created"].post.parameters as Obj[]).map(deref);
    expect(hook.headers.map((h) => h.name)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
    for (const raw of declared) {
      const schema = deref(raw.schema);
      const header = hook.headers.find((h) => h.name === raw.name);
      expect(header).toEqual(
        expect.objectContaining({ in: "header", required: raw.required === true, type: schema.type, pattern: schema.pattern, patternMessage: schema["x-pattern-message"], example: raw.example }),
      );
      expect(header?.description).toEqual(parseText(String(raw.description)));
    }
  });

  it("has lead.created's payload: every field of LeadCreatedEvent, nested ones (data.attachments[].url) too, required as the schema says", () => {
    const hook = webhook("lead.created");
    const media = hook.requestBody?.content[0];
    expect(hook.requestBody?.required).toBe(true);
    expect(media?.mediaType).toBe("application/json");
    expect(media?.multipart).toBe(false);
    const schemas = (contract.components as { schemas: Record<string, Obj> }).schemas;
    const event = schemas.LeadCreatedEvent;
    const names = media?.fields.map((f) => f.name) ?? [];
    expect(names.filter((n) => !/[.[]/.test(n))).toEqual(Object.keys(event.properties as Obj));
    const data = (event.properties as Record<string, Obj>).data;
    for (const name of Object.keys(data.properties as Obj)) expect(names).toContain(`data.${name}`);
    for (const name of Object.keys(schemas.Attribution.properties as Obj)) expect(names).toContain(`data.attribution.${name}`);
    for (const name of Object.keys(schemas.WebhookAttachment.properties as Obj)) expect(names).toContain(`data.attachments[].${name}`);
    expectRequiredAsSchema(hook.id, media?.fields ?? [], event);
    const byName = new Map(media?.fields.map((f) => [f.name, f]));
    expect(byName.get("type")?.enum).toEqual(["lead.created"]);
    expect(byName.get("data.attachments")).toEqual(expect.objectContaining({ type: "array of object", maxItems: 10 }));
    expect(byName.get("data.attachments[].url")).toEqual(expect.objectContaining({ type: "string", format: "uri", required: true }));
    expect(byName.get("data.mailType")?.patternMessage).toBe("must be lowercase letters and underscores");
  });

  it("has every example of each event (its payload, its answers) and its answers", () => {
    for (const { name, op } of EVENTS) {
      const hook = webhook(name);
      const shown = [...(hook.requestBody?.content ?? []), ...hook.responses.map(full).flatMap((r) => r.content)].flatMap((m) => m.examples.map((e) => e.json));
      const examples = contractExamples(op);
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) expect(shown).toContain(example);
      expect(hook.responses.map((r) => r.status)).toEqual(Object.keys(op.responses as Obj).sort());
      for (const response of hook.responses) expect(response.description.length).toBeGreaterThan(0);
    }
    const examples = webhook("lead.created").requestBody?.content[0].examples ?? [];
    expect(examples.map((e) => e.name)).toEqual(["contactEnquiry", "jobApplication"]);
    expect(examples[1].summary).toBe("A job application with its two files");
  });

  it("writes a receiver that verifies with standardwebhooks: signed examples accepted (its 2xx), forged or stale ones refused, before the body is read", async () => {
    const hook = webhook("lead.created");
    expect(hook.receiver).toContain(`import { Webhook } from "standardwebhooks";`);
    expect(hook.receiver).toContain("new Webhook(process.env.WEBHOOK_SECRET");
    expect(hook.receiver).toContain("webhook.verify(req.body, req.headers");
    expect(hook.receiver).toContain(`components["schemas"]["LeadCreatedEvent"]`);

    const secret = `whsec_${Buffer.from("a secret for the reference's test").toString("base64")}`;
    const logged: unknown[][] = [];
    const servers: http.Server[] = [];
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const realExpress = require("express") as typeof import("express");
    // express() as the receiver calls it, listening on a free port instead of 3000.
    const express = Object.assign(() => {
      const app = realExpress();
      (app as unknown as { listen: () => http.Server }).listen = () => {
        const server = http.createServer(app).listen(0, "127.0.0.1");
        servers.push(server);
        return server;
      };
      return app;
    }, realExpress);
    await runSnippet(
      hook.receiver,
      { express: { default: express }, standardwebhooks: await import("standardwebhooks") },
      { process: { env: { WEBHOOK_SECRET: secret } }, console: { log: (...args: unknown[]) => logged.push(args) } },
    );
    expect(servers).toHaveLength(1);
    const server = servers[0];
    try {
      await new Promise((resolve) => (server.listening ? resolve(undefined) : server.once("listening", resolve)));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
      const signer = new StandardWebhook(secret);
      const send = (body: string, id: string, at: Date, signature?: string) =>
        fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", "webhook-id": id, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signature ?? signer.sign(id, at, body) },
          body,
        });
      const success = hook.responses.find((r) => /^2/.test(r.status))?.status;
      for (const example of hook.requestBody?.content[0].examples ?? []) {
        const body = JSON.stringify(JSON.parse(example.json));
        const answer = await send(body, "msg_01a21a79e65e700195db599687aa1dd6", new Date());
        expect([example.name, answer.status]).toEqual([example.name, Number(success)]);
        expect(logged.pop()).toEqual(["lead.created", "msg_01a21a79e65e700195db599687aa1dd6", JSON.parse(example.json)]);
      }
      const body = JSON.stringify(JSON.parse(hook.requestBody?.content[0].examples[0].json ?? "{}"));
      const forged = new StandardWebhook(`whsec_${Buffer.from("another secret, not the endpoint's").toString("base64")}`).sign("msg_1", new Date(), body);
      expect((await send(body, "msg_1", new Date(), forged)).status).toBe(400);
      expect((await send(body.replace("Amira", "Mallory"), "msg_1", new Date(), signer.sign("msg_1", new Date(), body))).status).toBe(400);
      expect((await send(body, "msg_1", new Date(Date.now() - 10 * 60_000))).status).toBe(400);
      expect(logged).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the description text", () => {
  it("reads paragraphs, bullet lists with continued lines, and inline code", () => {
    const blocks = parseText("First line\nsame paragraph with `code`.\n\n- one\n  continued\n- two `x`\n\nLast.");
    expect(blocks).toEqual([
      { kind: "p", inlines: [{ text: "First line same paragraph with ", code: false }, { text: "code", code: true }, { text: ".", code: false }] },
      { kind: "ul", items: [[{ text: "one continued", code: false }], [{ text: "two ", code: false }, { text: "x", code: true }]] },
      { kind: "p", inlines: [{ text: "Last.", code: false }] },
    ]);
    expect(parseText("")).toEqual([]);
    expect(parseText("Intro:\n- a\n- b")).toEqual([
      { kind: "p", inlines: [{ text: "Intro:", code: false }] },
      { kind: "ul", items: [[{ text: "a", code: false }], [{ text: "b", code: false }]] },
    ]);
  });

  it("quotes shell words, single quotes included", () => {
    expect(shellWords(`curl ${shellQuote("O'Brien; rm -rf /")}`)).toEqual(["curl", "O'Brien; rm -rf /"]);
  });
});
