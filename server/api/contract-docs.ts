import { createHash } from "crypto";
import express, { type RequestHandler, type Router } from "express";
import fresh from "fresh";
import fs from "fs";
import yaml from "js-yaml";
import zlib from "zlib";
import { ApiError } from "./errors";
import { preferredEncoding } from "../site/static-files";

/** Where the contract is published (under the app's /api). */
export const CONTRACT_JSON_PATH = "/api/v1/openapi.json";
export const CONTRACT_YAML_PATH = "/api/v1/openapi.yaml";
/** Where its human reference lives (a page of the site). */
export const API_REFERENCE_PATH = "/api-reference";

/** The Link header of every answer under /api (RFC 8631: service-desc, service-doc). */
export const SERVICE_LINK = `<${CONTRACT_JSON_PATH}>; rel="service-desc"; type="application/json", <${API_REFERENCE_PATH}>; rel="service-doc"; type="text/html"`;

/** Cached briefly by browsers and shared caches, then revalidated with the ETag (components.headers.ContractCacheControl). */
export const CONTRACT_CACHE_CONTROL = "public, max-age=300";

/** One served form of the contract: its bytes, media type and strong validator, and its compressed forms once asked for. */
interface Representation {
  body: Buffer;
  contentType: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The bytes to send for an Accept-Encoding: brotli or gzip (compressed at the
 * highest quality the first time, then kept) or the document as it is, each
 * with its own strong ETag.
 */
function encoded(doc: Representation, acceptEncoding: string | undefined): { body: Buffer; etag: string; encoding?: "br" | "gzip" } {
  const encoding = preferredEncoding(acceptEncoding);
  if (encoding === "identity") return { body: doc.body, etag: doc.etag };
  const body =
    encoding === "br"
      ? (doc.br ??= zlib.brotliCompressSync(doc.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: doc.body.length } }))
      : (doc.gzip ??= zlib.gzipSync(doc.body, { level: zlib.constants.Z_BEST_COMPRESSION }));
  return { body, etag: `${doc.etag.slice(0, -1)}-${encoding}"`, encoding };
}

function representation(text: string, contentType: string): Representation {
  const body = Buffer.from(text, "utf8");
  return { body, contentType, etag: `"${createHash("sha256").update(body).digest("base64url")}"` };
}

/** Both forms of the contract, read once: the YAML as it is kept, the JSON parsed from it. */
function readContract(apiSpec: string): { json: Representation; yaml: Representation } {
  const text = fs.readFileSync(apiSpec, "utf8");
  const document = yaml.load(text);
  return {
    json: representation(JSON.stringify(document), "application/json; charset=utf-8"),
    yaml: representation(text, "application/yaml; charset=utf-8"),
  };
}

/** Answers GET and HEAD with the document, or 304 when the client's copy is current. */
function serve(doc: Representation): RequestHandler {
  return (req, res) => {
    const form = encoded(doc, req.get("accept-encoding"));
    res.setHeader("ETag", form.etag);
    res.setHeader("Cache-Control", CONTRACT_CACHE_CONTROL);
    res.setHeader("Vary", "Accept-Encoding");
    // `fresh` compares entity tags weakly (RFC 9110 13.1.2): a cache that turned the tag into W/"…" still gets 304.
    if (fresh(req.headers, { etag: form.etag })) {
      res.status(304).end();
      return;
    }
    res.status(200).setHeader("Content-Type", doc.contentType);
    if (form.encoding) res.setHeader("Content-Encoding", form.encoding);
    res.setHeader("Content-Length", String(form.body.length));
    if (req.method === "HEAD") res.end();
    else res.end(form.body);
  };
}

/**
 * GET (and HEAD) /api/v1/openapi.json and /api/v1/openapi.yaml, mounted at
 * /v1 of the /api router: the contract, read once at start, with a strong
 * ETag, brief caching and CORS open to every origin (integrators' browser
 * tools fetch it; nothing else under /api is readable cross-origin). Other
 * methods are answered 405; a GET's headers are checked by the app's validator
 * of the contract.
 */
export function contractDocsRouter(options: { apiSpec: string; validator: RequestHandler[] }): Router {
  const docs = readContract(options.apiSpec);
  const router = express.Router();
  const routes: [string, Representation][] = [
    [CONTRACT_JSON_PATH.slice("/api/v1".length), docs.json],
    [CONTRACT_YAML_PATH.slice("/api/v1".length), docs.yaml],
  ];
  for (const [route, doc] of routes) {
    router.all(route, (req, res, next) => {
      res.setHeader("Access-Control-Allow-Origin", "*");
      res.setHeader("Access-Control-Expose-Headers", "ETag, Link");
      // helmet's same-origin policy would keep no-cors readers out; the contract is public.
      res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
      if (req.method !== "GET" && req.method !== "HEAD") {
        next(new ApiError(405, "This method is not allowed here.", undefined, { Allow: "GET, HEAD" }));
        return;
      }
      next();
    });
    // HEAD before GET (Express would hand a HEAD to the GET route): the validator knows GET only.
    router.head(route, serve(doc));
    router.get(route, ...options.validator, serve(doc));
  }
  return router;
}
