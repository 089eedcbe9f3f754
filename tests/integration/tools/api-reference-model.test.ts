/**
 * The API reference page's model (src/api-reference/model.ts), made from the
 * real openapi.yaml: every operation is there, every field with its rules,
 * every example of the contract, and the calls the page offers to copy are
 * correct: the curl bodies are the contract's examples and pass the server's
 * own validator (the ajv express-openapi-validator builds), and the
 * openapi-fetch calls type-check against the generated contract types.
 */
import fs from "fs";
import os from "os";
import path from "path";
import ts from "typescript";
import yaml from "js-yaml";
import { modelFromYaml, shellQuote, type ApiReferenceModel, type Operation, type Response } from "../../../src/api-reference/model";
import { parseText } from "../../../src/api-reference/text";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const TEXT = fs.readFileSync(path.join(ROOT, "openapi.yaml"), "utf8");
type Obj = Record<string, unknown>;
const contract = yaml.load(TEXT) as Obj & { paths: Record<string, Record<string, Obj>>; info: Obj };
const BASE_URL = "https://www.example.com";
const model: ApiReferenceModel = modelFromYaml(TEXT, { baseUrl: BASE_URL });
const operations = model.groups.flatMap((g) => g.operations);
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

/** Reads POSIX shell words in single quotes (as shellQuote writes them) and bare words. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      word += command.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === "\\" && command[i + 1] === "'") {
      word += "'";
      i++;
      inWord = true;
    } else if (c === "\\" && command[i + 1] === "\n") {
      i++;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** The options of a curl command line: [flag, value] pairs. */
function curlOptions(command: string): [string, string][] {
  const words = shellWords(command);
  expect(words[0]).toBe("curl");
  const options: [string, string][] = [];
  for (let i = 1; i < words.length; i++) if (words[i].startsWith("-")) options.push([words[i], words[++i]]);
  return options;
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
      for (const field of fields) {
        const names = field.name.split(/\.|\[\]\./);
        let parent = deref(schema);
        for (const name of names.slice(0, -1)) {
          const child = deref((parent.properties as Obj)[name]);
          parent = deref(child.type === "array" ? child.items : child);
        }
        const required = new Set((parent.required as string[]) ?? []);
        expect([op.id, field.name, field.required]).toEqual([op.id, field.name, required.has(names[names.length - 1])]);
      }
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

  it("sends the Idempotency-Key header the contract declares on a POST, in curl and in openapi-fetch", () => {
    for (const op of operations.filter((o) => o.method === "POST")) {
      const key = op.parameters.find((p) => p.in === "header" && p.name === "Idempotency-Key");
      if (!key) continue;
      expect(curlOptions(op.snippets.curl)).toContainEqual(["-H", `Idempotency-Key: ${key.example}`]);
      expect(op.snippets.fetch).toContain(`"Idempotency-Key": ${JSON.stringify(key.example)}`);
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

  it("writes openapi-fetch calls that type-check against the contract's generated types", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "api-reference-"));
    try {
      const files = operations.map((op) => {
        const file = path.join(dir, `${op.id}.ts`);
        const source = op.snippets.fetch.replace(`from "./schema"`, `from ${JSON.stringify(path.join(ROOT, "src/contract/schema"))}`);
        fs.writeFileSync(file, `${source}\nexport { data, error };\n`);
        return file;
      });
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
        paths: { "openapi-fetch": [path.join(ROOT, "node_modules/openapi-fetch")] },
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
