import express, { type Request, type Response, type NextFunction, type Router } from "express";
import fs from "fs";
import path from "path";
import { createPagePolicies, cspHeaderName, type CspMode } from "./csp";
import { createSearchPageRenderer, servedQuery } from "./search-page";
import { SEARCH_PATH } from "../src/utils/search";

/** Long-lived caching for files whose name carries a content hash. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** HTML and page data change with every build: the browser revalidates them. */
const REVALIDATE = "public, max-age=0, must-revalidate";

/** Webpack chunks and CSS (name-hash.ext) and everything under /static/ are content-addressed. */
function isHashed(urlPath: string): boolean {
  return urlPath.startsWith("/static/") || /-[0-9a-f]{16,}\.(js|css)$/.test(urlPath) || /\.[0-9a-f]{16,}\.(js|css)$/.test(urlPath);
}

/**
 * Serves the Gatsby build: hashed assets cached for a year, HTML and page data
 * revalidated, `/about-us` answered with `about-us/index.html`, a trailing
 * slash redirected away, `/home` leading to `/`, `/search?query=...` with its
 * results rendered (server/search-page.tsx), and the site's 404 page with
 * status 404 for anything else.
 */
export function siteRouter(publicDir: string, csp: CspMode = "enforce"): Router {
  const router = express.Router();
  const notFoundPage = path.join(publicDir, "404.html");
  const cspHeader = cspHeaderName(csp);
  const policyOf = createPagePolicies();
  /** Each page's own Content-Security-Policy (server/csp.ts). */
  const setPolicy = (res: Response, file: string) => {
    if (cspHeader && file.endsWith(".html")) res.setHeader(cspHeader, policyOf(file));
  };

  router.get(["/home", "/home/"], (_req, res) => res.redirect(301, "/"));

  const searchPage = path.join(publicDir, "search", "index.html");
  const renderSearch = createSearchPageRenderer(publicDir, searchPage);
  router.get(SEARCH_PATH, (req: Request, res: Response, next: NextFunction) => {
    const query = req.path === SEARCH_PATH ? servedQuery(new URL(req.originalUrl, "http://localhost").searchParams) : null;
    const html = query === null ? null : renderSearch(query);
    if (html === null) {
      next();
      return;
    }
    res.setHeader("Cache-Control", REVALIDATE);
    setPolicy(res, searchPage);
    res.type("html").send(html);
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
      const query = req.originalUrl.slice(req.path.length);
      res.redirect(301, urlPath.replace(/\/+$/, "") + query);
      return;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
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
  router.use((req: Request, res: Response) => {
    res.status(404);
    if (req.accepts("html") && fs.existsSync(notFoundPage)) {
      res.setHeader("Cache-Control", REVALIDATE);
      setPolicy(res, notFoundPage);
      res.sendFile(notFoundPage);
    } else {
      res.type("text/plain").send("Not found");
    }
  });

  return router;
}
