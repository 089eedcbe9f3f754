/**
 * Every example of openapi.yaml is valid, and every request body and every
 * answer with a body has one. Read from the contract generically: each
 * operation's parameters, request bodies (each media type) and responses
 * (each status, each media type, each declared header), through `$ref`s.
 *
 * Examples are validated with the server's own validator's ajv
 * (express-openapi-validator's createRequestAjv / createResponseAjv, with the
 * options server/api/index.ts gives it: every error, formats checked, ajv-formats
 * in "full" mode), so an example is valid here exactly when the server would
 * take it (a request) or send it (an answer).
 *
 * Multipart examples: the example shows the parts as the server validates
 * them once read: each text part as its text, a number part (sent as decimal
 * text) as the number, a list part (encoding application/json, sent as a
 * JSON-encoded array) as the array, and each file part (format binary) as the
 * name of the file sent in it. That form is validated against the schema as
 * it is; then it is turned into the parts a client sends (numbers as decimal
 * text, lists as JSON, files as real PDF/DOC/DOCX files of that name) and
 * posted to the real app, which must answer 201: so the example is also
 * valid on the wire, file names and all.
 */
import { createRequestAjv, createResponseAjv } from "express-openapi-validator/dist/framework/ajv";
import fs from "fs";
import path from "path";
import yaml from "js-yaml";
import request from "supertest";
import { ROOT, startTestApp, type TestApp } from "../../../testkit/contract-app";
import { makeDoc, makeDocx, makePdf } from "../../../testkit/documents";

const SPEC_PATH = path.join(ROOT, "openapi.yaml");
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

type Json = Record<string, unknown>;
const spec = yaml.load(fs.readFileSync(SPEC_PATH, "utf8")) as Json;

/** The object a local `$ref` (`#/components/...`) points to. */
function pointer(ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`only local $refs are read here: ${ref}`);
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => {
      if (node === null || typeof node !== "object" || !(key in node)) throw new Error(`$ref ${ref} points nowhere`);
      return (node as Json)[key];
    }, spec);
}

/** An object of the contract with its `$ref` (if any) followed. */
function deref<T = Json>(node: unknown): T {
  let current = node;
  for (let hops = 0; current && typeof current === "object" && "$ref" in current; hops++) {
    if (hops > 20) throw new Error("$ref loop");
    current = pointer((current as { $ref: string }).$ref);
  }
  return current as T;
}

interface Example {
  /** Where it is, e.g. `POST /api/v1/contact/careers requestBody multipart/form-data examples.fieldServiceEngineer`. */
  name: string;
  side: "request" | "response";
  schema: Json;
  value: unknown;
}

/** The examples of a media type object, parameter or header: `example`, or each of `examples`. */
function examplesOf(holder: Json, where: string, side: Example["side"], schema: Json): Example[] {
  const found: Example[] = [];
  if ("example" in holder) found.push({ name: `${where} example`, side, schema, value: holder.example });
  for (const [key, raw] of Object.entries((holder.examples as Json | undefined) ?? {})) {
    const example = deref<Json>(raw);
    const ref = (raw as { $ref?: string }).$ref;
    found.push({ name: `${where} examples.${key}${ref ? ` (${ref})` : ""}`, side, schema, value: example.value });
  }
  return found;
}

interface Operation {
  method: string;
  path: string;
  op: Json;
  pathItem: Json;
}

function operations(): Operation[] {
  const list: Operation[] = [];
  for (const [p, item] of Object.entries(spec.paths as Json)) {
    const pathItem = deref<Json>(item);
    for (const method of METHODS) {
      if (pathItem[method]) list.push({ method, path: p, op: pathItem[method] as Json, pathItem });
    }
  }
  return list;
}

const OPERATIONS = operations();

/** Every example of the contract, with the schema it must satisfy. */
function allExamples(): Example[] {
  const found: Example[] = [];
  for (const { method, path: p, op, pathItem } of OPERATIONS) {
    const at = `${method.toUpperCase()} ${p}`;
    const parameters = [...((pathItem.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])].map((x) => deref<Json>(x));
    for (const parameter of parameters) {
      found.push(...examplesOf(parameter, `${at} parameter ${parameter.name}`, "request", parameter.schema as Json));
    }
    if (op.requestBody) {
      const body = deref<Json>(op.requestBody);
      for (const [media, content] of Object.entries(body.content as Json)) {
        found.push(...examplesOf(content as Json, `${at} requestBody ${media}`, "request", (content as Json).schema as Json));
      }
    }
    for (const [status, raw] of Object.entries(op.responses as Json)) {
      const response = deref<Json>(raw);
      for (const [media, content] of Object.entries((response.content as Json | undefined) ?? {})) {
        found.push(...examplesOf(content as Json, `${at} ${status} ${media}`, "response", (content as Json).schema as Json));
      }
      for (const [name, header] of Object.entries((response.headers as Json | undefined) ?? {})) {
        const h = deref<Json>(header);
        found.push(...examplesOf(h, `${at} ${status} header ${name}`, "response", h.schema as Json));
      }
    }
  }
  return found;
}

/** The options server/api/index.ts gives express-openapi-validator, as its AjvOptions hands them to ajv. */
const AJV_OPTIONS = {
  strict: false,
  strictNumbers: true,
  strictTuples: true,
  allowUnionTypes: false,
  validateSchema: false,
  useDefaults: false,
  removeAdditional: false,
  allErrors: true,
  validateFormats: true,
  ajvFormats: { mode: "full" as const },
  formats: {},
  serDesMap: {},
};

type Validate = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
type AjvLike = { compile(schema: unknown): Validate };
// A copy each: the factory edits the document it is given.
const requestAjv = createRequestAjv(structuredClone(spec) as never, AJV_OPTIONS as never) as unknown as AjvLike;
const responseAjv = createResponseAjv(structuredClone(spec) as never, AJV_OPTIONS as never) as unknown as AjvLike;

/** The broken rules of a value under a schema of the contract, as `path message` lines; empty when valid. */
function problems(side: Example["side"], schema: Json, value: unknown): string[] {
  const validate = (side === "request" ? requestAjv : responseAjv).compile(schema);
  // The request validator may fill in defaults: validate a copy.
  if (validate(structuredClone(value))) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`);
}

const EXAMPLES = allExamples();

describe("examples of openapi.yaml", () => {
  it("are found (the walk reads the contract)", () => {
    expect(EXAMPLES.length).toBeGreaterThan(30);
    expect(EXAMPLES.some((e) => e.name.includes("multipart/form-data"))).toBe(true);
    expect(EXAMPLES.some((e) => e.name.includes(" header "))).toBe(true);
    expect(EXAMPLES.some((e) => e.name.includes(" parameter "))).toBe(true);
  });

  it.each(EXAMPLES.map((e) => [e.name, e] as const))("%s is valid under its schema", (_name, example) => {
    expect({ example: example.name, problems: problems(example.side, example.schema, example.value) }).toEqual({
      example: example.name,
      problems: [],
    });
  });

  it("a broken example is caught (the check can fail)", () => {
    const body = EXAMPLES.find((e) => e.name.includes("/contact_us requestBody"));
    expect(body).toBeDefined();
    const broken = { ...(body!.value as Json), phoneNumber: "+971 4 123 4567", extra: "field" };
    expect(problems("request", body!.schema, broken)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/phoneNumber must match pattern/), expect.stringMatching(/must NOT have additional properties/)]),
    );
    const error = EXAMPLES.find((e) => e.name.includes(" 400 application/json"));
    expect(problems("response", error!.schema, { errors: [] })).toEqual([expect.stringMatching(/must have required property 'message'/)]);
  });
});

describe("every request body and every answer with a body has an example", () => {
  const needs: string[] = [];
  for (const { method, path: p, op } of OPERATIONS) {
    const at = `${method.toUpperCase()} ${p}`;
    if (op.requestBody) {
      for (const media of Object.keys(deref<Json>(op.requestBody).content as Json)) needs.push(`${at} requestBody ${media}`);
    }
    for (const [status, raw] of Object.entries(op.responses as Json)) {
      for (const [media, content] of Object.entries((deref<Json>(raw).content as Json | undefined) ?? {})) {
        // A file answered as itself (a download) is bytes: no example in YAML can show them.
        if (deref<Json>((content as Json).schema).format === "binary") continue;
        needs.push(`${at} ${status} ${media}`);
      }
    }
  }

  it("lists the places that need one", () => {
    expect(needs.filter((n) => n.includes("requestBody")).length).toBeGreaterThanOrEqual(8);
    expect(needs.some((n) => / 400 /.test(n))).toBe(true);
  });

  it.each(needs)("%s", (place) => {
    expect(EXAMPLES.filter((e) => e.name.startsWith(`${place} `)).map((e) => e.name)).not.toEqual([]);
  });
});

/** A real file whose content matches the extension of the example's file name. */
function fileFor(name: string): Buffer {
  const extension = path.extname(name).toLowerCase();
  if (extension === ".pdf") return makePdf("Example");
  if (extension === ".docx") return makeDocx("Example");
  if (extension === ".doc") return makeDoc();
  throw new Error(`a file example must be named .pdf, .doc or .docx: ${name}`);
}

describe("request body examples are taken by the real server (201)", () => {
  let test: TestApp;
  beforeAll(() => {
    test = startTestApp();
  });
  afterAll(() => test.cleanup());

  const bodies: { name: string; method: string; path: string; media: string; value: Json; schema: Json; encoding: Json }[] = [];
  for (const { method, path: p, op } of OPERATIONS) {
    if (!op.requestBody) continue;
    for (const [media, content] of Object.entries(deref<Json>(op.requestBody).content as Json)) {
      const c = content as Json;
      for (const example of examplesOf(c, `${method.toUpperCase()} ${p} requestBody ${media}`, "request", c.schema as Json)) {
        bodies.push({ name: example.name, method, path: p, media, value: example.value as Json, schema: deref<Json>(c.schema), encoding: (c.encoding as Json) ?? {} });
      }
    }
  }

  it.each(bodies.map((b) => [b.name, b] as const))("%s", async (_name, body) => {
    let req = request(test.app)[body.method as "post"](body.path);
    if (body.media === "application/json") {
      req = req.send(body.value);
    } else if (body.media === "multipart/form-data") {
      const properties = (body.schema.properties ?? {}) as Json;
      for (const [field, value] of Object.entries(body.value)) {
        const schema = deref<Json>(properties[field]);
        const contentType = (body.encoding[field] as Json | undefined)?.contentType;
        if (schema.format === "binary") {
          expect(typeof value).toBe("string");
          req = req.attach(field, fileFor(value as string), value as string);
        } else if (contentType === "application/json") {
          req = req.field(field, JSON.stringify(value));
        } else if (typeof value === "number") {
          req = req.field(field, String(value));
        } else {
          expect(typeof value).toBe("string");
          req = req.field(field, value as string);
        }
      }
    } else {
      throw new Error(`no way to send ${body.media} here`);
    }
    const res = await req;
    expect({ example: body.name, status: res.status, body: res.body as unknown }).toEqual({ example: body.name, status: 201, body: expect.anything() });
  });
});
