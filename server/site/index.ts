import { basePath, langOfPath, LANGS, localePath } from "../../src/shared/i18n/lang";
import express, { type ErrorRequestHandler, type Request, type Response, type NextFunction, type Router } from "express";
import compression from "compression";
import fs from "fs";
import path from "path";
import { createPagePolicies, cspHeaderName, pagePolicy, type CspMode } from "./csp";
import { ADMIN_ROBOTS, isAdminPath } from "./admin-policy";
import { StaticFiles } from "./static-files";
import { createSearchPageRenderer, servedQuery } from "./search-page";
import { SEARCH_PATH } from "../../src/shared/utils/search";
import { internalErrorLog, routeOf, type InternalErrorLog } from "../http-log";
import { logger } from "../log";

/** The answer to an internal error: a plain page, no detail. */
export function sendInternalError(res: Response): void {
  res.status(500).setHeader("Cache-Control", "no-store");
  res.type("html").send("<!doctype html><title>Server error</title><h1>Server error</h1><p>Something went wrong on our side. Please try again later.</p>");
}

/** Long-lived caching for files whose name carries a content hash. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** HTML and page data change with every build: the browser revalidates them. */
export const REVALIDATE = "public, max-age=0, must-revalidate";

/**
 * The content-addressed paths: everything under /static/ and webpack's chunks
 * and CSS (name-hash.ext, name.hash.ext). Plain patterns without flags: the
 * nginx generator (server/deploy/nginx-config.ts) writes them into its config.
 */
export const HASHED_PATHS: readonly RegExp[] = [/^\/static\//, /-[0-9a-f]{16,}\.(js|css)$/, /\.[0-9a-f]{16,}\.(js|css)$/];

/** Whether a path of the build is content-addressed (cached for a year). */
export function isHashed(urlPath: string): boolean {
  return HASHED_PATHS.some((pattern) => pattern.test(urlPath));
}

/**
 * Headers of every answer of the site (its pages, files, redirects and 404s):
 * no MIME sniffing, the address of the page sent to other hosts as its origin
 * only. A reverse proxy or static host in front sends the same
 * (server/deploy/).
 */
export const SITE_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/** Addresses that lead to the home page with a permanent redirect. */
export const HOME_ALIASES = ["/home", "/home/"];

/** The site's 404 page in the build. */
export const NOT_FOUND_PAGE = "404.html";

/** Origin used to resolve a redirect target: the answer must stay on it. */
const SITE_BASE = new URL("http://site.invalid/");

/**
 * Where a redirect to `pathname` (then `search`) leads on this site, or
 * undefined when it could lead elsewhere. A browser reads `//host`, `/\host`
 * and `/<tab>/host` as another host, so leading slashes and backslashes are
 * collapsed into one slash, and a target with a backslash, space or control
 * character, or one that still resolves to `//...` (`/.//host`), is refused.
 */
export function localRedirectTarget(pathname: string, search = ""): string | undefined {
  const target = `/${pathname.replace(/^[/\\]+/, "")}`;
  if (/[\\\s\p{Cc}]/u.test(target + search)) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(target + search, SITE_BASE);
  } catch {
    return undefined;
  }
  const local = resolved.pathname + resolved.search;
  if (resolved.origin !== SITE_BASE.origin || !/^\/(?![/\\])/.test(local)) return undefined;
  return local;
}

/**
 * A request path decoded once, with `.` and `..` resolved; undefined when it
 * is malformed (bad percent-encoding, NUL or another control character), a
 * request the site answers with 400.
 */
export function decodedPath(urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (/\p{Cc}/u.test(decoded)) return undefined;
  return path.posix.normalize(decoded.replace(/\\/g, "/"));
}

/** Webpack's statistics, the build's file list (src/build/build-assets.ts) and Gatsby's chunk map: build internals no page fetches (scripts/build/precompress.mjs leaves them uncompressed). */
export const BUILD_INTERNAL_FILES = ["webpack.stats.json", "webpack.assets.json", "chunk-map.json"];

/**
 * Files of the build that are not part of the site: source maps (they give
 * away the source) and the build internals, and their compressed forms
 * (`.br`, `.gz`, which the build writes beside text files).
 */
export function isBuildInternal(decoded: string): boolean {
  const name = path.posix.basename(decoded).toLowerCase().replace(/(\.(br|gz))+$/, "");
  return name.endsWith(".map") || BUILD_INTERNAL_FILES.includes(name);
}

/**
 * Whether a Range header is a valid set of byte ranges (RFC 9110 §14.1.1):
 * `bytes=` and a list of `first-last` (last not below first), `first-` or
 * `-suffix`. A server ignores an invalid one and sends the whole file (200);
 * only a valid one that starts past the end is answered 416.
 */
export function isValidByteRanges(header: string): boolean {
  const found = /^bytes=(.*)$/i.exec(header);
  if (!found) return true; // another unit: not ours to judge, and ignored when sending
  const specs = found[1]
    .split(",")
    .map((spec) => spec.trim())
    .filter((spec) => spec !== "");
  return (
    specs.length > 0 &&
    specs.every((spec) => {
      const range = /^(\d+)-(\d*)$/.exec(spec);
      if (range) return range[2] === "" || BigInt(range[2]) >= BigInt(range[1]);
      return /^-\d+$/.test(spec);
    })
  );
}

/** Statuses the file sender answers a request's own headers with (If-Match, If-Unmodified-Since: 412; Range: 416), sent as they are. */
const HEADER_STATUSES: Record<number, string> = { 412: "Precondition failed", 416: "Range not satisfiable" };

/** A failure with the status a client caused (4xx), like send's 400 for a malformed path. */
function clientErrorStatus(err: unknown): number | undefined {
  const status = (err as { status?: unknown; statusCode?: unknown } | null)?.status ?? (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? status : undefined;
}

/**
 * Serves the Gatsby build: hashed assets cached for a year, HTML and page data
 * revalidated, `/about-us` answered with `about-us/index.html`, a trailing
 * slash redirected away, `/home` leading to `/`, `/search?query=...` with its
 * results rendered (server/site/search-page.tsx), and the site's 404 page with
 * status 404 for anything else. The build's text files are sent from memory,
 * compressed at build time (server/site/static-files.ts); the rest (images,
 * videos, documents) from the disk.
 */
export function siteRouter(publicDir: string, csp: CspMode = "enforce", log: InternalErrorLog = internalErrorLog(logger())): Router {
  const router = express.Router();
  const englishNotFoundPage = path.join(publicDir, NOT_FOUND_PAGE);
  const arabicNotFoundPage = path.join(publicDir, "ar", NOT_FOUND_PAGE);
  const cspHeader = cspHeaderName(csp);
  const files = new StaticFiles(publicDir, {
    cacheControl: (urlPath) => (isHashed(urlPath) ? IMMUTABLE : REVALIDATE),
    policyHeader: cspHeader,
    policyOf: (html, urlPath) => pagePolicy(urlPath, html),
  });
  const policyOfFile = createPagePolicies(publicDir);
  /** Each page's own Content-Security-Policy (server/site/csp.ts), computed when the build was loaded. */
  const setPolicy = (res: Response, file: string) => {
    if (cspHeader && file.endsWith(".html")) res.setHeader(cspHeader, files.entryOf(file)?.policy ?? policyOfFile(file));
  };

  /** The site's 404 page with this status (404, or 400 for a malformed address), or a line of text. */
  const sendMissing = (req: Request, res: Response, status: number) => {
    res.status(status);
    // An address under /ar is answered with the Arabic 404 page.
    const notFoundPage = langOfPath(req.path) === "ar" && fs.existsSync(arabicNotFoundPage) ? arabicNotFoundPage : englishNotFoundPage;
    const page = files.entryOf(notFoundPage);
    if (req.accepts("html") && page) {
      files.send(req, res, page, status);
    } else if (req.accepts("html") && fs.existsSync(notFoundPage)) {
      res.setHeader("Cache-Control", REVALIDATE);
      setPolicy(res, notFoundPage);
      res.sendFile(notFoundPage);
    } else {
      res.type("text/plain").send(status === 400 ? "Bad request" : "Not found");
    }
  };

  // Every answer of the site: no MIME sniffing, the address of the page sent
  // to other hosts as its origin only. The pages' own Content-Security-Policy
  // (set per page below) also forbids framing by other sites
  // (frame-ancestors) and HSTS is for the TLS front to decide. Helmet's other
  // defaults are left out on purpose: measured with Lighthouse (mobile),
  // Cross-Origin-Opener-Policy and Origin-Agent-Cluster tripled the pages'
  // total blocking time (about 40 to about 150 ms) and cost the 100 score.
  const siteHeaders = Object.entries(SITE_HEADERS);
  router.use((req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of siteHeaders) res.setHeader(name, value);
    // The content editor (/admin) is never indexed (server/site/admin-policy.ts).
    if (isAdminPath(decodedPath(req.path) ?? req.path)) res.setHeader(ADMIN_ROBOTS[0], ADMIN_ROBOTS[1]);
    next();
  });

  // Malformed addresses are refused, build internals are not served.
  router.use((req: Request, res: Response, next: NextFunction) => {
    const decoded = decodedPath(req.path);
    if (decoded === undefined) {
      sendMissing(req, res, 400);
      return;
    }
    if (isBuildInternal(decoded)) {
      sendMissing(req, res, 404);
      return;
    }
    next();
  });

  router.get(HOME_ALIASES, (_req, res) => res.redirect(301, "/"));

  // The build's text files, from memory, compressed at build time.
  // The search page with a query is rendered below with its results.
  router.use(files.handler((req) => (basePath(req.path) === SEARCH_PATH && req.originalUrl.includes("?") ? undefined : decodedPath(req.path))));
  // Whatever else is compressible (a rendered search page, a file added after start) is compressed as it is sent.
  router.use(compression());

  // The search page with a query, in each language (/search, /ar/search), rendered with its results.
  for (const lang of LANGS) {
    const searchPath = localePath(lang, SEARCH_PATH);
    const searchPage = path.join(publicDir, ...searchPath.split("/").filter(Boolean), "index.html");
    const renderSearch = createSearchPageRenderer(publicDir, searchPage, lang);
    router.get(searchPath, (req: Request, res: Response, next: NextFunction) => {
      const queryStart = req.originalUrl.indexOf("?");
      const search = queryStart === -1 ? "" : req.originalUrl.slice(queryStart + 1);
      const query = req.path === searchPath ? servedQuery(new URLSearchParams(search)) : null;
      const html = query === null ? null : renderSearch(query);
      if (html === null) {
        next();
        return;
      }
      res.setHeader("Cache-Control", REVALIDATE);
      setPolicy(res, searchPage);
      res.type("html").send(html);
    });
  }

  // An invalid Range is ignored (the whole file), as RFC 9110 says; the file sender would answer some of them 416.
  router.use((req: Request, _res: Response, next: NextFunction) => {
    const range = req.headers.range;
    if (range !== undefined && !isValidByteRanges(range)) delete req.headers.range;
    next();
  });
  router.use(
    express.static(publicDir, {
      index: false,
      redirect: false,
      dotfiles: "ignore",
      setHeaders(res, filePath) {
        const urlPath = `/${path.relative(publicDir, filePath).split(path.sep).join("/")}`;
        res.setHeader("Cache-Control", isHashed(urlPath) ? IMMUTABLE : REVALIDATE);
        setPolicy(res as unknown as Response, filePath);
      },
    }),
  );

  router.get(/.*/, (req: Request, res: Response, next: NextFunction) => {
    const urlPath = req.path;
    if (urlPath.length > 1 && urlPath.endsWith("/")) {
      const queryStart = req.originalUrl.indexOf("?");
      const target = localRedirectTarget(urlPath.replace(/\/+$/, ""), queryStart === -1 ? "" : req.originalUrl.slice(queryStart));
      if (target === undefined) next();
      else res.redirect(301, target);
      return;
    }
    const decoded = decodedPath(urlPath);
    if (decoded === undefined) {
      next();
      return;
    }
    const file = path.join(publicDir, decoded, "index.html");
    if (!file.startsWith(publicDir + path.sep)) {
      next();
      return;
    }
    fs.stat(file, (err, stat) => {
      if (err || !stat.isFile()) {
        next();
        return;
      }
      res.setHeader("Cache-Control", REVALIDATE);
      setPolicy(res, file);
      res.sendFile(file);
    });
  });

  // Anything left is not a page of the site.
  router.use((req: Request, res: Response) => sendMissing(req, res, 404));

  // A failure a request caused (send's 400 for a malformed path) gets the
  // missing page with its status; anything else is logged and answered with
  // a plain 500 page, never a stack trace.
  const errorHandler: ErrorRequestHandler = (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const status = clientErrorStatus(err);
    if (status !== undefined && status in HEADER_STATUSES) {
      // A short answer of its own (416 with `Content-Range: bytes */size`), not the file's headers nor the 404 page.
      for (const name of res.getHeaderNames()) if (!siteHeaders.some(([kept]) => kept.toLowerCase() === name)) res.removeHeader(name);
      const headers = (err as { headers?: Record<string, string> }).headers ?? {};
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      res.status(status).setHeader("Cache-Control", "no-store");
      res.type("text/plain").send(HEADER_STATUSES[status]);
      return;
    }
    if (status !== undefined) {
      sendMissing(req, res, status === 404 ? 404 : 400);
      return;
    }
    log(`Internal error on ${req.method} ${routeOf(req, 500)}`, err, req);
    sendInternalError(res);
  };
  router.use(errorHandler);

  return router;
}
