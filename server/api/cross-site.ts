import type { Request, RequestHandler } from "express";
import { ApiError } from "./errors";

export const CROSS_SITE_MESSAGE = "This form can only be sent from this website's own pages, not from another website.";

/** Methods that change something: the ones another website must not make a visitor's browser send. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** host[:port] in lower case, without the scheme's default port. */
function normalHost(host: string): string {
  return host.toLowerCase().replace(/:(80|443)$/, "");
}

/**
 * Whether a browser sent this request for a page of another origin. Browsers
 * say where a request comes from in Sec-Fetch-Site: only `same-origin` (the
 * site's own forms) and `none` (typed or bookmarked by the visitor) are
 * taken; `same-site` (another host of the same domain) and `cross-site` are
 * not. A browser too old for Sec-Fetch-Site sends Origin, which must name
 * this host (`null`, sent from sandboxed frames and data: pages, is refused).
 * Without either header the request is not a browser's cross-site post
 * (curl, integrations, server-side clients) and is taken.
 */
export function isCrossSite(req: Request): boolean {
  const fetchSite = req.get("sec-fetch-site")?.trim().toLowerCase();
  if (fetchSite !== undefined && fetchSite !== "") return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = req.get("origin")?.trim();
  if (origin === undefined || origin === "") return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const host = req.host;
  return originHost === "" || host === undefined || normalHost(originHost) !== normalHost(host);
}

/** Refuses, with 403 in the API's error shape, a form post another website made a visitor's browser send. */
export const refuseCrossSitePosts: RequestHandler = (req, _res, next) => {
  if (!SAFE_METHODS.has(req.method) && isCrossSite(req)) {
    next(new ApiError(403, CROSS_SITE_MESSAGE));
    return;
  }
  next();
};
