import { createHash } from "crypto";
import type { IncomingHttpHeaders } from "http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import fresh from "fresh";
import fs from "fs";
import path from "path";
import zlib from "zlib";

/**
 * The build's text files (pages, scripts, styles, page data, SVG...), read
 * once when the server starts and sent from memory: the brotli and gzip forms
 * written at build time (scripts/build/precompress.mjs: `<file>.br`, `<file>.gz`)
 * are chosen by the request's Accept-Encoding, and every header of every
 * answer (type, length, validators, cache policy, the page's
 * Content-Security-Policy) is computed here, once. A request then costs a
 * table lookup and one write.
 *
 * The server must be restarted after a new build (a deployment does so); a
 * file added to the build while it runs is still served from the disk by the
 * routes after this one, without compression of its own.
 */

/** The same list as scripts/build/precompress.mjs (tests/integration/contract/precompressed.test.ts checks it). */
export const COMPRESSIBLE_EXTENSIONS = [".html", ".js", ".css", ".json", ".svg", ".xml", ".txt", ".webmanifest"];
/** Larger files stay on the disk (none of a normal build is near this). */
const MAX_IN_MEMORY_BYTES = 16 * 1024 * 1024;

/** The type of each text file of the build, as sent (the nginx generator, server/deploy/, sends the same). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
};

export type Encoding = "br" | "gzip" | "identity";

interface Variant {
  body: Buffer;
  etag: string;
  /** Every header of a 200 answer with this body. */
  headers: Record<string, string | number>;
  /** The headers of a 304 answer for it. */
  notModified: Record<string, string | number>;
}

export interface StaticEntry {
  /** The file in the build. */
  file: string;
  /** The page's Content-Security-Policy (HTML files, when a policy header is sent). */
  policy?: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

export interface StaticFilesOptions {
  /** Cache-Control of a file, by its path under the build (`/static/...`). */
  cacheControl(urlPath: string): string;
  /** The header that carries a page's policy (undefined: none). */
  policyHeader?: string;
  /** The policy of an HTML page, from its text and the path it is served at. */
  policyOf?(html: string, urlPath: string): string;
}

/** The compressed form written at build time, when it is there and not older than the file. */
function readBuiltForm(file: string, suffix: "br" | "gz", sourceMtimeMs: number): Buffer | undefined {
  try {
    const stat = fs.statSync(`${file}.${suffix}`);
    if (!stat.isFile() || stat.mtimeMs < sourceMtimeMs) return undefined;
    return fs.readFileSync(`${file}.${suffix}`);
  } catch {
    return undefined;
  }
}

/**
 * A build without its compressed forms (a development build, a test folder)
 * still gets compressed answers: made here once, at a lower quality that
 * takes milliseconds.
 */
function compressNow(data: Buffer, suffix: "br" | "gz"): Buffer {
  return suffix === "br"
    ? zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } })
    : zlib.gzipSync(data, { level: 6 });
}

function variant(body: Buffer, etag: string, base: Record<string, string | number>, encoding: Encoding): Variant {
  const headers: Record<string, string | number> = { ...base, ETag: etag, "Content-Length": body.length };
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  const notModified: Record<string, string | number> = { ETag: etag };
  for (const name of ["Cache-Control", "Last-Modified", "Vary"]) if (name in base) notModified[name] = base[name];
  return { body, etag, headers, notModified };
}

/** Reads one file of the build into an entry with its forms and headers. */
function loadEntry(file: string, urlPath: string, options: StaticFilesOptions): StaticEntry | undefined {
  const extension = path.extname(file).toLowerCase();
  const stat = fs.statSync(file);
  if (stat.size > MAX_IN_MEMORY_BYTES) return undefined;
  const data = fs.readFileSync(file);
  const tag = createHash("sha256").update(data).digest("base64url").slice(0, 27);
  const base: Record<string, string | number> = {
    "Content-Type": CONTENT_TYPES[extension] ?? "application/octet-stream",
    "Cache-Control": options.cacheControl(urlPath),
    "Last-Modified": stat.mtime.toUTCString(),
    Vary: "Accept-Encoding",
  };
  let policy: string | undefined;
  if (extension === ".html" && options.policyHeader && options.policyOf) {
    policy = options.policyOf(data.toString("utf8"), urlPath);
    base[options.policyHeader] = policy;
  }
  const entry: StaticEntry = { file, policy, identity: variant(data, `"${tag}"`, base, "identity") };
  for (const suffix of ["br", "gz"] as const) {
    const compressed = readBuiltForm(file, suffix, stat.mtimeMs) ?? compressNow(data, suffix);
    if (compressed.length >= data.length) continue;
    const encoding = suffix === "br" ? "br" : "gzip";
    entry[encoding] = variant(compressed, `"${tag}-${suffix}"`, base, encoding);
  }
  return entry;
}

/** The request paths that lead to a file: its own path, and for `x/index.html` the page's address `/x` (`/` for the home page). */
function addressesOf(relative: string): string[] {
  const urlPath = `/${relative.split(path.sep).join("/")}`;
  if (path.posix.basename(urlPath) !== "index.html") return [urlPath];
  const page = path.posix.dirname(urlPath);
  return [urlPath, page];
}

const preferenceCache = new Map<string, Encoding>();
const PREFERENCE_CACHE_LIMIT = 256;

/**
 * The encoding to send for an Accept-Encoding header: brotli when the client
 * takes it, else gzip, else the file as it is (identity is always acceptable
 * for a 200: a client refusing it gets it anyway rather than a 406).
 */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const cached = preferenceCache.get(header);
  if (cached) return cached;
  const quality: Partial<Record<string, number>> = {};
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split("=").map((s) => s.trim().toLowerCase());
      if (key === "q") q = Number.isFinite(Number(value)) ? Number(value) : 0;
    }
    quality[name] = q;
  }
  const of = (name: string) => quality[name] ?? quality["*"] ?? 0;
  const br = of("br");
  const gzip = Math.max(of("gzip"), quality["x-gzip"] ?? 0);
  const choice: Encoding = br > 0 && br >= gzip ? "br" : gzip > 0 ? "gzip" : "identity";
  if (preferenceCache.size < PREFERENCE_CACHE_LIMIT) preferenceCache.set(header, choice);
  return choice;
}

/** Whether the client's copy (If-None-Match, else If-Modified-Since) is the current one: `fresh`, as Express decides `req.fresh`. */
function isFresh(headers: IncomingHttpHeaders, chosen: Variant): boolean {
  return fresh(headers, { etag: chosen.etag, "last-modified": String(chosen.headers["Last-Modified"]) });
}

export class StaticFiles {
  private readonly byAddress = new Map<string, StaticEntry>();
  private readonly byFile = new Map<string, StaticEntry>();

  constructor(readonly publicDir: string, options: StaticFilesOptions) {
    if (!fs.existsSync(publicDir)) return;
    const walk = (folder: string) => {
      for (const item of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, item.name);
        if (item.isDirectory()) walk(full);
        else if (item.isFile() && COMPRESSIBLE_EXTENSIONS.includes(path.extname(item.name).toLowerCase())) {
          const relative = path.relative(publicDir, full);
          const addresses = addressesOf(relative);
          const entry = loadEntry(full, addresses[0], options);
          if (!entry) continue;
          this.byFile.set(full, entry);
          for (const address of addresses) this.byAddress.set(address, entry);
        }
      }
    };
    walk(publicDir);
  }

  /** The entry answering a decoded request path (`/`, `/about-us`, `/static/x.js`). */
  lookup(decodedPath: string): StaticEntry | undefined {
    return this.byAddress.get(decodedPath);
  }

  /** The entry of a file of the build (absolute path). */
  entryOf(file: string): StaticEntry | undefined {
    return this.byFile.get(file);
  }

  /** Sends an entry: the form the client takes best, 304 when its copy is current (for 200 answers). */
  send(req: Request, res: Response, entry: StaticEntry, status = 200): void {
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    const chosen = (encoding === "br" ? entry.br : encoding === "gzip" ? (entry.gzip ?? undefined) : undefined) ?? entry.identity;
    if (status === 200 && isFresh(req.headers, chosen)) {
      res.writeHead(304, chosen.notModified);
      res.end();
      return;
    }
    res.writeHead(status, chosen.headers);
    res.end(req.method === "HEAD" ? undefined : chosen.body);
  }

  /** GET and HEAD of any address the build holds in memory; anything else goes on. */
  handler(pathOf: (req: Request) => string | undefined): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== "GET" && req.method !== "HEAD") {
        next();
        return;
      }
      const decoded = pathOf(req);
      const entry = decoded === undefined ? undefined : this.byAddress.get(decoded);
      if (!entry) {
        next();
        return;
      }
      this.send(req, res, entry);
    };
  }
}
