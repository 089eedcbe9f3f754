#!/usr/bin/env node
/**
 * The conformance suite of the Industrial Equipment Group forms API: tests any
 * server that claims to implement the contract, over HTTP alone.
 *
 *   npx forms-api-conformance --base-url http://host:port [--spec openapi.yaml]
 *
 * Options: --base-url URL (the server under test; required), --spec FILE or
 * URL (openapi.yaml, or a server's published http://host/api/v1/openapi.json;
 * by default the contract this package was released with), --seed N, --runs
 * N (valid cases per operation), --max-upload-mb N (the documented file
 * limit; read from the contract, else 10), --timeout-ms N (per request),
 * --max-wait N (seconds of 429 waits allowed in all), --shrink-seconds N
 * (seconds spent looking for a smaller failing case, per check that fails;
 * 0 reports the first failing case as it is).
 *
 * For every operation of the contract it sends requests generated from the
 * schemas (fast-check, seeded): valid bodies must get the documented success;
 * each rule broken one at a time must get 400 naming that field; a body type
 * the operation does not take 415; a body or file over the limit 413; another
 * method on the path 405; and unknown paths under /api 404. Where the contract
 * declares them: the same Idempotency-Key and body answer the first answer
 * again and another body 422; If-None-Match with the ETag received 304. No
 * answer may be a 5xx, and every answer is checked against the contract's
 * response for its status (content type, body, declared headers). A 429 is
 * checked too, then waited out (Retry-After, else RateLimit's t=) and the
 * request sent again. A failing case is shrunk (fewer and shorter values)
 * for at most --shrink-seconds, and the smallest one found is reported.
 *
 * Probes (where the contract has them, 1.4.0): GET /api/health/live
 * (getLiveness) and GET /api/health/ready (getReadiness) must answer their
 * documented success with Cache-Control: no-store (a cached answer would
 * hide the server's state from the load balancer), every time.
 *
 * Proof of work (where the contract has the challenge call and the Altcha
 * header, 1.3.0): every submission expected to succeed carries a fresh
 * challenge, solved, sent no earlier than its sendAfter (a retry with the
 * same Idempotency-Key a new one); bodies leave the spam trap out. The
 * challenge call must answer 200 with a SubmissionChallenge, Cache-Control:
 * no-store and a fresh challenge each call that can be solved; a submission
 * without a proof, with a used proof or with the trap filled must still get
 * the documented success. A server without the challenge call fails that
 * call's line; its form calls are tested with submissions sent without a
 * proof.
 *
 * Catalogue (contract 1.5.0): a field marked x-catalogue (a quotation item's
 * product) is checked by the server against the catalogue of the site it
 * serves, which the contract does not list. The suite reads the products
 * from the site under test (--catalogue-url, by default
 * <base-url>/assets/json/products.json: the link of each record), or takes
 * them from --product SLUG (repeatable). Valid bodies name products of that
 * catalogue; a body naming a value of the field's form that is not in it
 * must be refused (422, or 400) with a message naming the value. Without a
 * catalogue, the operations with such a field fail, saying why.
 *
 * Prints one line per operation and "N passed, M failed";
 * exits 1 on any failure (2 on bad options).
 */
import fc from "fast-check";
import { randomUUID } from "crypto";
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";
import { parseArgs } from "util";
import { declaredResponse, documentedUploadLimitMb, loadContract, mediaType, METHODS, operationsOf, responseProblems } from "../lib/contract.mjs";
import { arbitraryOf, breakingsOf, catalogueFieldsOf, flatten, isFileSchema, isSpamTrap, uncheckedArbitraryOf, useCatalogue, withValueAt } from "../lib/generate.mjs";
import { makeDocuments, oversizePdf } from "../lib/documents.mjs";
import { encodeMultipart, makeSender, RateLimitExceeded } from "../lib/http.mjs";
import { challengeProblems, makeProofPool, solve } from "../lib/proof.mjs";

/** The contract this package was released with (copied in when it is packed). */
const PACKAGED_SPEC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../openapi.yaml");
const DEFAULT_SEED = 20260101;

/** Challenges kept on their way (fetched and solved ahead), so submissions wait for their sendAfter side by side. */
const PROOF_POOL_SIZE = 32;

const { values: options } = parseArgs({
  options: {
    "base-url": { type: "string" },
    spec: { type: "string" },
    seed: { type: "string", default: String(DEFAULT_SEED) },
    runs: { type: "string", default: "30" },
    "max-upload-mb": { type: "string" },
    "timeout-ms": { type: "string", default: "30000" },
    "max-wait": { type: "string", default: "120" },
    "shrink-seconds": { type: "string", default: "30" },
    product: { type: "string", multiple: true },
    "catalogue-url": { type: "string" },
    help: { type: "boolean", default: false },
  },
});

if (options.help) {
  console.log(fs.readFileSync(fileURLToPath(import.meta.url), "utf8").split("*/")[0].replace(/^#!.*\n\/\*\*\n/, "").replace(/^ \* ?/gm, ""));
  process.exit(0);
}

const positiveNumber = (name) => {
  const value = Number(options[name]);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`--${name} must be a positive number (got ${JSON.stringify(options[name])})`);
    process.exit(2);
  }
  return value;
};
const seed = Math.trunc(Number(options.seed));
if (!Number.isInteger(seed)) {
  console.error(`--seed must be an integer (got ${JSON.stringify(options.seed)})`);
  process.exit(2);
}
const runs = Math.trunc(positiveNumber("runs"));
const timeoutMs = positiveNumber("timeout-ms");
const maxWaitSeconds = positiveNumber("max-wait");
const shrinkSeconds = Number(options["shrink-seconds"]);
if (!Number.isFinite(shrinkSeconds) || shrinkSeconds < 0) {
  console.error(`--shrink-seconds must be a number of at least 0 (got ${JSON.stringify(options["shrink-seconds"])})`);
  process.exit(2);
}

if (!options["base-url"]) {
  console.error("--base-url is required: the address of the server to test (e.g. --base-url http://localhost:8000)");
  process.exit(2);
}
const spec = options.spec ?? (fs.existsSync(PACKAGED_SPEC) ? PACKAGED_SPEC : undefined);
if (!spec) {
  console.error("--spec is required here: the contract to test against (openapi.yaml, or the server's published /api/v1/openapi.json)");
  process.exit(2);
}

let contract;
try {
  contract = await loadContract(spec);
} catch (err) {
  console.error(`The contract could not be read from ${spec}: ${err.message}`);
  process.exit(2);
}
const uploadLimitMb = options["max-upload-mb"] !== undefined ? positiveNumber("max-upload-mb") : (documentedUploadLimitMb(contract) ?? 10);
const documents = await makeDocuments();

const baseUrl = options["base-url"].replace(/\/+$/, "");

// ---------------------------------------------------------------------------

const operations = operationsOf(contract);

// --- The served catalogue (contract 1.5.0: fields marked x-catalogue) ------------------------------------------------

/** The catalogues the contract's request bodies check fields against (x-catalogue), by name. */
const catalogueNames = new Set(
  operations.flatMap(({ op }) => Object.values(op.requestBody?.content ?? {}).flatMap((media) => catalogueFieldsOf(media.schema ?? {}).map((field) => field.catalogue))),
);
/** Why a catalogue has no values, by name (the operations with its fields fail with this). */
const catalogueMissing = new Map();
/** The values of each catalogue, by name. */
const catalogueValues = new Map();
/** What the run says of the catalogues, after its first lines. */
const catalogueLines = [];

/**
 * The products of the site under test: --product, else the site's product
 * list (--catalogue-url, by default /assets/json/products.json: an array of
 * records whose `link` is a product's slug, or of slugs).
 */
async function loadProducts() {
  if (options.product?.length) return { values: options.product, from: "--product" };
  const url = options["catalogue-url"] ?? `${baseUrl}/assets/json/products.json`;
  let response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
  } catch (err) {
    throw new Error(`${url} could not be fetched (${err.message})`);
  }
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  let records;
  try {
    records = JSON.parse(await response.text());
  } catch {
    throw new Error(`${url} is not JSON`);
  }
  const values = (Array.isArray(records) ? records : []).map((r) => (typeof r === "string" ? r : (r?.link ?? r?.slug))).filter((v) => typeof v === "string" && v !== "");
  if (values.length === 0) throw new Error(`${url} lists no product (an array of records with a link, or of slugs)`);
  return { values, from: url };
}

for (const name of catalogueNames) {
  if (name !== "products") {
    catalogueMissing.set(name, `the suite knows no source for the catalogue "${name}"`);
    continue;
  }
  try {
    const { values, from } = await loadProducts();
    catalogueValues.set(name, values);
    useCatalogue(name, values);
    catalogueLines.push(`catalogue: ${values.length} products from ${from}`);
  } catch (err) {
    catalogueMissing.set(name, `${err.message}; pass --product SLUG (one or more) or --catalogue-url URL`);
  }
}
for (const [name, why] of catalogueMissing) catalogueLines.push(`! no catalogue of ${name}: ${why}`);
/** Per status: where the suite met it without the contract declaring it there (checked against another declaration instead). */
const warnings = new Map();
let aborted;

/** The error response of the contract: the one operations declare for 400. */
const errorResponse = operations.map(({ op }) => op.responses?.["400"]).find(Boolean);

/**
 * The response to check an answer against: the operation's, else the one
 * another operation declares for that status, else the error response (the
 * one declared for 400). Without an operation (an unknown path, a method the
 * path does not list) the contract has nowhere to declare the answer, and its
 * description gives every failure the error shape.
 */
function responseFor(operation, status, where) {
  const declared = operation ? declaredResponse(operation.op, status) : undefined;
  if (declared) return declared;
  const elsewhere = operations.map(({ op }) => op.responses?.[String(status)]).find(Boolean);
  const fallback = elsewhere ?? (status >= 400 ? errorResponse : undefined);
  // An unknown path or a method a path does not list has no operation to declare its answer on: the error shape, silently.
  if (fallback && operation) {
    const key = `${status}, checked against ${elsewhere ? "the response other operations declare for it" : "the error response (400)"}`;
    warnings.set(key, [...(warnings.get(key) ?? []), where]);
  }
  return fallback;
}

class Failure extends Error {}

/** The request in words for a failure report (bodies cut at 600 characters). */
function describe(request, shown) {
  const text = shown === undefined ? "" : typeof shown === "string" ? shown : JSON.stringify(shown);
  const type = request.headers?.["content-type"] ? ` (${mediaType(request.headers["content-type"])})` : "";
  return `${request.method.toUpperCase()} ${request.path}${type}${text ? ` ${text.length > 600 ? `${text.slice(0, 600)}…` : text}` : ""}`;
}

/** Checks one answer: never a 5xx, the expected status, and what the contract declares for it. */
function check(operation, where, request, shown, answer, expected) {
  const said = () => `${answer.text.slice(0, 300)}${answer.text.length > 300 ? "…" : ""}`;
  const fail = (what) => {
    throw new Failure(`${what}\n    request: ${describe(request, shown)}\n    answer: ${answer.status} ${said()}`);
  };
  if (answer.status >= 500) fail(`answered ${answer.status}, a server error`);
  if (expected !== undefined && answer.status !== expected) fail(`expected ${expected}, got ${answer.status}`);
  const response = responseFor(operation, answer.status, where);
  if (!response) fail(`the contract declares no response ${answer.status} for ${where}`);
  const problems = responseProblems(response, answer);
  if (problems.length > 0) fail(`the ${answer.status} answer does not match the contract: ${problems.join("; ")}`);
  return answer;
}

let currentOperation;
const rateLimitProblems = [];
const sender = makeSender({
  baseUrl,
  timeoutMs,
  maxWaitSeconds,
  onRateLimited: (request, answer) => {
    try {
      check(currentOperation, currentOperation?.label ?? describe(request), request, undefined, answer, 429);
    } catch (err) {
      rateLimitProblems.push(err.message);
    }
  },
});

async function send(request, through = sender) {
  try {
    return await through.send(request);
  } catch (err) {
    if (err instanceof RateLimitExceeded) aborted = err.message;
    throw err instanceof RateLimitExceeded ? err : new Failure(`no answer: ${err.message}\n    request: ${describe(request)}`);
  }
}

// --- Proof of work (contract 1.3.0: the challenge call and the Altcha header of the form calls) ----------------------

/** The call that issues challenges: the GET with its operationId, else its path; undefined in a contract without one. */
const challengeOperation =
  operations.find(({ method, op }) => method === "get" && op.operationId === "getSubmissionChallenge") ??
  operations.find(({ method, path: p }) => method === "get" && p === "/api/v1/contact/challenge");
/** The probes of an orchestrator or load balancer (contract 1.4.0), by operationId, else by path. */
const PROBES = [
  ["getLiveness", "/api/health/live"],
  ["getReadiness", "/api/health/ready"],
];
const isProbe = (operation) =>
  operation.method === "get" && PROBES.some(([operationId, probePath]) => operation.op.operationId === operationId || operation.path === probePath);

/** The name of the header an operation takes a proof in (the contract's ProofOfWork parameter), if it takes one. */
const proofHeaderOf = (operation) => operation.parameters.find((p) => p.in === "header" && /^altcha$/i.test(p.name))?.name;

const challengeProblemsOf = [];
/** Challenge calls go through a sender of their own: a 429 there is checked against the challenge call. */
const proofSender = makeSender({
  baseUrl,
  timeoutMs,
  maxWaitSeconds,
  onRateLimited: (request, answer) => {
    try {
      check(challengeOperation, challengeOperation.label, request, undefined, answer, 429);
    } catch (err) {
      challengeProblemsOf.push(err.message);
    }
  },
});

/** A challenge from the server: { challenge, receivedAt }; throws (a Failure) when the call does not give one. */
async function fetchChallenge() {
  const request = { method: "get", path: challengeOperation.path, headers: {} };
  const answer = await send(request, proofSender);
  const receivedAt = Date.now();
  if (answer.status !== 200) throw new Failure(`${challengeOperation.label} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  let challenge;
  try {
    challenge = JSON.parse(answer.text);
  } catch {
    throw new Failure(`${challengeOperation.label} answered 200 without JSON: ${answer.text.slice(0, 200)}`);
  }
  return { challenge, receivedAt, answer };
}

/** The pool of proofs the form submissions take theirs from; undefined when the server gives none (see proofsOff). */
let proofs;
/** Why the form submissions go without a proof, when they do. */
let proofsOff;

/**
 * Whether the server gives challenges the suite can solve: one challenge asked
 * for and solved before the form calls are tested. When it does not, the form
 * calls are still tested, their submissions sent without a proof; the
 * challenge call's own line reports what is wrong.
 */
async function setUpProofs() {
  if (!challengeOperation) return;
  try {
    const { challenge, receivedAt } = await fetchChallenge();
    await solve(challenge, receivedAt, timeoutMs);
    proofs = makeProofPool({ fetchChallenge, size: PROOF_POOL_SIZE, solveTimeoutMs: timeoutMs });
  } catch (err) {
    // Waiting out 429s took the --max-wait allowed: every line reports it (aborted).
    if (err instanceof RateLimitExceeded) return;
    proofsOff = err.message.split("\n")[0];
  }
}

/** The request with a fresh proof in its proof header (after the proof's sendAfter), when the operation takes one and the server gives them. */
async function withProof(operation, request) {
  const name = proofHeaderOf(operation);
  if (!name || !proofs) return request;
  let header;
  try {
    header = await proofs.next();
  } catch (err) {
    if (err instanceof RateLimitExceeded) throw err;
    throw new Failure(`no proof of work could be had for a submission: ${err.message}\n    request: ${describe(request)}`);
  }
  return { ...request, headers: { ...request.headers, [name]: header } };
}

/** A path with its parameters filled in, and the query string. */
function pathWith(template, values, parameters) {
  let out = template;
  const query = new URLSearchParams();
  for (const parameter of parameters) {
    const value = values[parameter.name];
    if (value === undefined) continue;
    const text = typeof value === "string" ? value : JSON.stringify(value);
    if (parameter.in === "path") out = out.replace(`{${parameter.name}}`, encodeURIComponent(text));
    if (parameter.in === "query") query.append(parameter.name, text);
  }
  const search = query.toString();
  return search ? `${out}?${search}` : out;
}

/**
 * The generated values of the parameters: every required one, and optional
 * query parameters sometimes. Optional headers are left out (an
 * Idempotency-Key has meaning across requests).
 */
function parametersArbitrary(parameters) {
  const chosen = parameters.filter((p) => p.schema && (p.required || p.in === "query") && ["path", "query", "header"].includes(p.in));
  if (chosen.length === 0) return fc.constant({});
  return fc.record(Object.fromEntries(chosen.map((p) => [p.name, arbitraryOf(p.schema)])), { requiredKeys: chosen.filter((p) => p.required).map((p) => p.name) });
}

function headersOf(parameters, values) {
  const headers = {};
  for (const p of parameters) if (p.in === "header" && values[p.name] !== undefined) headers[p.name] = String(values[p.name]);
  return headers;
}

/** A body as bytes of one media type: JSON, multipart (every value as text, lists as JSON, files as documents), or text. */
function encodeBody(type, body, schema) {
  if (type === "multipart/form-data") {
    const properties = flatten(schema ?? {}).properties ?? {};
    const parts = [];
    for (const [name, value] of Object.entries(body ?? {})) {
      if (value === undefined || value === null) continue;
      const marker = typeof value === "string" && /^file:(\w+)$/.exec(value);
      if (marker && documents[marker[1]] && properties[name] && isFileSchema(properties[name])) parts.push({ name, file: documents[marker[1]] });
      else parts.push({ name, value: typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value) });
    }
    return encodeMultipart(parts);
  }
  if (type === "application/json" || type.endsWith("+json")) return { contentType: type, body: JSON.stringify(body) };
  return { contentType: type, body: typeof body === "string" ? body : JSON.stringify(body) };
}

const successStatus = (op) =>
  Object.keys(op.responses ?? {})
    .filter((s) => /^2\d\d$/.test(s))
    .map(Number)
    .sort((a, b) => a - b)[0];

/** An error answer names the field: some errors[].path has it as a segment. */
function namesField(answer, field) {
  let body;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return false;
  }
  return Array.isArray(body?.errors) && body.errors.some((e) => typeof e?.path === "string" && e.path.split(/[/.]/).includes(field));
}

/**
 * Runs one property; returns the number of cases, throws a Failure with the shrunk counterexample's report.
 * Shrinking sends a request (or a few) per smaller case it tries: once --shrink-seconds have passed since the
 * first failure, the cases left are passed over without sending anything, so fast-check ends at once with the
 * smallest failing case found so far.
 */
async function property(arbitrary, numRuns, predicate) {
  let firstFailure;
  let shrinkingCut = false;
  const result = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      if (aborted) return; // rate-limit waits ran out: stop sending, shrinking included
      if (firstFailure !== undefined && Date.now() - firstFailure >= shrinkSeconds * 1000) {
        shrinkingCut = true;
        return;
      }
      try {
        await predicate(value);
      } catch (err) {
        firstFailure ??= Date.now();
        throw err;
      }
    }),
    { seed, numRuns },
  );
  if (aborted) throw new Failure(aborted);
  if (result.failed) {
    const error = result.errorInstance;
    const message = error instanceof Failure ? error.message : String(error?.message ?? error ?? result.error);
    if (!shrinkingCut) throw new Failure(message);
    const note = shrinkSeconds === 0 ? "the first failing case, not shrunk (--shrink-seconds 0)" : `the smallest failing case found in ${shrinkSeconds} s of shrinking (--shrink-seconds)`;
    throw new Failure(`${message}\n    (${note})`);
  }
  return result.numRuns;
}

/** The checks of one operation with a request body. */
async function bodyChecks(operation) {
  const { method, path: template, op, parameters, label } = operation;
  let cases = 0;
  const expected = successStatus(op);
  const params = parametersArbitrary(parameters);
  for (const [declaredType, media] of Object.entries(op.requestBody.content ?? {})) {
    const type = mediaType(declaredType);
    const schema = media.schema ?? {};
    const multipart = type === "multipart/form-data";
    const catalogueFields = catalogueFieldsOf(schema);
    for (const field of catalogueFields) {
      if (catalogueMissing.has(field.catalogue)) {
        throw new Failure(`${field.path.join(".")} is checked against the served catalogue of ${field.catalogue} (x-catalogue), and the suite has none: ${catalogueMissing.get(field.catalogue)}`);
      }
    }
    const bodies = arbitraryOf(schema);
    const requestOf = (values, body, asType = type, extraHeaders = {}) => {
      const encoded = encodeBody(asType, body, schema);
      return { method, path: pathWith(template, values, parameters), headers: { ...headersOf(parameters, values), "content-type": encoded.contentType, ...extraHeaders }, body: encoded.body };
    };

    // Valid bodies, each with a fresh proof of work (where the contract has them): the documented success, in the documented shape.
    cases += await property(fc.tuple(params, bodies), runs, async ([values, body]) => {
      const request = await withProof(operation, requestOf(values, body));
      check(operation, label, request, body, await send(request), expected);
    });

    // What the contract holds back for review is still answered as a success: a submission without a proof, with a proof
    // already used, and with the spam trap filled (each with an otherwise valid body).
    const proofName = proofHeaderOf(operation);
    const trapField = Object.keys(flatten(schema).properties ?? {}).find((name) => isSpamTrap(flatten(schema).properties[name]));
    if (proofName && proofs) {
      cases += await property(fc.tuple(params, bodies), 1, async ([values, body]) => {
        const heldBack = async (why, request, shown) => {
          try {
            check(operation, label, request, shown, await send(request), expected);
          } catch (err) {
            throw err instanceof Failure ? new Failure(`${why} must still be answered ${expected} (held back for review, not refused): ${err.message}`) : err;
          }
        };
        await heldBack(`a submission without ${proofName}`, requestOf(values, body), body);
        const proven = await withProof(operation, requestOf(values, body));
        check(operation, label, proven, body, await send(proven), expected);
        const reused = requestOf(values, body);
        await heldBack(`a submission with an ${proofName} proof already used`, { ...reused, headers: { ...reused.headers, [proofName]: proven.headers[proofName] } }, body);
        if (trapField) {
          const trapped = { ...body, [trapField]: "https://offers.example.com/" };
          await heldBack(`a submission with the spam trap ${trapField} filled`, await withProof(operation, requestOf(values, trapped)), trapped);
        }
      });
    }

    // Each rule broken one at a time: 400 naming the field.
    const [sample] = fc.sample(bodies, { numRuns: 1, seed });
    const ruleRuns = Math.max(2, Math.ceil(runs / 10));
    for (const breaking of breakingsOf(schema, sample, { multipart })) {
      cases += await property(fc.tuple(params, bodies, fc.constantFrom(...breaking.values)), ruleRuns, async ([values, body, value]) => {
        const broken = breaking.apply(body, value);
        const request = requestOf(values, broken);
        const answer = check(operation, label, request, broken, await send(request), 400);
        if (!namesField(answer, breaking.field)) {
          throw new Failure(
            `the 400 answer to a body breaking "${breaking.rule}" of ${breaking.field} does not name ${breaking.field} in errors[].path\n    request: ${describe(request, broken)}\n    answer: ${answer.text.slice(0, 300)}`,
          );
        }
      });
    }

    // A field checked against the served catalogue (x-catalogue) with a value of its form that is not in it: refused
    // (422, or 400) with a message naming the value. Valid bodies above took theirs from the catalogue.
    for (const field of catalogueFields) {
      const known = new Set(catalogueValues.get(field.catalogue));
      const unknown = uncheckedArbitraryOf(field.schema).filter((value) => !known.has(value));
      const where = field.path.join(".");
      cases += await property(fc.tuple(params, bodies, unknown), Math.max(2, Math.ceil(runs / 10)), async ([values, body, value]) => {
        const changed = withValueAt(body, field.path, value);
        if (changed === undefined) return;
        const request = await withProof(operation, requestOf(values, changed));
        const answer = check(operation, label, request, changed, await send(request));
        if (answer.status !== 422 && answer.status !== 400) {
          throw new Failure(`a body whose ${where} is not in the served catalogue of ${field.catalogue} (${JSON.stringify(value)}) must be refused (422, or 400), got ${answer.status}\n    request: ${describe(request, changed)}\n    answer: ${answer.text.slice(0, 300)}`);
        }
        let message;
        try {
          message = JSON.parse(answer.text)?.message;
        } catch {
          message = undefined;
        }
        if (typeof message !== "string" || !message.includes(value)) {
          throw new Failure(`the ${answer.status} answer to a body whose ${where} is not in the served catalogue does not name it (${JSON.stringify(value)}) in its message\n    request: ${describe(request, changed)}\n    answer: ${answer.text.slice(0, 300)}`);
        }
      });
    }

    // Idempotency-Key (when the operation takes it): the same key and body answer the first answer again; another body 422.
    const keyHeader = parameters.find((p) => p.in === "header" && /^idempotency-key$/i.test(p.name));
    if (keyHeader && op.responses?.["422"]) {
      const twoBodies = fc.tuple(bodies, bodies).filter(([a, b]) => JSON.stringify(a) !== JSON.stringify(b));
      cases += await property(fc.tuple(params, twoBodies), 2, async ([values, [body, other]]) => {
        const key = { [keyHeader.name]: randomUUID() };
        const first = await withProof(operation, requestOf(values, body, type, key));
        const firstAnswer = check(operation, label, first, body, await send(first), expected);
        // Sent again as a client retries: the same key and body, with a proof of its own (a proof is used once).
        const again = await withProof(operation, requestOf(values, body, type, key));
        const replay = check(operation, label, again, body, await send(again), expected);
        if (replay.text !== firstAnswer.text) {
          throw new Failure(`the same ${keyHeader.name} with the same body did not answer the first answer again\n    request: ${describe(again, body)}\n    first: ${firstAnswer.text}\n    again: ${replay.text}`);
        }
        const changed = await withProof(operation, requestOf(values, other, type, key));
        check(operation, label, changed, other, await send(changed), 422);
      });
      // Two identical requests with one new key at once: one submission. Each answer is the first 201 (sent again) or,
      // while the other is still handled, 409 when the contract declares it.
      const concurrent = op.responses?.["409"] ? [expected, 409] : [expected];
      cases += await property(fc.tuple(params, bodies), 1, async ([values, body]) => {
        const request = await withProof(operation, requestOf(values, body, type, { [keyHeader.name]: randomUUID() }));
        const answers = await Promise.all([send(request), send(request)]);
        for (const answer of answers) {
          check(operation, label, request, body, answer, concurrent.includes(answer.status) ? answer.status : expected);
        }
        const created = answers.filter((a) => a.status === expected);
        if (created.length === 0 || new Set(created.map((a) => a.text)).size > 1) {
          throw new Failure(
            `two requests at once with the same ${keyHeader.name} and body must give one submission (one ${expected}, the other the same ${expected} or 409)\n    request: ${describe(request, body)}\n    answers: ${answers.map((a) => `${a.status} ${a.text.slice(0, 200)}`).join(" | ")}`,
          );
        }
      });
    }

    // A body type the operation does not take: 415.
    const declaredTypes = Object.keys(op.requestBody.content).map(mediaType);
    for (const other of ["application/json", "multipart/form-data", "text/plain", "application/x-www-form-urlencoded"].filter((t) => !declaredTypes.includes(t))) {
      cases += await property(fc.tuple(params, bodies), 1, async ([values, body]) => {
        const request =
          other === "application/x-www-form-urlencoded"
            ? { ...requestOf(values, body), headers: { ...requestOf(values, body).headers, "content-type": other }, body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, v !== null && typeof v === "object" ? JSON.stringify(v) : String(v)])).toString() }
            : requestOf(values, body, other);
        check(operation, label, request, `(${other}) ${JSON.stringify(body)}`, await send(request), 415);
      });
    }

    // Over the size limit: a file (or, without files, the whole body) of the limit plus 1 KB: 413.
    const limitBytes = Math.round(uploadLimitMb * 1024 * 1024);
    const properties = flatten(schema).properties ?? {};
    const fileField = Object.keys(properties).find((name) => isFileSchema(properties[name]));
    cases += await property(fc.tuple(params, bodies), 1, async ([values, body]) => {
      let request;
      let shown;
      if (multipart && fileField) {
        const big = { ...documents.pdf, content: oversizePdf(documents.pdf.content, limitBytes + 1024) };
        const parts = Object.entries(body)
          .filter(([name, v]) => v !== undefined && v !== null && name !== fileField)
          .map(([name, v]) => (typeof v === "string" && /^file:\w+$/.test(v) && documents[v.slice(5)] ? { name, file: documents[v.slice(5)] } : { name, value: typeof v === "string" ? v : JSON.stringify(v) }));
        parts.push({ name: fileField, file: big });
        const encoded = encodeMultipart(parts);
        request = { method, path: pathWith(template, values, parameters), headers: { ...headersOf(parameters, values), "content-type": encoded.contentType }, body: encoded.body };
        shown = `${fileField}: a PDF of ${big.content.length} bytes (limit ${uploadLimitMb} MB)`;
      } else {
        const stringField = Object.keys(properties).find((name) => flatten(properties[name]).type === "string") ?? "padding";
        const padded = { ...body, [stringField]: "a".repeat(limitBytes + 1024) };
        request = requestOf(values, padded);
        shown = `${stringField}: ${limitBytes + 1024} characters (a body over ${uploadLimitMb} MB)`;
      }
      check(operation, label, request, shown, await send(request), 413);
    });
  }
  return cases;
}

/**
 * The checks of one operation without a body (GET): the documented success, a
 * few times. A call marked `x-signed-link` (a link only the server can sign,
 * like a webhook's file links) cannot succeed with values made up here: a
 * made-up link must be refused, 403.
 */
async function bodilessChecks(operation) {
  const { method, path: template, parameters, label, op } = operation;
  const expected = op["x-signed-link"] ? 403 : successStatus(op);
  let cases = await property(parametersArbitrary(parameters), Math.min(runs, 5), async (values) => {
    const request = { method, path: pathWith(template, values, parameters), headers: headersOf(parameters, values) };
    const answer = check(operation, label, request, undefined, await send(request), expected);
    if (operation === challengeOperation) challengeAnswerChecks(request, answer);
    if (isProbe(operation)) noStoreCheck("probe", request, answer, "a cache could answer for the server, and hide that it is down or not ready");
  });
  if (operation === challengeOperation) cases += await challengeChecks(operation);
  // Conditional GET (when the operation takes If-None-Match and declares 304): the ETag received gets 304, another one the document.
  const conditional = parameters.find((p) => p.in === "header" && /^if-none-match$/i.test(p.name));
  if (conditional && op.responses?.["304"]) {
    cases += await property(parametersArbitrary(parameters), 1, async (values) => {
      const plain = { method, path: pathWith(template, values, parameters), headers: headersOf(parameters, values) };
      const first = check(operation, label, plain, undefined, await send(plain), expected);
      const etag = first.headers.etag;
      if (!etag) throw new Failure(`no ETag on the ${expected} answer, so ${conditional.name} cannot be used\n    request: ${describe(plain)}`);
      const same = { ...plain, headers: { ...plain.headers, [conditional.name]: etag } };
      const notModified = check(operation, label, same, `${conditional.name}: ${etag}`, await send(same), 304);
      if (notModified.text.length > 0) throw new Failure(`the 304 answer has a body\n    request: ${describe(same, `${conditional.name}: ${etag}`)}`);
      const other = { ...plain, headers: { ...plain.headers, [conditional.name]: '"another-version"' } };
      check(operation, label, other, `${conditional.name}: "another-version"`, await send(other), expected);
    });
  }
  return cases;
}

/** A challenge is never cached: its answer says Cache-Control: no-store. */
function challengeAnswerChecks(request, answer) {
  noStoreCheck("challenge", request, answer, "a cache could give one challenge to several submissions");
}

/** The answer says Cache-Control: no-store; else a Failure naming what (`what`) and why it matters. */
function noStoreCheck(what, request, answer, why) {
  const cacheControl = answer.headers["cache-control"];
  if (!/(?:^|,)\s*no-store\s*(?:,|$)/i.test(cacheControl ?? "")) {
    throw new Failure(`the ${what}'s Cache-Control is ${cacheControl === undefined ? "missing" : JSON.stringify(cacheControl)}, not no-store: ${why}\n    request: ${describe(request)}`);
  }
}

/** The challenge call gives a fresh challenge each time, one the suite can solve and send before it expires. */
async function challengeChecks(operation) {
  return property(fc.constant(null), 1, async () => {
    const [a, b] = [await fetchChallenge(), await fetchChallenge()];
    const request = { method: "get", path: operation.path };
    for (const { answer } of [a, b]) challengeAnswerChecks(request, check(operation, operation.label, request, undefined, answer, 200));
    if (a.challenge.parameters.nonce === b.challenge.parameters.nonce) {
      throw new Failure(`two calls gave the same challenge (nonce ${a.challenge.parameters.nonce}): each call must give a fresh one\n    request: ${describe(request)}`);
    }
    const problems = challengeProblems(a.challenge);
    if (problems.length > 0) throw new Failure(`the challenge cannot be used: ${problems.join("; ")}\n    answer: ${a.answer.text.slice(0, 300)}`);
    try {
      await solve(a.challenge, a.receivedAt, timeoutMs);
    } catch (err) {
      throw new Failure(`${err.message}\n    answer: ${a.answer.text.slice(0, 300)}`);
    }
    if (challengeProblemsOf.length > 0) throw new Failure(challengeProblemsOf[0]);
  });
}

/** Every method the path does not list: 405. */
async function wrongMethodChecks(template) {
  const item = contract.paths[template];
  const concrete = template.replace(/\{[^}]+\}/g, "x");
  let cases = 0;
  for (const method of METHODS.filter((m) => !item[m])) {
    const request = { method, path: concrete, headers: { "content-type": "application/json" }, body: "{}" };
    check(undefined, `${method.toUpperCase()} ${template}`, request, "{}", await send(request), 405);
    cases += 1;
  }
  return cases;
}

/** Paths under /api the contract does not list: 404, for GET and POST. */
async function unknownPathChecks() {
  const known = Object.keys(contract.paths).map((p) => new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`));
  const segment = fc.stringMatching(/^[a-z0-9_-]{1,12}$/);
  const paths = fc
    .tuple(fc.constantFrom("/api/", "/api/v1/", "/api/v1/contact/"), fc.array(segment, { minLength: 1, maxLength: 3 }), fc.constantFrom("get", "post"))
    .map(([prefix, segments, method]) => ({ path: prefix + segments.join("/"), method }))
    .filter(({ path: p }) => !known.some((re) => re.test(p)));
  return property(paths, Math.min(runs, 10), async ({ path: p, method }) => {
    const request = method === "post" ? { method, path: p, headers: { "content-type": "application/json" }, body: "{}" } : { method, path: p };
    check(undefined, `${method.toUpperCase()} ${p}`, request, undefined, await send(request), 404);
  });
}

// ---------------------------------------------------------------------------

const started = Date.now();
const specName = /^https?:/i.test(spec) ? spec : path.relative(process.cwd(), spec) || spec;
console.log(`Conformance of ${baseUrl} to ${specName} (${contract.info?.title ?? ""} ${contract.info?.version ?? ""})`);
console.log(`seed ${seed} (--seed ${seed} repeats this run), ${runs} valid cases per operation, file limit ${uploadLimitMb} MB`);

await setUpProofs();
if (proofsOff) console.log(`! no proof of work: ${proofsOff}; the form submissions are sent without one`);
for (const text of catalogueLines) console.log(text);

const results = [];
const pathsChecked = new Set();
async function line(label, run) {
  if (aborted) {
    results.push(false);
    console.log(`✗ ${label}  not run: ${aborted}`);
    return;
  }
  try {
    const cases = await run();
    results.push(true);
    console.log(`✓ ${label}  ${cases} cases`);
  } catch (err) {
    results.push(false);
    const message = err instanceof Failure || err instanceof RateLimitExceeded ? err.message : (err?.stack ?? String(err));
    console.log(`✗ ${label}  ${message}`);
  }
}

for (const operation of operations) {
  currentOperation = operation;
  rateLimitProblems.length = 0;
  await line(operation.label, async () => {
    let cases = operation.op.requestBody ? await bodyChecks(operation) : await bodilessChecks(operation);
    if (!pathsChecked.has(operation.path)) {
      pathsChecked.add(operation.path);
      cases += await wrongMethodChecks(operation.path);
    }
    if (rateLimitProblems.length > 0) throw new Failure(rateLimitProblems[0]);
    return cases;
  });
}
currentOperation = undefined;
await line("unknown paths under /api", unknownPathChecks);

for (const [what, where] of warnings) {
  const [status, checked] = what.split(/, (.*)/);
  console.log(`! ${status} is not declared by the contract for ${where.length} answer${where.length > 1 ? "s" : ""} (e.g. ${where[0]}); ${checked}`);
}
const requests = sender.stats.requests + proofSender.stats.requests;
const rateLimited = sender.stats.rateLimited + proofSender.stats.rateLimited;
const waitedSeconds = sender.stats.waitedSeconds + proofSender.stats.waitedSeconds;
if (rateLimited > 0) console.log(`rate limited ${rateLimited} times (429), waited ${Math.round(waitedSeconds)} s in all, then retried`);
if (proofs) console.log(`${proofs.stats.challenges} challenges solved (${(proofs.stats.solveMs / 1000).toFixed(1)} s of solving)`);
const passed = results.filter(Boolean).length;
const failed = results.length - passed;
console.log(`${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; seed ${seed}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
